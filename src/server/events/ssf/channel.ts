import type { Hub } from '../../hub';
import type { DbOrTx } from '../../db/client';
import type { ClaimedDelivery } from '../delivery/queries';
import { loadClient } from '../../oauth/clients/service';
import { findStreamTargets } from './queries';
import { permanentSetError, pushSet, signSet } from './set';
import type { SendOptions, SendResult } from '../webhooks/channel';

/** The sealing context of a stream's push Authorization header (in its endpoint's secret_enc). */
export const SSF_AUTHORIZATION_CONTEXT = 'ssf_streams.authorization_header';

/** The audience and owner of each SSF stream among a pass's claimed deliveries, by endpoint id. */
export type StreamTargets = Map<string, { audience: string; clientId: string }>;

/** One query per pass, and none when the pass holds no SSF delivery. */
export async function ssfStreamsOf(db: DbOrTx, claimed: ClaimedDelivery[]): Promise<StreamTargets> {
  const ids = [...new Set(claimed.filter((c) => c.endpoint.channel === 'ssf').map((c) => c.endpoint.id))];
  return ids.length ? findStreamTargets(db, ids) : new Map();
}

/**
 * One SSF push: the SET signed now with the active key and sent as RFC 8935 says. `permanent`
 * is set when the receiver refused the SET itself (400): the worker then gives that delivery up
 * instead of retrying it.
 */
export async function sendToStream(
  hub: Hub,
  { delivery, endpoint }: ClaimedDelivery,
  streams: StreamTargets,
  options: SendOptions,
): Promise<SendResult & { permanent: string | null }> {
  const target = streams.get(endpoint.id);
  if (!target) return { statusCode: null, latencyMs: 0, error: 'the stream is gone', permanent: 'the stream is gone' };
  // A deactivated client no longer speaks for anyone: it hears nothing about the hub's users either.
  if (!(await loadClient(hub, target.clientId))?.isActive) {
    const why = "the stream's client is inactive";
    return { statusCode: null, latencyMs: 0, error: why, permanent: why };
  }
  let authorization: string;
  try {
    authorization = hub.secrets.open(endpoint.secretEnc, SSF_AUTHORIZATION_CONTEXT);
  } catch {
    return {
      statusCode: null,
      latencyMs: 0,
      error: 'the authorization header cannot be opened (master key?)',
      permanent: null,
    };
  }
  const set = await signSet(hub, delivery, target.audience);
  const result = await pushSet(endpoint.url, set, authorization, { ...options, userAgent: 'EcosystemHub-SSF/1' });
  return {
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    error: result.error,
    permanent: permanentSetError(result),
  };
}
