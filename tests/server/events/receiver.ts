import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

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
}

export interface Receiver {
  url: string;
  received: Received[];
  /** The secrets it verifies with (the current one, and the previous during a rotation). */
  secrets: string[];
  /** The status it answers the next requests with (shifted per request; 200 when empty). */
  answers: number[];
  /** While set, requests are read and recorded but answered only once it resolves. */
  gate: Promise<void> | null;
  close(): Promise<void>;
}

/**
 * A webhook receiver on 127.0.0.1, as a sister platform writes one: every delivery verified with
 * the Standard Webhooks reference implementation (`standardwebhooks`). Its clock is the test's:
 * the library checks the timestamp against Date.now, so that one call runs at `now()` (the hub's
 * test clock), synchronously, and nothing else sees it.
 */
export async function startReceiver(now: () => Date): Promise<Receiver> {
  const state: Omit<Receiver, 'url' | 'close'> = { received: [], secrets: [], answers: [], gate: null };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const headers = {
        'webhook-id': String(req.headers['webhook-id'] ?? ''),
        'webhook-timestamp': String(req.headers['webhook-timestamp'] ?? ''),
        'webhook-signature': String(req.headers['webhook-signature'] ?? ''),
      };
      const entry: Received = {
        id: headers['webhook-id'],
        timestamp: headers['webhook-timestamp'],
        signatures: headers['webhook-signature'].split(' ').filter(Boolean),
        body,
        verified: null,
        verifiedWith: [],
        error: null,
      };
      for (const secret of state.secrets) {
        try {
          entry.verified = atTime(now(), () => new Webhook(secret).verify(body, headers)) as Received['verified'];
          entry.verifiedWith.push(secret);
        } catch (e) {
          entry.error = (e as Error).message;
        }
      }
      state.received.push(entry);
      const status = state.answers.shift() ?? 200;
      void (state.gate ?? Promise.resolve()).then(() => {
        res.writeHead(status, { 'content-type': 'text/plain' });
        res.end('ok');
      });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/hooks`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
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
