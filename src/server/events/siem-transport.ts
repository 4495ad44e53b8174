import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import tls from 'node:tls';
import { classifyAddress, guardedLookup, TargetRefusedError, type Resolver } from './ssrf';

/**
 * How a SIEM sink's batch reaches its receiver (issue 30). Syslog: one TLS connection per sink and
 * node, kept between batches (RFC 5425), a batch accepted once written and flushed to the socket;
 * any error closes it, and the next attempt (after the worker's backoff) connects again. HTTPS: one
 * POST of ndjson per batch, accepted on a 2xx. Either way the connection goes only to addresses
 * the SSRF check accepted (ssrf.ts), resolved when it connects.
 */

export interface TransportOptions {
  resolver: Resolver;
  allowPrivate: boolean;
  timeoutMs: number;
}

export class SinkSendError extends Error {}

/** host and port of a `host:port` target (`[v6]:port` too). */
export function splitHostPort(target: string): { host: string; port: number } {
  const at = target.lastIndexOf(':');
  const host = target.slice(0, at).replace(/^\[|\]$/g, '');
  return { host, port: Number(target.slice(at + 1)) };
}

/** A literal address is connected to without a lookup: it is checked here instead. */
function refuseLiteral(host: string, allowPrivate: boolean): void {
  if (isIP(host) && !allowPrivate && classifyAddress(host) !== 'public') {
    throw new SinkSendError(`refused: ${classifyAddress(host)}`);
  }
}

/** A short, secret-free description of a transport error. */
export function describeError(e: unknown): string {
  if (e instanceof TargetRefusedError) return `refused: ${e.refusal}`;
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code;
    return (code ? `${code}: ${e.message}` : e.message).split('\n')[0].slice(0, 300);
  }
  return 'unknown error';
}

export interface SyslogConnection {
  /** Writes the frames; resolves once they are flushed to the socket. */
  write(frames: Buffer[]): Promise<void>;
  readonly usable: boolean;
  close(): void;
}

export function connectSyslog(target: string, ca: string | null, options: TransportOptions): Promise<SyslogConnection> {
  const { host, port } = splitHostPort(target);
  refuseLiteral(host, options.allowPrivate);
  return new Promise((resolve, reject) => {
    let broken = false;
    const socket = tls.connect({
      host,
      port,
      ...(isIP(host) ? {} : { servername: host }),
      ...(ca ? { ca } : {}),
      lookup: guardedLookup(options.resolver, options.allowPrivate),
      timeout: options.timeoutMs,
    });
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
export function postBatch(
  url: string,
  body: string,
  ca: string | null,
  authHeader: string | null,
  options: TransportOptions,
): Promise<void> {
  const parsed = new URL(url);
  refuseLiteral(parsed.hostname.replace(/^\[|\]$/g, ''), options.allowPrivate);
  const client = parsed.protocol === 'https:' ? https : http;
  const headers: Record<string, string | number> = {
    'content-type': 'application/x-ndjson',
    'content-length': Buffer.byteLength(body),
    'user-agent': 'EcosystemHub-AuditSink/1',
  };
  if (authHeader) {
    const colon = authHeader.indexOf(':');
    headers[authHeader.slice(0, colon).trim().toLowerCase()] = authHeader.slice(colon + 1).trim();
  }
  return new Promise((resolve, reject) => {
    const request = client.request(
      parsed,
      {
        method: 'POST',
        headers,
        lookup: guardedLookup(options.resolver, options.allowPrivate),
        timeout: options.timeoutMs,
        ...(ca && parsed.protocol === 'https:' ? { ca } : {}),
      },
      (response) => {
        response.resume();
        response.on('end', () => {
          const code = response.statusCode ?? 0;
          if (code >= 200 && code < 300) resolve();
          else reject(new SinkSendError(`the receiver answered ${code}`));
        });
        response.on('error', reject);
      },
    );
    const deadline = setTimeout(() => request.destroy(new Error('timeout')), options.timeoutMs);
    request.on('timeout', () => request.destroy(new Error('timeout')));
    request.on('error', reject);
    request.on('close', () => clearTimeout(deadline));
    request.end(body);
  });
}
