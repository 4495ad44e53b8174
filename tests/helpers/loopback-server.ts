import type { Server as HttpServer } from 'node:http';
import type { AddressInfo, Server } from 'node:net';

/** A server of a test, listening on 127.0.0.1. */
export interface Listening {
  port: number;
  /** `http://127.0.0.1:<port>` (https when the server is one). */
  origin: string;
  /** Stops listening; an http(s) server's open connections (keep-alive ones too) are ended first. */
  close(): Promise<void>;
}

/**
 * Listens on a free port of 127.0.0.1: the tests' upstreams, receivers and proxies are reached
 * on this machine only (the hub's outbound rules are tested by classifying addresses, never by
 * sending elsewhere).
 */
export async function listenOnLoopback(
  server: Server | HttpServer,
  scheme: 'http' | 'https' = 'http',
): Promise<Listening> {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    port,
    origin: `${scheme}://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        if ('closeAllConnections' in server) server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
