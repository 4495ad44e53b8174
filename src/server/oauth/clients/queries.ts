import { and, arrayContains, desc, eq, gt, inArray, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { authSessions, oauthClients } from '../../db/schema/index';
import type { OAuthClient } from '../../db/schema/index';

export async function insertClient(db: DbOrTx, values: typeof oauthClients.$inferInsert): Promise<OAuthClient> {
  const [row] = await db.insert(oauthClients).values(values).returning();
  return row;
}

export async function listClients(db: DbOrTx): Promise<OAuthClient[]> {
  return db.select().from(oauthClients).orderBy(desc(oauthClients.createdAt));
}

export async function findClientById(db: DbOrTx, id: string): Promise<OAuthClient | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.id, id)).limit(1);
  return row;
}

export async function findClientByClientId(db: DbOrTx, clientId: string): Promise<OAuthClient | undefined> {
  const [row] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId)).limit(1);
  return row;
}

export async function findClientsByClientIds(db: DbOrTx, clientIds: string[]) {
  if (!clientIds.length) return [];
  return db
    .select({
      clientId: oauthClients.clientId,
      appName: oauthClients.appName,
      appUrl: oauthClients.appUrl,
      appType: oauthClients.appType,
    })
    .from(oauthClients)
    .where(inArray(oauthClients.clientId, clientIds));
}

export async function updateClient(
  db: DbOrTx,
  id: string,
  values: Partial<typeof oauthClients.$inferInsert>,
): Promise<OAuthClient | undefined> {
  const [row] = await db.update(oauthClients).set(values).where(eq(oauthClients.id, id)).returning();
  return row;
}

/** Whether any active client lists this origin in allowed_origins (CORS for browser-based clients). */
export async function isOriginAllowed(db: DbOrTx, origin: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(and(eq(oauthClients.isActive, true), arrayContains(oauthClients.allowedOrigins, [origin])))
    .limit(1);
  return !!row;
}

/**
 * Whether an active client registered this URL as its app_url: the API a sister platform serves
 * (RFC 8707). A dynamically registered client names no API until an administrator approves it.
 */
export async function isRegisteredResource(db: DbOrTx, url: string): Promise<boolean> {
  const [row] = await db
    .select({ id: oauthClients.id })
    .from(oauthClients)
    .where(
      and(
        eq(oauthClients.isActive, true),
        eq(oauthClients.appUrl, url),
        or(eq(oauthClients.registration, 'admin'), eq(oauthClients.appType, 'platform')),
      ),
    )
    .limit(1);
  return !!row;
}

/** The client's sessions still running (active, not expired) and the people they belong to. */
export async function countLiveSessionsOfClient(
  db: DbOrTx,
  clientId: string,
  now: Date,
): Promise<{ signed_in_people: number; active_sessions: number }> {
  const [row] = await db
    .select({
      signed_in_people: sql<number>`count(distinct ${authSessions.userId})::int`,
      active_sessions: sql<number>`count(*)::int`,
    })
    .from(authSessions)
    .where(and(eq(authSessions.clientId, clientId), eq(authSessions.isActive, true), gt(authSessions.expiresAt, now)));
  return row;
}
