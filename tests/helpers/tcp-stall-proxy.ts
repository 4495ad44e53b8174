import net from 'node:net';

/**
 * A TCP proxy in front of PostgreSQL that can stall: while stalled it forwards nothing in either
 * direction and new connections are accepted but not answered — what a paused (SIGSTOP) or
 * partitioned database looks like to a client. The shared test server is never paused itself.
 */
export class StallProxy {
  private stalled = false;
  private readonly pairs = new Set<{ client: net.Socket; upstream: net.Socket }>();
  private waiting: (() => void)[] = [];

  private constructor(
    private readonly server: net.Server,
    readonly port: number,
  ) {}

  static async start(targetHost: string, targetPort: number): Promise<StallProxy> {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const proxy = new StallProxy(server, (server.address() as net.AddressInfo).port);
    server.on('connection', (client) => proxy.accept(client, targetHost, targetPort));
    return proxy;
  }

  private accept(client: net.Socket, host: string, port: number) {
    client.on('error', () => {});
    const open = () => {
      const upstream = net.connect(port, host);
      upstream.on('error', () => client.destroy());
      client.on('error', () => upstream.destroy());
      const pair = { client, upstream };
      this.pairs.add(pair);
      const forget = () => this.pairs.delete(pair);
      client.on('close', () => {
        forget();
        upstream.destroy();
      });
      upstream.on('close', () => {
        forget();
        client.destroy();
      });
      client.pipe(upstream);
      upstream.pipe(client);
      if (this.stalled) this.pause(pair);
    };
    if (this.stalled) {
      client.pause();
      this.waiting.push(open);
    } else open();
  }

  private pause(pair: { client: net.Socket; upstream: net.Socket }) {
    pair.client.pause();
    pair.upstream.pause();
    pair.client.unpipe(pair.upstream);
    pair.upstream.unpipe(pair.client);
  }

  stall() {
    this.stalled = true;
    for (const pair of this.pairs) this.pause(pair);
  }

  resume() {
    this.stalled = false;
    for (const pair of this.pairs) {
      pair.client.pipe(pair.upstream);
      pair.upstream.pipe(pair.client);
      pair.client.resume();
      pair.upstream.resume();
    }
    const waiting = this.waiting;
    this.waiting = [];
    for (const open of waiting) open();
  }

  async close() {
    for (const { client, upstream } of this.pairs) {
      client.destroy();
      upstream.destroy();
    }
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
