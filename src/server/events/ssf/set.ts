import type { Hub } from '../../hub';
import type { WebhookDelivery } from '../../db/schema/index';
import { issuerOf, signJwt } from '../../oauth/jwt';
import type { SsfPayload } from './payload';
import { postGuarded, type SendOptions, type SendResult } from '../webhooks/channel';

/**
 * Security Event Tokens (RFC 8417) on the wire by push (RFC 8935), issue 30. The outbox stores
 * what the event says (`events`, and whom it is about); the worker signs the SET as it sends it,
 * with the hub's active signing key (verifiable against /oauth/jwks), adding iss, aud (the
 * stream's), iat (when the event happened, the same on every retry) and jti (the delivery's, so
 * a retried SET is the same SET and the receiver drops the second copy).
 */

/** The SET of a delivery, signed (typ secevent+jwt, RFC 8417 §2.3). */
export async function signSet(hub: Hub, delivery: WebhookDelivery, audience: string): Promise<string> {
  const p = delivery.payload as unknown as SsfPayload;
  const iss = issuerOf(hub);
  const subId = p.sub_id ?? { format: 'iss_sub', iss, sub: p.user_id ?? '' };
  return signJwt(hub, 'secevent+jwt', {
    iss,
    aud: audience,
    iat: p.iat,
    jti: `${delivery.eventId}.${delivery.id}`,
    sub_id: subId,
    events: p.events,
  });
}

/** RFC 8935 §2: the SET as the body, `application/secevent+jwt`, the stream's Authorization header if any. */
export function pushSet(
  url: string,
  set: string,
  authorization: string,
  options: SendOptions,
): Promise<SendResult & { answer?: string }> {
  const headers: Record<string, string> = {
    'content-type': 'application/secevent+jwt',
    accept: 'application/json',
  };
  if (authorization) headers.authorization = authorization;
  return postGuarded(url, set, options, headers);
}

/**
 * RFC 8935 §2.3/2.4: 202 is delivered (any 2xx is taken as such); a 400 with `{err, description}`
 * says the SET itself is refused: retrying the same SET cannot help, so the delivery fails at once
 * (the stream stays enabled). The error code alone is kept, never the description.
 */
export function permanentSetError(result: SendResult & { answer?: string }): string | null {
  if (result.statusCode !== 400) return null;
  try {
    const body = JSON.parse(result.answer ?? '') as { err?: unknown };
    if (typeof body.err === 'string') return `refused by the receiver: ${body.err.slice(0, 64)}`;
  } catch {
    // Not the RFC's error object: still the receiver's refusal of this SET.
  }
  return 'refused by the receiver (400)';
}
