import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import type { OrganizationDomain } from '../db/schema/index';
import { HubError, Refusal } from '../errors';
import { randomToken } from '../crypto/tokens';
import type { DomainView } from '../../shared/api/orgs';
import { isPublicMailDomain } from '../../shared/public-mail-domains';
import {
  deleteDomain,
  findDomain,
  findVerifiedDomainHolder,
  insertDomain,
  listDomains,
  markDomainVerified,
} from './queries/domains';
import { authorize, loadOrgActor, lockOrgActor, type OrgAccess } from './permissions';
import { challengeOf, findDomainProof } from './dns';
import { forgetClaimedDomains } from './domain-join';
import { conflictOnUnique } from '../db/unique';

const NO_SUCH_DOMAIN = 'This organization has not claimed that domain.';
const TAKEN = 'Another organization has proved this domain.';

function toDomainView(d: OrganizationDomain): DomainView {
  const { name, value } = challengeOf(d.domain, d.verificationToken);
  return {
    domain: d.domain,
    verified: d.verifiedAt !== null,
    method: (d.method as DomainView['method']) ?? null,
    verified_at: d.verifiedAt?.toISOString() ?? null,
    record_name: name,
    record_value: value,
    created_at: d.createdAt.toISOString(),
  };
}

export async function listOrgDomains(hub: Hub, actor: SignedInActor, orgId: string, access: OrgAccess) {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_domains');
  return (await listDomains(hub.db, orgId)).map(toDomainView);
}

/** Claims a domain (unverified until proved); a public mail domain never. */
export async function claimDomain(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  domain: string,
): Promise<DomainView> {
  return hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    authorize(o, 'manage_domains');
    if (isPublicMailDomain(domain))
      throw new HubError('invalid_request', `${domain} is a public mail domain: no organization can claim it.`, {
        field: 'domain',
      });
    if (await findVerifiedDomainHolder(tx, domain, orgId)) throw new HubError('conflict', TAKEN, { field: 'domain' });
    const row = await insertDomain(tx, {
      orgId,
      domain,
      verificationToken: randomToken(),
      createdAt: hub.clock(),
    });
    if (!row) throw new HubError('conflict', 'This organization has claimed this domain already.', { field: 'domain' });
    await hub.audit.record({ type: 'org_domain_claimed', ...actor.audit, details: { org_id: orgId, domain } }, tx);
    return toDomainView(row);
  });
}

export async function removeDomain(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  domain: string,
): Promise<void> {
  await hub.db.transaction(async (tx) => {
    const o = await lockOrgActor(tx, actor, orgId, access);
    authorize(o, 'manage_domains');
    if (!(await deleteDomain(tx, orgId, domain))) throw new HubError('not_found', NO_SUCH_DOMAIN);
    await hub.audit.record({ type: 'org_domain_removed', ...actor.audit, details: { org_id: orgId, domain } }, tx);
  });
  forgetClaimedDomains(hub);
}

/**
 * Verifies a claimed domain: for an organization's admins by its DNS TXT record; for an
 * ecosystem admin (/api/admin/orgs/…) by their explicit approval, audited as such. A domain
 * verified already answers as it is.
 */
export async function verifyDomain(
  hub: Hub,
  actor: SignedInActor,
  orgId: string,
  access: OrgAccess,
  domain: string,
): Promise<DomainView> {
  const o = await loadOrgActor(hub, actor, orgId, access);
  authorize(o, 'manage_domains');
  const claimed = await findDomain(hub.db, orgId, domain);
  if (!claimed) throw new HubError('not_found', NO_SUCH_DOMAIN);
  if (claimed.verifiedAt) return toDomainView(claimed);
  const method = access === 'ecosystem_admin' ? 'admin' : 'dns';
  if (method === 'dns') {
    // Asked outside any transaction: a slow resolver must not hold a lock.
    const proof = await findDomainProof(hub, domain, claimed.verificationToken);
    if (proof !== 'found') {
      const { name, value } = challengeOf(domain, claimed.verificationToken);
      throw new Refusal('invalid_request', {
        message:
          proof === 'missing'
            ? `No TXT record ${name} with the value ${value} was found. Publish it, wait for DNS to update, and try again.`
            : 'The domain could not be checked: DNS did not answer. Try again later.',
        audit: { type: 'org_domain_verification_failed', details: { org_id: orgId, domain, reason: proof } },
      });
    }
  }
  const verify = () =>
    hub.db.transaction(async (tx) => {
      await lockOrgActor(tx, actor, orgId, access);
      if (await findVerifiedDomainHolder(tx, domain, orgId)) throw new HubError('conflict', TAKEN, { field: 'domain' });
      const row = await markDomainVerified(tx, orgId, domain, method, hub.clock());
      if (!row) throw new HubError('not_found', NO_SUCH_DOMAIN);
      await hub.audit.record(
        { type: 'org_domain_verified', ...actor.audit, details: { org_id: orgId, domain, method } },
        tx,
      );
      return row;
    });
  const verified = await conflictOnUnique(verify, new HubError('conflict', TAKEN, { field: 'domain' }));
  forgetClaimedDomains(hub);
  return toDomainView(verified);
}
