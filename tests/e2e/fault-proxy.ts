import http from 'node:http';
import type { AddressInfo } from 'node:net';

type Fault =
  { kind: 'answer'; status: number; body: unknown } | { kind: 'reset' } | { kind: 'hold'; released: Promise<void> };

interface Rule {
  method: string;
  /** Matches the path and query string. */
  path: RegExp;
  fault: Fault;
}

/**
 * A server that fails on purpose: a reverse proxy in front of a real hub that forwards every
 * request, except those matching a rule, which it answers with an error, cuts off, or holds
 * until the test releases them. The browser talks to the proxy as if it were the hub.
 */
export class FaultProxy {
  readonly url: string;
  private rules: Rule[] = [];

  private constructor(
    private readonly server: http.Server,
    private readonly target: URL,
  ) {
    this.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  }

  static async start(targetUrl: string): Promise<FaultProxy> {
    const server = http.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new FaultProxy(server, new URL(targetUrl));
    server.on('request', (req, res) => void proxy.handle(req, res));
    return proxy;
  }

  /** Answers matching requests with this status and JSON body until `clear()`. */
  answer(method: string, path: RegExp, status: number, body: unknown) {
    this.rules.push({ method, path, fault: { kind: 'answer', status, body } });
  }

  /** Drops the connection of matching requests (a network failure in the browser). */
  reset(method: string, path: RegExp) {
    this.rules.push({ method, path, fault: { kind: 'reset' } });
  }

  /** Holds matching requests until the returned function is called; then they go through. */
  hold(method: string, path: RegExp): () => void {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const rule: Rule = { method, path, fault: { kind: 'hold', released } };
    this.rules.push(rule);
    return () => {
      this.rules = this.rules.filter((r) => r !== rule);
      release();
    };
  }

  clear() {
    this.rules = [];
  }

  async close() {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private async handle(req: http.IncomingMessage, res: http.ServerResponse) {
    const rule = this.rules.find((r) => r.method === req.method && r.path.test(req.url ?? ''));
    if (rule?.fault.kind === 'answer') {
      res.writeHead(rule.fault.status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(rule.fault.body));
      return;
    }
    if (rule?.fault.kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (rule?.fault.kind === 'hold') await rule.fault.released;
    const upstream = http.request(
      {
        host: this.target.hostname,
        port: this.target.port,
        method: req.method,
        path: req.url,
        headers: { ...req.headers, host: this.target.host },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    upstream.on('error', () => res.destroy());
    req.pipe(upstream);
  }
}
