import tls from 'node:tls';
import { checkOutboundHost, OutboundRefusedError, pinnedLookup, type OutboundPolicy } from './outbound';
import { literalAddress } from './addresses';

/**
 * A TLS connection through the outbound policy (a SIEM sink's syslog, RFC 5425): the host is
 * checked like any URL's, and the socket connects to the address the policy resolved.
 */
export function connectOutboundTls(
  target: { host: string; port: number },
  options: { ca?: string | null; timeoutMs: number },
  policy: OutboundPolicy,
): tls.TLSSocket {
  const refused = checkOutboundHost(target.host, policy);
  if (refused) throw new OutboundRefusedError(refused);
  return tls.connect({
    host: target.host,
    port: target.port,
    ...(literalAddress(target.host) === null ? { servername: target.host } : {}),
    ...(options.ca ? { ca: options.ca } : {}),
    lookup: pinnedLookup(policy),
    timeout: options.timeoutMs,
  });
}
