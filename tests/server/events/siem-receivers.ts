import https from 'node:https';
import type { AddressInfo, Socket } from 'node:net';
import tls from 'node:tls';
import { loopbackCertificate, type SelfSigned } from '../../helpers/self-signed-certificate';

/**
 * The SIEM receivers of the tests (issue 30), on 127.0.0.1 with a certificate of their own: a
 * syslog-over-TLS listener (RFC 5425) that splits octet-counted frames (RFC 6587 §3.4.1) and parses
 * each RFC 5424 message with its structured data, and an https endpoint that takes ndjson batches.
 */

/** The listeners' certificate, for 127.0.0.1: self-signed, so also the CA a sink is given. */
export const makeServerCert = (): SelfSigned => loopbackCertificate('siem.test');

/** One RFC 5424 message as the listener parsed it. */
export interface SyslogFrame {
  raw: string;
  pri: number;
  version: number;
  timestamp: string;
  hostname: string;
  appName: string;
  procId: string;
  msgId: string;
  /** SD-ID → its params (values unescaped). */
  sd: Record<string, Record<string, string>>;
  msg: string;
}

/** Parses `<PRI>VERSION SP TIMESTAMP SP HOSTNAME SP APP-NAME SP PROCID SP MSGID SP STRUCTURED-DATA [SP MSG]`. */
export function parseRfc5424(raw: string): SyslogFrame {
  const head = /^<(\d{1,3})>(\d) (\S+) (\S+) (\S+) (\S+) (\S+) /.exec(raw);
  if (!head) throw new Error(`not an RFC 5424 header: ${raw.slice(0, 80)}`);
  let i = head[0].length;
  const sd: SyslogFrame['sd'] = {};
  if (raw[i] === '-') i += 1;
  else {
    while (raw[i] === '[') {
      i += 1;
      const idEnd = raw.slice(i).search(/[ \]]/);
      const id = raw.slice(i, i + idEnd);
      i += idEnd;
      const params: Record<string, string> = {};
      while (raw[i] === ' ') {
        i += 1;
        const eq = raw.indexOf('=', i);
        const name = raw.slice(i, eq);
        if (raw[eq + 1] !== '"') throw new Error('SD-PARAM value not quoted');
        i = eq + 2;
        let value = '';
        for (;;) {
          const c = raw[i];
          if (c === undefined) throw new Error('unterminated SD-PARAM');
          if (c === '\\' && ['"', '\\', ']'].includes(raw[i + 1])) {
            value += raw[i + 1];
            i += 2;
          } else if (c === '"') {
            i += 1;
            break;
          } else if (c === ']') {
            throw new Error('unescaped ] in an SD-PARAM value');
          } else {
            value += c;
            i += 1;
          }
        }
        params[name] = value;
      }
      if (raw[i] !== ']') throw new Error('SD-ELEMENT not closed');
      i += 1;
      sd[id] = params;
    }
  }
  let msg = raw[i] === ' ' ? raw.slice(i + 1) : raw.slice(i);
  if (msg.startsWith('\uFEFF')) msg = msg.slice(1);
  return {
    raw,
    pri: Number(head[1]),
    version: Number(head[2]),
    timestamp: head[3],
    hostname: head[4],
    appName: head[5],
    procId: head[6],
    msgId: head[7],
    sd,
    msg,
  };
}

export interface SyslogListener {
  port: number;
  frames: SyslogFrame[];
  /** Frames that did not parse (should stay empty). */
  errors: string[];
  /** Drops the open connections (the hub's side sees them close) but keeps listening. */
  dropConnections(): Promise<void>;
  close(): Promise<void>;
}

/** Splits octet-counted frames (`MSG-LEN SP SYSLOG-MSG`) out of a byte stream. */
function frameSplitter(onFrame: (raw: string) => void, onError: (e: string) => void) {
  let buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    buffer = Buffer.concat([buffer, chunk]);
    for (;;) {
      const space = buffer.indexOf(0x20);
      if (space < 0) return;
      const len = buffer.subarray(0, space).toString('ascii');
      if (!/^[1-9]\d{0,8}$/.test(len)) {
        onError(`bad MSG-LEN ${JSON.stringify(len)}`);
        buffer = Buffer.alloc(0);
        return;
      }
      const end = space + 1 + Number(len);
      if (buffer.length < end) return;
      onFrame(buffer.subarray(space + 1, end).toString('utf8'));
      buffer = buffer.subarray(end);
    }
  };
}

/** A TLS syslog listener on 127.0.0.1 (`port` 0: any free one). */
export async function startSyslogListener(cert: SelfSigned, port = 0): Promise<SyslogListener> {
  const frames: SyslogFrame[] = [];
  const errors: string[] = [];
  const sockets = new Set<Socket>();
  const server = tls.createServer({ key: cert.key, cert: cert.cert }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => {});
    socket.on(
      'data',
      frameSplitter(
        (raw) => {
          try {
            frames.push(parseRfc5424(raw));
          } catch (e) {
            errors.push((e as Error).message);
          }
        },
        (e) => errors.push(e),
      ),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const dropConnections = async () => {
    await Promise.all(
      [...sockets].map(
        (s) =>
          new Promise<void>((resolve) => (s.destroyed ? resolve() : (s.once('close', () => resolve()), s.destroy()))),
      ),
    );
  };
  return {
    port: (server.address() as AddressInfo).port,
    frames,
    errors,
    dropConnections,
    async close() {
      await dropConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export interface NdjsonReceiver {
  url: string;
  batches: { contentType: string; authorization: string; lines: Record<string, unknown>[] }[];
  close(): Promise<void>;
}

/** An https endpoint on 127.0.0.1 that records each ndjson batch and answers 204. */
export async function startNdjsonReceiver(cert: SelfSigned): Promise<NdjsonReceiver> {
  const batches: NdjsonReceiver['batches'] = [];
  const server = https.createServer({ key: cert.key, cert: cert.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      batches.push({
        contentType: String(req.headers['content-type'] ?? ''),
        authorization: String(req.headers.authorization ?? ''),
        lines: body
          .split('\n')
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>),
      });
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `https://127.0.0.1:${(server.address() as AddressInfo).port}/ingest`,
    batches,
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
