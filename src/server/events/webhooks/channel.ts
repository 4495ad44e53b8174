import { createHmac, randomBytes } from 'node:crypto';
import { describeOutboundError, type OutboundPolicy } from '../../net/outbound';
import { outboundRequest } from '../../net/outbound-http';

/**
 * The webhook channel: one delivery on the wire, as the Standard Webhooks specification says
 * (https://www.standardwebhooks.com): headers `webhook-id` (the event's id, the same on every
 * retry, so receivers deduplicate), `webhook-timestamp` (seconds) and `webhook-signature`
 * (`v1,<base64 HMAC-SHA256 of "id.timestamp.body">`, space-separated when two secrets are valid
 * during a rotation). Secrets are `whsec_` + base64 of 32 random bytes; the HMAC key is the
 * decoded bytes. The receiver verifies with any Standard Webhooks library.
 */

/** A new signing secret (shown once, sealed at rest). */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

/** `v1,<signature>` of one message under one secret. */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}

export interface WebhookMessage {
  url: string;
  id: string;
  /** When the attempt is made (the hub's clock). */
  timestamp: Date;
  body: string;
  /** The current secret first; the previous one too while a rotation overlaps. */
  secrets: string[];
}

export interface SendOptions {
  timeoutMs: number;
  /** The outbound policy (net/outbound.ts), read at each attempt: it may have tightened since registration. */
  policy: OutboundPolicy;
  userAgent: string;
}

/** What one attempt came to: the status the receiver answered, or the error that stood in its way. */
export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
  /** The first ANSWER_KEPT_BYTES of the answer's body, when there was one. */
  answer?: string;
}

/** Of a failed answer's body the delivery log keeps this many characters. */
export const ANSWER_EXCERPT_CHARS = 200;

/**
 * The excerpt of an answer's body the delivery log shows (issue 46): the first characters, control
 * characters made spaces, and anything shaped like a Standard Webhooks secret or signature (a
 * receiver echoing its request) replaced, so the log never holds one. Headers are never kept.
 */
export function answerExcerpt(answer: string | undefined): string | null {
  if (!answer) return null;
  const cleaned = answer
    .replace(/whsec_[A-Za-z0-9+/=]+/g, 'whsec_…')
    .replace(/v1,[A-Za-z0-9+/=]{20,}/g, 'v1,…')
    .replace(/\p{Cc}+/gu, ' ')
    .trim();
  if (!cleaned) return null;
  return cleaned.length > ANSWER_EXCERPT_CHARS ? `${cleaned.slice(0, ANSWER_EXCERPT_CHARS)}…` : cleaned;
}

/** Of an answer only this much is read and kept for the caller (never stored whole). */
const ANSWER_KEPT_BYTES = 1024;

/**
 * Sends one message through the outbound policy (net/outbound.ts): the connection goes only to an
 * address the policy accepted, resolved at delivery time; redirects are not followed (a 3xx is an
 * answer, not a 2xx, so it fails), and nothing is ever thrown.
 */
export function sendWebhook(message: WebhookMessage, options: SendOptions): Promise<SendResult> {
  const seconds = Math.floor(message.timestamp.getTime() / 1000);
  const signature = message.secrets.map((s) => signWebhook(s, message.id, seconds, message.body)).join(' ');
  return postGuarded(message.url, message.body, options, {
    'content-type': 'application/json',
    'webhook-id': message.id,
    'webhook-timestamp': String(seconds),
    'webhook-signature': signature,
  });
}

/**
 * One POST through the outbound policy, for every channel of the outbox (the Standard Webhooks
 * message above, an SSF push in ssf/set.ts): `headers` are the channel's. The first
 * ANSWER_KEPT_BYTES of the answer are kept in `answer` (an RFC 8935 error names itself there);
 * the rest is not read. The whole attempt, not only idle time, is bounded: a receiver trickling
 * bytes cannot hold a worker. Never throws: a refusal or transport error is the result's `error`.
 */
export async function postGuarded(
  target: string,
  body: string,
  options: SendOptions,
  headers: Record<string, string>,
): Promise<SendResult> {
  const started = performance.now();
  const latency = () => Math.round(performance.now() - started);
  try {
    const answer = await outboundRequest(
      target,
      {
        method: 'POST',
        headers: { ...headers, 'user-agent': options.userAgent },
        body,
        timeoutMs: options.timeoutMs,
        maxBytes: ANSWER_KEPT_BYTES,
        overflow: 'truncate',
      },
      options.policy,
    );
    return { statusCode: answer.status, latencyMs: latency(), error: null, answer: answer.body.toString('utf8') };
  } catch (e) {
    return { statusCode: null, latencyMs: latency(), error: describeOutboundError(e) };
  }
}
