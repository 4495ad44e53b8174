import { BlockList, isIP } from 'node:net';
import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';

/**
 * Where a webhook may be sent (SSRF, issue 30). A webhook URL is chosen by an administrator but
 * fetched by the hub from inside its network, so the hub refuses targets that are not public
 * internet addresses unless HUB_WEBHOOKS_ALLOW_PRIVATE=true: loopback, private, link-local
 * (cloud metadata lives at 169.254.169.254), unique-local and the other special ranges.
 *
 * Addresses are classified by node:net's BlockList on what `new URL()` made of the host, never by
 * pattern: the WHATWG parser turns every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1)
 * into dotted decimal, and BlockList matches IPv4-mapped IPv6 (::ffff:7f00:1) against the IPv4
 * ranges. A name is resolved at delivery time, and the connection goes to the address that was
 * checked (`guardedLookup`), so a name that changes its answer between check and connect
 * (DNS rebinding) cannot reach an address the check refused.
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
  | 'reserved';

const RANGES: [Exclude<AddressClass, 'public'>, string, number, 'ipv4' | 'ipv6'][] = [
  ['unspecified', '0.0.0.0', 8, 'ipv4'],
  ['loopback', '127.0.0.0', 8, 'ipv4'],
  ['private', '10.0.0.0', 8, 'ipv4'],
  ['private', '172.16.0.0', 12, 'ipv4'],
  ['private', '192.168.0.0', 16, 'ipv4'],
  ['link_local', '169.254.0.0', 16, 'ipv4'],
  // Carrier-grade NAT: not the internet either.
  ['shared', '100.64.0.0', 10, 'ipv4'],
  ['reserved', '192.0.0.0', 24, 'ipv4'],
  ['reserved', '198.18.0.0', 15, 'ipv4'],
  ['multicast', '224.0.0.0', 4, 'ipv4'],
  ['reserved', '240.0.0.0', 4, 'ipv4'],
  ['unspecified', '::', 128, 'ipv6'],
  ['loopback', '::1', 128, 'ipv6'],
  // IPv4-compatible addresses (deprecated): some stacks still route ::7f00:1 to 127.0.0.1.
  ['reserved', '::', 96, 'ipv6'],
  ['unique_local', 'fc00::', 7, 'ipv6'],
  ['link_local', 'fe80::', 10, 'ipv6'],
  ['multicast', 'ff00::', 8, 'ipv6'],
];

const LISTS = new Map<Exclude<AddressClass, 'public'>, BlockList>();
for (const [cls, net, prefix, family] of RANGES) {
  let list = LISTS.get(cls);
  if (!list) LISTS.set(cls, (list = new BlockList()));
  list.addSubnet(net, prefix, family);
}

/** The class of an IP address (any family); `reserved` for something that is not one. */
export function classifyAddress(address: string): AddressClass {
  const bare = address.startsWith('[') && address.endsWith(']') ? address.slice(1, -1) : address;
  const family = isIP(bare);
  if (family === 0) return 'reserved';
  const type = family === 4 ? 'ipv4' : 'ipv6';
  for (const [cls, list] of LISTS) if (list.check(bare, type)) return cls;
  return 'public';
}

/** Why a URL may not be a webhook target, or null. */
export type TargetRefusal = 'not_a_url' | 'scheme' | 'credentials' | 'https_required' | AddressClass;

export interface TargetPolicy {
  /** HUB_WEBHOOKS_ALLOW_PRIVATE. */
  allowPrivate: boolean;
  /** Production: https only; otherwise http://localhost is accepted too (development). */
  isProduction: boolean;
}

/**
 * The checks that need no name resolution (registration and delivery): an http(s) URL without
 * credentials, https unless it is localhost outside production, and a literal IP address in a
 * public range unless private targets are allowed.
 */
export function checkTargetUrl(raw: string, policy: TargetPolicy): { url: URL } | { refused: TargetRefusal } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'not_a_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'scheme' };
  if (url.username || url.password) return { refused: 'credentials' };
  const host = url.hostname.replace(/\.$/, '').toLowerCase();
  const isLocalhost = host === 'localhost' || host.endsWith('.localhost');
  const literal = isIP(host.replace(/^\[|\]$/g, '')) ? classifyAddress(host) : null;
  // Plain http only to this machine during development: nothing else may carry a signed event unencrypted.
  if (url.protocol === 'http:' && !((isLocalhost || literal === 'loopback') && !policy.isProduction)) {
    return { refused: 'https_required' };
  }
  if (policy.allowPrivate) return { url };
  if (isLocalhost) return { refused: 'loopback' };
  return literal === null || literal === 'public' ? { url } : { refused: literal };
}

/** Resolves a host name to its addresses (stubbed in unit tests). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export class TargetRefusedError extends Error {
  constructor(readonly refusal: TargetRefusal) {
    super(`webhook target refused: ${refusal}`);
  }
}

/** The addresses of a host that may be connected to; throws TargetRefusedError when any is not public. */
export async function resolveTarget(host: string, resolver: Resolver, allowPrivate: boolean): Promise<LookupAddress[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  const family = isIP(bare);
  const addresses = family ? [{ address: bare, family }] : await resolver(bare);
  if (!addresses.length) throw new TargetRefusedError('reserved');
  if (!allowPrivate) {
    // Every answer is checked: a name that answers one public and one private address is refused.
    for (const a of addresses) {
      const cls = classifyAddress(a.address);
      if (cls !== 'public') throw new TargetRefusedError(cls);
    }
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/**
 * A `lookup` for http(s).request: the connection goes only to addresses `resolveTarget` accepted,
 * resolved when the socket connects.
 */
export function guardedLookup(resolver: Resolver, allowPrivate: boolean) {
  return (host: string, options: LookupOptions, callback: LookupCallback) => {
    resolveTarget(host, resolver, allowPrivate).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (e: unknown) => callback(e as NodeJS.ErrnoException, ''),
    );
  };
}
