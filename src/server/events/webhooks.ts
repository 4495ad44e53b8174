import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { classifyAddress, guardedLookup, TargetRefusedError, type Resolver } from './ssrf';

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
  resolver: Resolver;
  allowPrivate: boolean;
  userAgent: string;
}

/** What one attempt came to: the status the receiver answered, or the error that stood in its way. */
export interface SendResult {
  statusCode: number | null;
  latencyMs: number;
  error: string | null;
}

/** At most this much of an answer is read: the receiver's body is never stored, only its status. */
const MAX_ANSWER_BYTES = 16 * 1024;
/** Of which this much is kept for the caller (never stored whole). */
const ANSWER_KEPT_BYTES = 1024;

/**
 * Sends one message. node:http rather than fetch: its `lookup` hook lets the connection go only to
 * an address the SSRF check accepted (ssrf.ts), resolved at delivery time; redirects are not
 * followed (a 3xx is an answer, not a 2xx, so it fails), and nothing is ever thrown.
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
 * One POST through the SSRF guard, for every channel of the outbox (the Standard Webhooks
 * message above, an SSF push in ssf-set.ts): `headers` are the channel's. The first
 * ANSWER_KEPT_BYTES of the answer are kept in `answer` (an RFC 8935 error names itself there).
 */
export function postGuarded(
  target: string,
  body: string,
  options: SendOptions,
  headers: Record<string, string>,
): Promise<SendResult & { answer?: string }> {
  const started = performance.now();
  const url = new URL(target);
  const client = url.protocol === 'https:' ? https : http;
  const latency = () => Math.round(performance.now() - started);
  // An address in the URL is connected to without any lookup: it is checked here instead.
  const literal = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(literal) && !options.allowPrivate && classifyAddress(literal) !== 'public') {
    return Promise.resolve({ statusCode: null, latencyMs: latency(), error: `refused: ${classifyAddress(literal)}` });
  }
  return new Promise((resolve) => {
    let settled = false;
    const done = (result: Omit<SendResult, 'latencyMs'> & { answer?: string }) => {
      if (settled) return;
      settled = true;
      resolve({ ...result, latencyMs: latency() });
    };
    const request = client.request(
      url,
      {
        method: 'POST',
        lookup: guardedLookup(options.resolver, options.allowPrivate),
        timeout: options.timeoutMs,
        headers: {
          ...headers,
          'content-length': String(Buffer.byteLength(body)),
          'user-agent': options.userAgent,
        },
      },
      (response) => {
        let read = 0;
        const kept: Buffer[] = [];
        response.on('data', (chunk: Buffer) => {
          if (read < ANSWER_KEPT_BYTES) kept.push(chunk);
          read += chunk.length;
          if (read > MAX_ANSWER_BYTES) response.destroy();
        });
        const finish = () =>
          done({
            statusCode: response.statusCode ?? null,
            error: null,
            answer: Buffer.concat(kept).subarray(0, ANSWER_KEPT_BYTES).toString('utf8'),
          });
        response.on('end', finish);
        response.on('close', finish);
        response.on('error', finish);
      },
    );
    // The whole attempt, not only idle time, is bounded: a receiver trickling bytes cannot hold a worker.
    const deadline = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', (e) => {
      const error = e instanceof TargetRefusedError ? `refused: ${e.refusal}` : describe(e);
      done({ statusCode: null, error });
    });
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}

/** A short, secret-free description of a transport error (the code, or the message's first line). */
function describe(e: Error): string {
  const code = (e as NodeJS.ErrnoException).code;
  return (code ?? e.message.split('\n')[0]).slice(0, 200);
}
