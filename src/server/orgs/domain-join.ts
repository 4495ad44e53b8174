import type { Hub } from '../hub';
import type { PlatformUser } from '../db/schema/index';
import type { AuditActorFields } from '../audit/record';
import { CACHES } from '../caches';
import { DEFAULT_ORG_ROLE } from '../../shared/api/orgs';
import { joinVerifiedDomainOrg, listVerifiedDomainNames } from './queries';

/**
 * Domain membership (issue 29): a user whose *verified* address is in a domain an organization
 * proved joins it with the default role, on sign-in (auth/sign-in.ts finishSignIn calls this after
 * the session is committed). The hub keeps the set of verified domains for a minute
 * (hub.caches.claimedDomains) so that a sign-in outside them reads nothing more; the join itself
 * checks the claim again in SQL, so a stale set never joins anyone wrongly.
 */
export async function joinOrgsByEmailDomain(hub: Hub, user: PlatformUser, who: AuditActorFields): Promise<void> {
  if (!user.emailVerifiedAt || !user.isActive) return;
  const domain = user.email.slice(user.email.lastIndexOf('@') + 1);
  if (!(await claimedDomains(hub)).has(domain)) return;
  const now = hub.clock();
  const roles = [DEFAULT_ORG_ROLE];
  await hub.db.transaction(async (tx) => {
    const orgId = await joinVerifiedDomainOrg(tx, { userId: user.id, domain, roles, now });
    if (!orgId) return;
    await hub.audit.record(
      {
        type: 'org_member_added',
        ...who,
        userId: user.id,
        details: { org_id: orgId, target_user_id: user.id, roles, via: 'domain' },
      },
      tx,
    );
  });
}

async function claimedDomains(hub: Hub): Promise<Set<string>> {
  const cache = hub.caches.claimedDomains;
  const now = hub.clock().getTime();
  if (cache.domains && now < cache.until) return cache.domains;
  const domains = new Set(await listVerifiedDomainNames(hub.db, CACHES.claimedDomains.maxEntries));
  cache.domains = domains;
  cache.until = now + CACHES.claimedDomains.ttlMs;
  return domains;
}

/** This node forgets the set at once when it verified or removed a domain itself. */
export function forgetClaimedDomains(hub: Hub): void {
  hub.caches.claimedDomains.domains = null;
}
