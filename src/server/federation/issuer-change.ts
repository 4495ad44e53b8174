import type { Hub } from '../hub';
import type { Actor } from '../actor';
import type { DbOrTx } from '../db/client';
import type { IdentityProvider, NewIdentityProvider } from '../db/schema/index';
import { consumeTokensCarrying } from '../auth/one-time-token-queries';
import { deleteIdentitiesOfProvider } from './queries';
import { LINK_MAIL_PURPOSE, LINK_PENDING_PURPOSE } from './pending-link';

/**
 * An identity is `(provider, subject)`, and a subject means something only to the issuer that
 * gave it (OIDC Core §2: `sub` is unique within the issuer; SAML: the NameID within the IdP). When
 * an administrator changes a provider's issuer (OIDC) or its IdP (SAML metadata with another
 * entityID), the subjects of the new issuer are other people's: the identities linked through the
 * old one are unlinked in the same transaction as the change, each with its audit row, and the
 * links still waiting for a proof (pending-link.ts) are voided. The accounts stay; their people
 * sign in another way and link the new provider again. (New SAML metadata with the same entityID,
 * e.g. after a certificate roll-over, changes no identity.) The admin screen says so.
 */

/** Whether this change gives the provider another issuer, whose subjects name other people. */
export function changesIssuer(current: IdentityProvider, values: Partial<NewIdentityProvider>): boolean {
  return values.issuer !== undefined && values.issuer !== current.issuer;
}

/** Unlinks every identity of the provider and voids its pending links; how many identities there were. */
export async function unlinkIdentitiesOfProvider(
  hub: Hub,
  tx: DbOrTx,
  provider: IdentityProvider,
  actor: Actor,
): Promise<number> {
  const removed = await deleteIdentitiesOfProvider(tx, provider.id);
  await consumeTokensCarrying(
    tx,
    [LINK_PENDING_PURPOSE, LINK_MAIL_PURPOSE],
    { key: 'providerId', value: provider.id },
    hub.clock(),
  );
  if (removed.length) {
    await hub.audit.record(
      removed.map((r) => ({
        type: 'federated_identity_unlinked' as const,
        ...actor.audit,
        details: {
          provider: provider.slug,
          subject: r.subject,
          reason: 'provider_issuer_changed' as const,
          target_user_id: r.userId,
        },
      })),
      tx,
    );
  }
  return removed.length;
}
