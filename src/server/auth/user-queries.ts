import { and, eq, sql } from 'drizzle-orm';
import { statementWrite, type Write } from '../db/writes';
import type { DbOrTx } from '../db/client';
import { platformUsers } from '../db/schema/index';
import { insertFirstAssignments } from '../roles/queries';
import type { PlatformUser } from '../db/schema/index';

export async function findUserByEmail(db: DbOrTx, email: string): Promise<PlatformUser | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.email, email)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<PlatformUser | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, id)).limit(1);
  return row;
}

/** Locks the row so two concurrent edits (or deactivations) are decided one after the other. */
export async function lockUserById(db: DbOrTx, id: string): Promise<PlatformUser | undefined> {
  const [row] = await db.select().from(platformUsers).where(eq(platformUsers.id, id)).for('update').limit(1);
  return row;
}

/** Inserts a user with the given active roles; undefined when the email is taken. */
export async function insertUserWithRoles(
  db: DbOrTx,
  values: typeof platformUsers.$inferInsert,
  roles: string[],
  grantedBy: string | null,
): Promise<PlatformUser | undefined> {
  const [user] = await db
    .insert(platformUsers)
    .values(values)
    .onConflictDoNothing({ target: platformUsers.email })
    .returning();
  if (!user) return undefined;
  await insertFirstAssignments(db, user.id, roles, grantedBy, values.createdAt);
  return user;
}

/** The setup reset (setup/setup-queries.ts deleteAllAccounts): every user, counted. */
export async function deleteAllUsers(db: DbOrTx): Promise<number> {
  const gone = await db.delete(platformUsers).returning({ id: platformUsers.id });
  return gone.length;
}

/** The sign-in's last-login time, as a write of its unit of work (committed with its audit record, or not at all). */
export function recordLoginStatement(userId: string, now: Date): Write {
  return statementWrite(
    (guard) =>
      sql`update platform_users set last_login_at = ${now.toISOString()}::timestamptz where id = ${userId}::uuid and ${guard}`,
  );
}

export async function markEmailVerified(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db.update(platformUsers).set({ emailVerifiedAt: now, updatedAt: now }).where(eq(platformUsers.id, userId));
}

/** A new password: whatever the old one's breach mark asked for is done (issue 42). */
export async function setPasswordHash(db: DbOrTx, userId: string, passwordHash: string, now: Date): Promise<void> {
  await db
    .update(platformUsers)
    .set({ passwordHash, passwordChange: null, updatedAt: now })
    .where(eq(platformUsers.id, userId));
}

/** Issue 42: the password signed in with is breached: the person is asked (or required) to change it. */
export async function setPasswordChange(db: DbOrTx, userId: string, mode: 'asked' | 'required'): Promise<void> {
  await db.update(platformUsers).set({ passwordChange: mode }).where(eq(platformUsers.id, userId));
}

export async function updateUser(
  db: DbOrTx,
  id: string,
  values: Partial<typeof platformUsers.$inferInsert>,
): Promise<PlatformUser> {
  const [row] = await db.update(platformUsers).set(values).where(eq(platformUsers.id, id)).returning();
  return row;
}

export async function updateProfile(
  db: DbOrTx,
  userId: string,
  fields: Partial<Pick<PlatformUser, 'fullName' | 'organization' | 'department' | 'locale'>>,
  now: Date,
): Promise<PlatformUser> {
  const [row] = await db
    .update(platformUsers)
    .set({ ...fields, updatedAt: now })
    .where(eq(platformUsers.id, userId))
    .returning();
  return row;
}

/** Sets a confirmed new address; null when another account has it (unique violation avoided). */
export async function changeEmail(db: DbOrTx, userId: string, email: string, now: Date): Promise<PlatformUser | null> {
  const [row] = await db
    .update(platformUsers)
    .set({ email, emailVerifiedAt: now, updatedAt: now })
    .where(
      and(
        eq(platformUsers.id, userId),
        sql`not exists (select 1 from ${platformUsers} other where other.email = ${email} and other.id <> ${userId})`,
      ),
    )
    .returning();
  return row ?? null;
}

export async function emailInUse(db: DbOrTx, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: platformUsers.id })
    .from(platformUsers)
    .where(eq(platformUsers.email, email))
    .limit(1);
  return Boolean(row);
}
