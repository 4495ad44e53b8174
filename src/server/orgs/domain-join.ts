import type { Hub } from '../hub';
import type { PlatformUser } from '../db/schema/index';
import type { AuditActorFields } from '../audit/record';
import { isWriteNotApplied } from '../db/writes';
import { CACHES } from '../caches';
import { DEFAULT_ORG_ROLE, provenEmailDomain } from '../../shared/org-policy';
import { Refusal } from '../errors';
import { listVerifiedDomains } from './queries/domains';
import { domainJoinWrite } from './queries/members';
import { findEnabledRequiredProvider } from './queries/organizations';

/**
 * Domain membership (issue 29): a user whose *verified* address is in a domain an organization
 * proved joins it with the default role, on sign-in (auth/sign-in.ts finishSignIn calls this after
 * the session is committed). The hub keeps the verified domains for a minute
 * (hub.caches.claimedDomains), so a sign-in outside them reads nothing more; a sign-in inside
 * one is one unit of work — the membership and its `org_member_added` record in one statement —
 * whose write checks the claim again in SQL and is required: a stale cache, or a user who is a
 * member already, writes nothing at all.
 */
export async function joinOrgsByEmailDomain(hub: Hub, user: PlatformUser, who: AuditActorFields): Promise<void> {
  if (!user.isActive) return;
  const domain = provenDomainOf(user);
  const orgId = domain ? (await claimedDomains(hub)).get(domain) : undefined;
  if (!domain || !orgId) return;
  const roles = [DEFAULT_ORG_ROLE];
  try {
    await hub.unitOfWork.commit(
      {
        type: 'org_member_added',
        ...who,
        userId: user.id,
        details: { org_id: orgId, target_user_id: user.id, roles, via: 'domain' },
      },
      [domainJoinWrite({ orgId, userId: user.id, domain, roles, now: hub.clock() })],
    );
  } catch (e) {
    // A member already, or the domain no longer verified: nothing was written, nothing to do.
    if (!isWriteNotApplied(e)) throw e;
  }
}

/**
 * Issue 29's "cannot use a password": a verified address in a domain whose organization requires
 * SSO through an enabled provider is refused a password sign-in (auth/sign-in.ts, once the password
 * proved right, so nobody else learns it), with the provider named so the person knows where to
 * go. The same cached set of domains as the join: outside them nothing more is read; inside one,
 * one indexed read. An unverified address joins no organization, so it is not held to its policy.
 */
export async function refusePasswordWhenSsoRequired(
  hub: Hub,
  user: PlatformUser,
  who: AuditActorFields,
): Promise<void> {
  const domain = provenDomainOf(user);
  const orgId = domain ? (await claimedDomains(hub)).get(domain) : undefined;
  if (!orgId) return;
  const required = await findEnabledRequiredProvider(hub.db, orgId);
  if (!required) return;
  throw new Refusal('forbidden', {
    message:
      `${required.orgName} requires signing in with ${required.providerName}: ` +
      `use "Continue with ${required.providerName}" instead of a password.`,
    extra: { sso: { slug: required.providerSlug, display_name: required.providerName } },
    audit: {
      type: 'org_access_refused',
      ...who,
      userId: user.id,
      details: { org_id: orgId, action: 'password_sign_in', reason: 'sso_required' },
    },
  });
}

/**
 * The domain the account's address proves (org-policy.ts, the rule federation applies to a
 * provider's `email_verified` too): none while the address is unverified. The hub verified it
 * itself, or a provider trusted for its domain did when the account was made (federation).
 */
function provenDomainOf(user: PlatformUser): string | null {
  return provenEmailDomain(user.email, { verified: user.emailVerifiedAt !== null });
}

/** domain → the organization holding it verified, read again every minute (or when this node changed one). */
async function claimedDomains(hub: Hub): Promise<Map<string, string>> {
  const cache = hub.caches.claimedDomains;
  const now = hub.clock().getTime();
  if (cache.domains && now < cache.until) return cache.domains;
  const found = await listVerifiedDomains(hub.db, CACHES.claimedDomains.maxEntries);
  const domains = new Map(found.map((d) => [d.domain, d.orgId]));
  cache.domains = domains;
  cache.until = now + CACHES.claimedDomains.ttlMs;
  return domains;
}

/** This node forgets the set at once when it verified or removed a domain itself. */
export function forgetClaimedDomains(hub: Hub): void {
  hub.caches.claimedDomains.domains = null;
}
