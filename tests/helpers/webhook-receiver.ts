import http from 'node:http';
import https from 'node:https';
import { Webhook } from 'standardwebhooks';
import { listenOnLoopback } from './loopback-server';
import type { SelfSigned } from './self-signed-certificate';

/** One delivery as the receiver saw it, verified or not. */
export interface Received {
  id: string;
  timestamp: string;
  signatures: string[];
  body: string;
  /** The parsed payload when a secret verified it with the standardwebhooks package; null otherwise. */
  verified: { type: string; timestamp: string; data: Record<string, unknown> } | null;
  /** Which of the receiver's secrets verified it. */
  verifiedWith: string[];
  error: string | null;
  /** The status the receiver answered with. */
  status: number;
}

export interface WebhookReceiver {
  url: string;
  received: Received[];
  /** The secrets it verifies with (the current one, and the previous during a rotation). */
  secrets: string[];
  /** The status it answers the next requests with (shifted per request; then 500 while `failing`, else 200). */
  answers: number[];
  /** While true, every delivery is read, verified and answered 500. */
  failing: boolean;
  /** The body of its answers (default `ok`), from what it received (a receiver echoing its request, say). */
  answerBody: ((r: Received) => string) | null;
  /** While set, requests are read and recorded but answered only once it resolves. */
  gate: Promise<void> | null;
  close(): Promise<void>;
}

export interface WebhookReceiverOptions {
  /** The receiver's clock (a hub's test clock): the timestamp is checked against it. Default: the machine's. */
  now?: () => Date;
  /** Serve https with this certificate (a hub in production sends webhooks to https only). */
  tls?: SelfSigned;
}

/**
 * A webhook receiver on 127.0.0.1, as a sister platform writes one: every delivery verified with
 * the Standard Webhooks reference implementation (`standardwebhooks`). Its clock is the test's:
 * the library checks the timestamp against Date.now, so that one call runs at `now()`,
 * synchronously, and nothing else sees it.
 */
export async function startWebhookReceiver(options: WebhookReceiverOptions = {}): Promise<WebhookReceiver> {
  const now = options.now ?? (() => new Date());
  const state = {
    received: [] as Received[],
    secrets: [] as string[],
    answers: [] as number[],
    failing: false,
    answerBody: null as ((r: Received) => string) | null,
  };
  const receiver = Object.assign(state, { gate: null as Promise<void> | null });
  const handle = (req: http.IncomingMessage, res: http.ServerResponse) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const entry = verify(Buffer.concat(chunks).toString('utf8'), req.headers, state.secrets, now());
      entry.status = state.answers.shift() ?? (state.failing ? 500 : 200);
      state.received.push(entry);
      void (receiver.gate ?? Promise.resolve()).then(() => {
        res.writeHead(entry.status, { 'content-type': 'text/plain' }).end(state.answerBody?.(entry) ?? 'ok');
      });
    });
  };
  const server = options.tls
    ? https.createServer({ key: options.tls.key, cert: options.tls.cert }, handle)
    : http.createServer(handle);
  const listening = await listenOnLoopback(server, options.tls ? 'https' : 'http');
  return Object.assign(receiver, { url: `${listening.origin}/hooks`, close: listening.close });
}

function verify(body: string, raw: http.IncomingHttpHeaders, secrets: string[], at: Date): Received {
  const headers = {
    'webhook-id': String(raw['webhook-id'] ?? ''),
    'webhook-timestamp': String(raw['webhook-timestamp'] ?? ''),
    'webhook-signature': String(raw['webhook-signature'] ?? ''),
  };
  const entry: Received = {
    id: headers['webhook-id'],
    timestamp: headers['webhook-timestamp'],
    signatures: headers['webhook-signature'].split(' ').filter(Boolean),
    body,
    verified: null,
    verifiedWith: [],
    error: null,
    status: 0,
  };
  for (const secret of secrets) {
    try {
      entry.verified = atTime(at, () => new Webhook(secret).verify(body, headers)) as Received['verified'];
      entry.verifiedWith.push(secret);
    } catch (e) {
      entry.error = (e as Error).message;
    }
  }
  return entry;
}

function atTime<T>(at: Date, fn: () => T): T {
  const realNow = Date.now;
  Date.now = () => at.getTime();
  try {
    return fn();
  } finally {
    Date.now = realNow;
  }
}
