import { Resolver } from 'node:dns/promises';
import type { Hub } from '../hub';
import { DOMAIN_CHALLENGE_PREFIX, DOMAIN_CHALLENGE_VALUE_PREFIX } from '../../shared/api/orgs';

/** Where and what an organization publishes to prove a domain. */
export function challengeOf(domain: string, token: string): { name: string; value: string } {
  return { name: `${DOMAIN_CHALLENGE_PREFIX}.${domain}`, value: `${DOMAIN_CHALLENGE_VALUE_PREFIX}${token}` };
}

/** Answers that mean "no such record" rather than "could not ask". */
const ABSENT = new Set(['ENOTFOUND', 'ENODATA', 'NXDOMAIN']);

/**
 * Looks for the domain's proof: a TXT record at `_hub-challenge.<domain>` whose value (its
 * strings joined, RFC 7208 §3.3 style) is `hub-verification=<token>`. Asks the resolvers of
 * HUB_DNS_SERVERS when set (tests point it at a DNS server on 127.0.0.1), else the system's.
 */
export async function findDomainProof(
  hub: Hub,
  domain: string,
  token: string,
): Promise<'found' | 'missing' | 'unreachable'> {
  const resolver = new Resolver({ timeout: 3000, tries: 2 });
  if (hub.config.dnsServers?.length) resolver.setServers(hub.config.dnsServers);
  const { name, value } = challengeOf(domain, token);
  try {
    const records = await resolver.resolveTxt(name);
    return records.some((chunks) => chunks.join('') === value) ? 'found' : 'missing';
  } catch (e) {
    return ABSENT.has((e as { code?: string }).code ?? '') ? 'missing' : 'unreachable';
  }
}
