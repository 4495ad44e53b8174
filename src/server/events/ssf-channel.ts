import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import type { ClaimedDelivery } from './queries';
import { findStreamAudiences } from './ssf-queries';
import { permanentSetError, pushSet, signSet } from './ssf-set';
import type { SendOptions, SendResult } from './webhooks';

/** The sealing context of a stream's push Authorization header (in its endpoint's secret_enc). */
export const SSF_AUTHORIZATION_CONTEXT = 'ssf_streams.authorization_header';

/** The audience of each SSF stream among a pass's claimed deliveries (endpoint id → aud). */
export type StreamTargets = Map<string, string>;

/** One query per pass, and none when the pass holds no SSF delivery. */
export async function ssfStreamsOf(db: DbOrTx, claimed: ClaimedDelivery[]): Promise<StreamTargets> {
  const ids = [...new Set(claimed.filter((c) => c.endpoint.channel === 'ssf').map((c) => c.endpoint.id))];
  return ids.length ? findStreamAudiences(db, ids) : new Map();
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
  const audience = streams.get(endpoint.id);
  if (!audience)
    return { statusCode: null, latencyMs: 0, error: 'the stream is gone', permanent: 'the stream is gone' };
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
  const set = await signSet(hub, delivery, audience);
  const result = await pushSet(endpoint.url, set, authorization, { ...options, userAgent: 'EcosystemHub-SSF/1' });
  return {
    statusCode: result.statusCode,
    latencyMs: result.latencyMs,
    error: result.error,
    permanent: permanentSetError(result),
  };
}
