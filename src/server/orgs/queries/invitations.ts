import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { organizationInvitations } from '../../db/schema/index';
import type { OrganizationInvitation } from '../../db/schema/index';

/** SQL of the organization_invitations table; no rules here. */

export async function insertInvitation(
  db: DbOrTx,
  values: typeof organizationInvitations.$inferInsert,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db.insert(organizationInvitations).values(values).onConflictDoNothing().returning();
  return row;
}

/** Ends the expired pending invitations to an address (so a new one may be sent). */
export async function retireExpiredInvitations(db: DbOrTx, orgId: string, email: string, now: Date): Promise<void> {
  await db
    .update(organizationInvitations)
    .set({ revokedAt: now })
    .where(
      and(
        eq(organizationInvitations.orgId, orgId),
        eq(organizationInvitations.email, email),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        sql`${organizationInvitations.expiresAt} <= ${now.toISOString()}::timestamptz`,
      ),
    );
}

export async function listInvitations(db: DbOrTx, orgId: string): Promise<OrganizationInvitation[]> {
  return db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.orgId, orgId))
    .orderBy(desc(organizationInvitations.createdAt), desc(organizationInvitations.id))
    .limit(500);
}

export async function findInvitation(
  db: DbOrTx,
  orgId: string,
  id: string,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(and(eq(organizationInvitations.orgId, orgId), eq(organizationInvitations.id, id)))
    .limit(1);
  return row;
}

export async function findInvitationByHash(db: DbOrTx, tokenHash: string): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .select()
    .from(organizationInvitations)
    .where(eq(organizationInvitations.tokenHash, tokenHash))
    .limit(1)
    .for('update');
  return row;
}

/** The pending invitation with this id (not accepted, not revoked, not expired), updated; undefined otherwise. */
export async function updatePendingInvitation(
  db: DbOrTx,
  id: string,
  now: Date,
  values: Partial<typeof organizationInvitations.$inferInsert>,
  /** Resending renews an expired invitation too; accepting does not. */
  evenExpired = false,
): Promise<OrganizationInvitation | undefined> {
  const [row] = await db
    .update(organizationInvitations)
    .set(values)
    .where(
      and(
        eq(organizationInvitations.id, id),
        isNull(organizationInvitations.acceptedAt),
        isNull(organizationInvitations.revokedAt),
        evenExpired ? undefined : gt(organizationInvitations.expiresAt, now),
      ),
    )
    .returning();
  return row;
}
