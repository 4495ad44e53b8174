import { createRequire } from 'node:module';
import dgram from 'node:dgram';

/** The part of dns-packet (no type declarations ship with it) this server uses. */
interface DnsQuestion {
  type: string;
  name: string;
}
interface DnsPacket {
  id?: number;
  type?: 'query' | 'response';
  flags?: number;
  questions?: DnsQuestion[];
  answers?: { type: string; name: string; ttl?: number; data: string[] }[];
}
const dnsPacket = createRequire(import.meta.url)('dns-packet') as {
  decode(buf: Buffer): DnsPacket;
  encode(packet: DnsPacket): Buffer;
  AUTHORITATIVE_ANSWER: number;
};
const NXDOMAIN = 3;

/**
 * A DNS server on 127.0.0.1 (UDP, a free port) that answers TXT questions from `records`
 * (name → the TXT values) and NXDOMAIN for anything else: what the hub's resolver is pointed at
 * through HUB_DNS_SERVERS, so no test asks the real DNS.
 */
export async function startDnsServer() {
  const records = new Map<string, string[]>();
  const asked: string[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (msg, rinfo) => {
    let query: DnsPacket;
    try {
      query = dnsPacket.decode(msg);
    } catch {
      return;
    }
    const question = query.questions?.[0];
    if (!question) return;
    asked.push(`${question.type} ${question.name}`);
    const values = question.type === 'TXT' ? records.get(question.name.toLowerCase()) : undefined;
    const answer = dnsPacket.encode({
      id: query.id,
      type: 'response',
      flags: dnsPacket.AUTHORITATIVE_ANSWER | (values ? 0 : NXDOMAIN),
      questions: query.questions,
      answers: (values ?? []).map((v) => ({ type: 'TXT', name: question.name, ttl: 1, data: [v] })),
    });
    socket.send(answer, rinfo.port, rinfo.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    address: `127.0.0.1:${port}`,
    records,
    asked,
    close: () => new Promise<void>((resolve) => socket.close(() => resolve())),
  };
}
