/**
 * The one rule for "this machine" in a URL, read by the server (outbound calls, upstream
 * providers, SAML endpoints) and the web (the forms that take such URLs). It runs in both, so it
 * uses no Node module: it expects the hostname as the WHATWG URL parser leaves it, which has
 * already turned every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1) into dotted decimal
 * and every IPv6 one into its compressed form in brackets.
 */

const IPV4_LOOPBACK = /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/;
/** ::ffff:127.x.y.z, as the parser writes it: [::ffff:7fxx:xxxx]. */
const MAPPED_IPV4_LOOPBACK = /^\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\]$/;

/**
 * Whether a normalised hostname names this machine: `localhost` and its subdomains (RFC 6761
 * §6.3 keeps them on loopback), 127.0.0.0/8, [::1] and the IPv4-mapped form of 127.0.0.0/8.
 * A trailing dot (`localhost.`) is the same name.
 */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return (
    host === 'localhost' ||
    host.endsWith('.localhost') ||
    IPV4_LOOPBACK.test(host) ||
    host === '[::1]' ||
    MAPPED_IPV4_LOOPBACK.test(host)
  );
}

/**
 * Plain http is accepted only toward this machine (development, and the tests' upstreams on
 * loopback): an https URL always, an http one only to a loopback host.
 */
export function isHttpsOrLoopback(url: URL): boolean {
  return url.protocol === 'https:' || (url.protocol === 'http:' && isLoopbackHost(url.hostname));
}
