import { BlockList, isIP } from 'node:net';

/**
 * The one table of address classes the hub will not reach on anyone's behalf (issue 38): every
 * outbound call (net/outbound.ts) and every registration-time check asks `classifyAddress`.
 *
 * Addresses are classified by node:net's BlockList on what `new URL()` made of the host, never by
 * pattern: the WHATWG parser turns every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
 * into dotted decimal, and BlockList matches IPv4-mapped IPv6 (::ffff:7f00:1) against the IPv4
 * ranges. IPv6 ranges that carry an IPv4 address another box would translate (NAT64, 6to4,
 * Teredo, IPv4-compatible) are refused whole: the hub cannot know which IPv4 address they reach.
 */
export type AddressClass =
  | 'public'
  | 'loopback'
  | 'private'
  | 'link_local'
  | 'unique_local'
  | 'unspecified'
  | 'shared'
  | 'multicast'
  | 'translated'
  | 'documentation'
  | 'reserved';

type Family = 'ipv4' | 'ipv6';

const RANGES: [Exclude<AddressClass, 'public'>, string, number, Family][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  // Cloud metadata services live at 169.254.169.254.
  ['link_local', '169.254.0.0', 16, 'ipv4'],
  // Carrier-grade NAT: not the internet either.
  ['shared', '100.64.0.0', 10, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['documentation', '192.0.2.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['documentation', '198.51.100.0', 24, 'ipv4'],
  ['documentation', '203.0.113.0', 24, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  // 240/4 includes the limited broadcast address 255.255.255.255.
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  // IPv4-compatible addresses (deprecated): some stacks still route ::7f00:1 to 127.0.0.1.
  ['translated', '::', 96, 'ipv6'],
  // NAT64 (RFC 6052 well-known and RFC 8215 local-use prefixes): 64:ff9b::7f00:1 reaches 127.0.0.1 through a gateway.
  ['translated', '64:ff9b::', 96, 'ipv6'],
  ['translated', '64:ff9b:1::', 48, 'ipv6'],
  // Teredo and 6to4 embed IPv4 addresses as well.
  ['translated', '2001::', 32, 'ipv6'],
  ['translated', '2002::', 16, 'ipv6'],
  ['documentation', '2001:db8::', 32, 'ipv6'],
  ['unique_local', 'fc00::', 7, 'ipv6'],
  ['link_local', 'fe80::', 10, 'ipv6'],
  // Site-local (deprecated, RFC 3879) is still private wherever it is used.
  ['reserved', 'fec0::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = new Map<Exclude<AddressClass, 'public'>, BlockList>();
for (const [cls, net, prefix, family] of RANGES) {
  let list = LISTS.get(cls);
  if (!list) LISTS.set(cls, (list = new BlockList()));
  list.addSubnet(net, prefix, family);
}

/**
 * The one literal-IP check: the address a URL's hostname (or a `host` of host:port) spells, with
 * IPv6 brackets removed, or null when it is a name.
 */
export function literalAddress(host: string): string | null {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  return isIP(bare) ? bare : null;
}

/** The class of an IP address (any family, brackets allowed); `reserved` for something that is not one. */
export function classifyAddress(address: string): AddressClass {
  const bare = literalAddress(address);
  if (bare === null) return 'reserved';
  const family: Family = isIP(bare) === 4 ? 'ipv4' : 'ipv6';
  for (const [cls, list] of LISTS) if (list.check(bare, family)) return cls;
  return 'public';
}
