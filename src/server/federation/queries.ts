import { and, arrayOverlaps, asc, eq, inArray, lt, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import {
  federatedIdentities,
  federationAssertionIds,
  identityProviders,
  organizations,
  platformUsers,
  webauthnCredentials,
} from '../db/schema/index';
import type { FederatedIdentity, IdentityProvider, NewIdentityProvider, PlatformUser } from '../db/schema/index';

/** SQL of federation's tables (identity_providers, federated_identities, federation_assertion_ids); no rules here. */

export async function insertProvider(db: DbOrTx, values: NewIdentityProvider): Promise<IdentityProvider | undefined> {
  const [row] = await db
    .insert(identityProviders)
    .values(values)
    .onConflictDoNothing({ target: identityProviders.slug })
    .returning();
  return row;
}

export async function listProviders(db: DbOrTx): Promise<IdentityProvider[]> {
  return db.select().from(identityProviders).orderBy(asc(identityProviders.displayName), asc(identityProviders.slug));
}

export async function listEnabledProviders(db: DbOrTx): Promise<IdentityProvider[]> {
  return db
    .select()
    .from(identityProviders)
    .where(eq(identityProviders.enabled, true))
    .orderBy(asc(identityProviders.displayName), asc(identityProviders.slug));
}

export async function findProviderById(db: DbOrTx, id: string): Promise<IdentityProvider | undefined> {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.id, id)).limit(1);
  return row;
}

export async function findProviderBySlug(db: DbOrTx, slug: string): Promise<IdentityProvider | undefined> {
  const [row] = await db.select().from(identityProviders).where(eq(identityProviders.slug, slug)).limit(1);
  return row;
}

/** The enabled provider that owns an email domain (home-realm discovery). */
export async function findEnabledProviderByDomain(db: DbOrTx, domain: string): Promise<IdentityProvider | undefined> {
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(and(eq(identityProviders.enabled, true), arrayOverlaps(identityProviders.emailDomains, [domain])))
    .orderBy(asc(identityProviders.createdAt))
    .limit(1);
  return row;
}

/** Another provider that already claims one of these domains, if any. */
export async function findDomainOwner(
  db: DbOrTx,
  domains: string[],
  exceptId: string | null,
): Promise<IdentityProvider | undefined> {
  if (!domains.length) return undefined;
  const overlap = arrayOverlaps(identityProviders.emailDomains, domains);
  const [row] = await db
    .select()
    .from(identityProviders)
    .where(exceptId ? and(overlap, ne(identityProviders.id, exceptId)) : overlap)
    .limit(1);
  return row;
}

export async function updateProvider(
  db: DbOrTx,
  id: string,
  values: Partial<NewIdentityProvider>,
): Promise<IdentityProvider | undefined> {
  const [row] = await db.update(identityProviders).set(values).where(eq(identityProviders.id, id)).returning();
  return row;
}

/**
 * Issue 46: a provider's health, as its last connection test or failed sign-in left it. Not a
 * change of the provider (updated_at stays: the discovery cache is keyed by it).
 */
export async function recordProviderHealth(
  db: DbOrTx,
  id: string,
  outcome: { at: Date; error: string | null },
): Promise<void> {
  await db
    .update(identityProviders)
    .set(outcome.error === null ? { lastOkAt: outcome.at } : { lastError: outcome.error, lastErrorAt: outcome.at })
    .where(eq(identityProviders.id, id));
}

/** Deletes a provider and (by cascade) the identities linked through it; how many there were. */
export async function deleteProvider(
  db: DbOrTx,
  id: string,
): Promise<{ provider: IdentityProvider; identities: number } | null> {
  const [{ count }] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(federatedIdentities)
    .where(eq(federatedIdentities.providerId, id));
  const [provider] = await db.delete(identityProviders).where(eq(identityProviders.id, id)).returning();
  return provider ? { provider, identities: count } : null;
}

/**
 * What deleting a provider ends: the identities linked through it; the accounts for which it is the
 * only way in (no password, no passkey, no other identity: the test unlinkMyIdentity makes before
 * unlinking); and the organizations whose policy requires signing in through it.
 */
export async function countProviderDeletionImpact(
  db: DbOrTx,
  id: string,
): Promise<{ identities: number; only_way_in: number; organizations_requiring: number }> {
  const fi = federatedIdentities;
  const [row] = await db
    .select({
      identities: sql<number>`count(*)::int`,
      only_way_in: sql<number>`(count(*) filter (where ${platformUsers.passwordHash} is null
        and not exists (select 1 from ${webauthnCredentials} where ${webauthnCredentials.userId} = ${fi.userId})
        and not exists (select 1 from ${fi} as other where other.user_id = ${fi.userId} and other.provider_id <> ${id})))::int`,
      organizations_requiring: sql<number>`(select count(*)::int from ${organizations}
        where ${organizations.requireSsoProviderId} = ${id})`,
    })
    .from(fi)
    .innerJoin(platformUsers, eq(platformUsers.id, fi.userId))
    .where(eq(fi.providerId, id));
  return row;
}

/** The identity `(provider, subject)` and the account it is linked to. */
export async function findIdentity(
  db: DbOrTx,
  providerId: string,
  subject: string,
): Promise<{ identity: FederatedIdentity; user: PlatformUser } | undefined> {
  const [row] = await db
    .select({ identity: federatedIdentities, user: platformUsers })
    .from(federatedIdentities)
    .innerJoin(platformUsers, eq(platformUsers.id, federatedIdentities.userId))
    .where(and(eq(federatedIdentities.providerId, providerId), eq(federatedIdentities.subject, subject)))
    .limit(1);
  return row;
}

/** Links an identity; undefined when `(provider, subject)` is already linked (a concurrent first sign-in). */
export async function insertIdentity(
  db: DbOrTx,
  values: typeof federatedIdentities.$inferInsert,
): Promise<FederatedIdentity | undefined> {
  const [row] = await db
    .insert(federatedIdentities)
    .values(values)
    .onConflictDoNothing({ target: [federatedIdentities.providerId, federatedIdentities.subject] })
    .returning();
  return row;
}

export async function recordIdentitySignIn(db: DbOrTx, identityId: string, now: Date): Promise<void> {
  await db.update(federatedIdentities).set({ lastSignInAt: now }).where(eq(federatedIdentities.id, identityId));
}

/** The identities linked to one account, with their providers (GET /api/me/identities). */
export async function listIdentitiesOfUser(
  db: DbOrTx,
  userId: string,
): Promise<{ identity: FederatedIdentity; provider: IdentityProvider }[]> {
  return db
    .select({ identity: federatedIdentities, provider: identityProviders })
    .from(federatedIdentities)
    .innerJoin(identityProviders, eq(identityProviders.id, federatedIdentities.providerId))
    .where(eq(federatedIdentities.userId, userId))
    .orderBy(asc(federatedIdentities.createdAt), asc(federatedIdentities.id));
}

/** Unlinks one of the account's identities; null when it is not this account's. */
export async function deleteIdentityOfUser(
  db: DbOrTx,
  userId: string,
  identityId: string,
): Promise<FederatedIdentity | null> {
  const [row] = await db
    .delete(federatedIdentities)
    .where(and(eq(federatedIdentities.id, identityId), eq(federatedIdentities.userId, userId)))
    .returning();
  return row ?? null;
}

/**
 * Unlinks every identity of a provider, in the caller's transaction: whose they were (its issuer
 * or IdP changed, provider-service.ts). Locks the rows it removes, so a first sign-in linking one
 * meanwhile waits and then finds the provider as it is now.
 */
export async function deleteIdentitiesOfProvider(
  db: DbOrTx,
  providerId: string,
): Promise<{ userId: string; subject: string }[]> {
  return db
    .delete(federatedIdentities)
    .where(eq(federatedIdentities.providerId, providerId))
    .returning({ userId: federatedIdentities.userId, subject: federatedIdentities.subject });
}

/**
 * Unlinks the identities linked to an account while its address was unverified (ownership.ts);
 * which ones, by provider slug and subject. One statement when there are none.
 */
export async function deleteIdentitiesLinkedUnverified(
  db: DbOrTx,
  userId: string,
): Promise<{ provider: string; subject: string }[]> {
  const removed = await db
    .delete(federatedIdentities)
    .where(and(eq(federatedIdentities.userId, userId), eq(federatedIdentities.accountVerifiedAtLink, false)))
    .returning({ providerId: federatedIdentities.providerId, subject: federatedIdentities.subject });
  if (!removed.length) return [];
  const ids = [...new Set(removed.map((r) => r.providerId))];
  const providers = await db
    .select({ id: identityProviders.id, slug: identityProviders.slug })
    .from(identityProviders)
    .where(inArray(identityProviders.id, ids));
  const slugOf = new Map(providers.map((p) => [p.id, p.slug]));
  return removed.map((r) => ({ provider: slugOf.get(r.providerId) ?? r.providerId, subject: r.subject }));
}

/** Records a SAML assertion as used; false when it already was (a replay, from any node). */
export async function insertAssertionId(
  db: DbOrTx,
  values: { providerId: string; assertionId: string; expiresAt: Date },
): Promise<boolean> {
  const rows = await db
    .insert(federationAssertionIds)
    .values(values)
    .onConflictDoNothing({ target: [federationAssertionIds.providerId, federationAssertionIds.assertionId] })
    .returning({ id: federationAssertionIds.assertionId });
  return rows.length === 1;
}

/** Forgets the assertions that can no longer be accepted anyway (past their NotOnOrAfter); how many. */
export async function deleteExpiredAssertionIds(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .delete(federationAssertionIds)
    .where(lt(federationAssertionIds.expiresAt, now))
    .returning({ id: federationAssertionIds.assertionId });
  return rows.length;
}
