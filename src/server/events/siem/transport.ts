import type { TLSSocket } from 'node:tls';
import { literalAddress } from '../../net/addresses';
import type { OutboundPolicy } from '../../net/outbound';
import { outboundRequest, STATUS_ONLY } from '../../net/outbound-http';
import { connectOutboundTls } from '../../net/outbound-tls';

/**
 * How a SIEM sink's batch reaches its receiver (issue 30). Syslog: one TLS connection per sink and
 * node, kept between batches (RFC 5425), a batch accepted once written and flushed to the socket;
 * any error closes it, and the next attempt (after the worker's backoff) connects again. HTTPS: one
 * POST of ndjson per batch, accepted on a 2xx. Either way the connection goes through the
 * outbound policy (net/outbound.ts): only to addresses it accepted, resolved when it connects.
 */

export interface TransportOptions {
  policy: OutboundPolicy;
  timeoutMs: number;
}

export class SinkSendError extends Error {}

/** host and port of a `host:port` target (`[v6]:port` too). */
export function splitHostPort(target: string): { host: string; port: number } {
  const at = target.lastIndexOf(':');
  const host = target.slice(0, at);
  return { host: literalAddress(host) ?? host, port: Number(target.slice(at + 1)) };
}

export interface SyslogConnection {
  /** Writes the frames; resolves once they are flushed to the socket. */
  write(frames: Buffer[]): Promise<void>;
  readonly usable: boolean;
  close(): void;
}

export function connectSyslog(target: string, ca: string | null, options: TransportOptions): Promise<SyslogConnection> {
  return new Promise((resolve, reject) => {
    let broken = false;
    // A refused literal address throws here, before any socket: the promise rejects with it.
    const socket: TLSSocket = connectOutboundTls(
      splitHostPort(target),
      { ca, timeoutMs: options.timeoutMs },
      options.policy,
    );
    const fail = (e: Error) => {
      broken = true;
      socket.destroy();
      reject(e);
    };
    socket.once('error', fail);
    socket.once('timeout', () => fail(new Error('connect timeout')));
    socket.once('secureConnect', () => {
      socket.off('error', fail);
      socket.setTimeout(0);
      // Errors after the handshake break the connection; the next write reports them.
      socket.on('error', () => {
        broken = true;
      });
      socket.on('close', () => {
        broken = true;
      });
      // A syslog receiver says nothing back; anything it sends is read and dropped.
      socket.resume();
      resolve({
        get usable() {
          return !broken && !socket.destroyed;
        },
        write(frames) {
          return new Promise<void>((ok, ko) => {
            if (broken || socket.destroyed) {
              ko(new Error('connection closed'));
              return;
            }
            const deadline = setTimeout(() => {
              broken = true;
              socket.destroy();
              ko(new Error('write timeout'));
            }, options.timeoutMs);
            socket.write(Buffer.concat(frames), (e) => {
              clearTimeout(deadline);
              if (e) {
                broken = true;
                ko(e);
              } else ok();
            });
          });
        },
        close() {
          broken = true;
          socket.end();
          socket.destroySoon();
        },
      });
    });
  });
}

/** POSTs one ndjson batch; resolves on a 2xx, rejects with the status or the error otherwise. */
export async function postBatch(
  url: string,
  body: string,
  ca: string | null,
  authHeader: string | null,
  options: TransportOptions,
): Promise<void> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-ndjson',
    'user-agent': 'EcosystemHub-AuditSink/1',
  };
  if (authHeader) {
    const colon = authHeader.indexOf(':');
    headers[authHeader.slice(0, colon).trim().toLowerCase()] = authHeader.slice(colon + 1).trim();
  }
  const answer = await outboundRequest(
    url,
    {
      method: 'POST',
      headers,
      body,
      ca,
      timeoutMs: options.timeoutMs,
      ...STATUS_ONLY,
    },
    options.policy,
  );
  if (answer.status < 200 || answer.status >= 300) throw new SinkSendError(`the receiver answered ${answer.status}`);
}
