import { lookup as dnsLookup } from 'node:dns';
import type { LookupAddress, LookupOptions } from 'node:dns';
import type { HubConfig } from '../config';
import { isHttpsOrLoopback, isLoopbackHost } from '../../shared/loopback';
import { classifyAddress, literalAddress, type AddressClass } from './addresses';

/**
 * The one door out (issue 38). Every request the server makes — webhooks, SSF pushes, SIEM
 * sinks, a client's jwks_uri, back-channel logout, an upstream provider's discovery, keys,
 * token and userinfo endpoints (openid-client through its `customFetch`) — goes through this
 * module, under one policy:
 *   - http(s) only, no credentials in the URL; plain http only to this machine, and never in
 *     production (src/shared/loopback.ts);
 *   - every address the host is, or resolves to, in a public range (net/addresses.ts) unless
 *     HUB_OUTBOUND_ALLOW_PRIVATE;
 *   - the connection goes to the address that was checked: the name is resolved once, in the
 *     socket's `lookup`, so an answer that changes between check and connect (DNS rebinding)
 *     cannot reach a refused address;
 *   - a time limit on the whole exchange, a size limit on the answer, and no redirects.
 * The requests themselves are in net/outbound-http.ts and net/outbound-tls.ts; nothing else in
 * src/server may call fetch, http(s).request, net.connect or tls.connect (scripts/check-outbound.ts).
 */

/** Resolves a host name to its addresses (tests pass their own to classify without sending). */
export type Resolver = (host: string) => Promise<LookupAddress[]>;

export const systemResolver: Resolver = (host) =>
  new Promise((resolve, reject) => {
    dnsLookup(host, { all: true }, (err, addresses) => (err ? reject(err) : resolve(addresses)));
  });

export interface OutboundPolicy {
  /** HUB_OUTBOUND_ALLOW_PRIVATE: loopback, private and the other special ranges may be reached. */
  allowPrivate: boolean;
  /** Production: https only, even to this machine. */
  isProduction: boolean;
  resolver: Resolver;
}

/** The hub's policy, from its configuration. */
export function outboundPolicy(
  config: Pick<HubConfig, 'outboundAllowPrivate' | 'isProduction'>,
  resolver: Resolver = systemResolver,
): OutboundPolicy {
  return { allowPrivate: config.outboundAllowPrivate, isProduction: config.isProduction, resolver };
}

/** Why a target is refused. */
export type OutboundRefusal = 'not_a_url' | 'scheme' | 'credentials' | 'https_required' | 'unresolved' | AddressClass;

export class OutboundRefusedError extends Error {
  constructor(readonly refusal: OutboundRefusal) {
    super(`outbound target refused: ${refusal}`);
  }
}

/** The words an administrator reads for a refusal (registration forms, delivery logs). */
export function describeRefusal(refusal: OutboundRefusal): string {
  switch (refusal) {
    case 'not_a_url':
      return 'is not a URL';
    case 'scheme':
      return 'must be an http(s) URL';
    case 'credentials':
      return 'must not carry a user name or password';
    case 'https_required':
      return 'must be https (plain http only to this machine outside production)';
    case 'unresolved':
      return 'does not resolve';
    default:
      return `the address is ${refusal.replace('_', '-')} (HUB_OUTBOUND_ALLOW_PRIVATE=true lifts this)`;
  }
}

/**
 * The checks of a host that need no name resolution: a literal address in a public range, and
 * no `localhost` name, unless private targets are allowed. A literal address is connected to
 * without any lookup, so this is where it is checked.
 */
export function checkOutboundHost(host: string, policy: Pick<OutboundPolicy, 'allowPrivate'>): OutboundRefusal | null {
  if (policy.allowPrivate) return null;
  const literal = literalAddress(host);
  if (literal !== null) {
    const cls = classifyAddress(literal);
    return cls === 'public' ? null : cls;
  }
  return isLoopbackHost(host) ? 'loopback' : null;
}

/** The checks of a URL that need no name resolution (registration and every call). */
export function checkOutboundUrl(
  raw: string | URL,
  policy: Pick<OutboundPolicy, 'allowPrivate' | 'isProduction'>,
): { url: URL } | { refused: OutboundRefusal } {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return { refused: 'not_a_url' };
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return { refused: 'scheme' };
  if (url.username || url.password) return { refused: 'credentials' };
  if (url.protocol === 'http:' && (!isHttpsOrLoopback(url) || policy.isProduction))
    return { refused: 'https_required' };
  const refused = checkOutboundHost(url.hostname, policy);
  return refused ? { refused } : { url };
}

/**
 * The addresses of a host that may be connected to; throws OutboundRefusedError when it does not
 * resolve or when any answer is not public (a name answering one public and one private address
 * is refused whole).
 */
export async function resolveOutbound(host: string, policy: OutboundPolicy): Promise<LookupAddress[]> {
  const literal = literalAddress(host);
  const family = literal === null ? 0 : literal.includes(':') ? 6 : 4;
  const addresses = literal !== null ? [{ address: literal, family }] : await policy.resolver(host).catch(() => []);
  if (!addresses.length) throw new OutboundRefusedError('unresolved');
  if (!policy.allowPrivate) {
    for (const a of addresses) {
      const cls = classifyAddress(a.address);
      if (cls !== 'public') throw new OutboundRefusedError(cls);
    }
  }
  return addresses;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

/** A `lookup` for sockets: the connection goes only to addresses `resolveOutbound` accepted. */
export function pinnedLookup(policy: OutboundPolicy) {
  return (host: string, options: LookupOptions, callback: LookupCallback) => {
    resolveOutbound(host, policy).then(
      (addresses) => {
        if (options.all) callback(null, addresses);
        else callback(null, addresses[0].address, addresses[0].family);
      },
      (e: unknown) => callback(e as NodeJS.ErrnoException, ''),
    );
  };
}

/** The host of a target URL, for audit rows and logs (never its path or query, which may carry a secret). */
export function targetHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return '';
  }
}

/** A short, secret-free description of an outbound error (no URL query, no header, one line). */
export function describeOutboundError(e: unknown): string {
  if (e instanceof OutboundRefusedError) return `refused: ${e.refusal}`;
  if (e instanceof Error) {
    const code = (e as NodeJS.ErrnoException).code;
    return (code ? `${code}: ${e.message}` : e.message).split('\n')[0].slice(0, 300);
  }
  return 'unknown error';
}
