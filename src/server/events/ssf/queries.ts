import { and, eq, inArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import {
  platformUsers,
  ssfStreams,
  ssfSubjects,
  webhookEndpoints,
  type NewWebhookEndpoint,
  type SsfStream,
  type WebhookEndpoint,
} from '../../db/schema/index';
import { deleteEndpoint, insertEndpoint, updateEndpoint } from '../delivery/queries';

/** A stream with the endpoint row that delivers it. */
export interface StreamRow {
  stream: SsfStream;
  endpoint: WebhookEndpoint;
}

export async function findStreamOfClient(db: DbOrTx, clientId: string): Promise<StreamRow | undefined> {
  const [found] = await db
    .select({ stream: ssfStreams, endpoint: webhookEndpoints })
    .from(ssfStreams)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, ssfStreams.endpointId))
    .where(eq(ssfStreams.clientId, clientId));
  return found;
}

/** A stream by its id (the administrator's API). */
export async function findStreamById(db: DbOrTx, id: string): Promise<StreamRow | undefined> {
  const [found] = await db
    .select({ stream: ssfStreams, endpoint: webhookEndpoints })
    .from(ssfStreams)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, ssfStreams.endpointId))
    .where(eq(ssfStreams.id, id));
  return found;
}

/** Every stream, oldest first (the administrator's list). */
export async function listStreamRows(db: DbOrTx): Promise<StreamRow[]> {
  return db
    .select({ stream: ssfStreams, endpoint: webhookEndpoints })
    .from(ssfStreams)
    .innerJoin(webhookEndpoints, eq(webhookEndpoints.id, ssfStreams.endpointId))
    .orderBy(ssfStreams.createdAt, ssfStreams.id);
}

/** The stream and its endpoint, created together (the endpoint is what the outbox fans out to). */
export async function insertStream(
  db: DbOrTx,
  endpoint: NewWebhookEndpoint,
  stream: Omit<typeof ssfStreams.$inferInsert, 'endpointId'>,
): Promise<StreamRow> {
  const e = await insertEndpoint(db, { ...endpoint, channel: 'ssf' });
  const [s] = await db
    .insert(ssfStreams)
    .values({ ...stream, endpointId: e.id })
    .returning();
  return { stream: s, endpoint: e };
}

export async function updateStreamRows(
  db: DbOrTx,
  row: StreamRow,
  stream: Partial<typeof ssfStreams.$inferInsert>,
  endpoint: Partial<NewWebhookEndpoint>,
): Promise<StreamRow> {
  const [s] = await db.update(ssfStreams).set(stream).where(eq(ssfStreams.id, row.stream.id)).returning();
  const e = await updateEndpoint(db, row.endpoint.id, endpoint, 'ssf');
  return { stream: s, endpoint: e ?? row.endpoint };
}

/** Deletes the stream's endpoint: the stream, its subjects and its pending deliveries go with it. */
export async function deleteStreamRows(db: DbOrTx, row: StreamRow): Promise<void> {
  await deleteEndpoint(db, row.endpoint.id, 'ssf');
}

/** The audience and owner of the streams delivered by these endpoints (the worker's pass). */
export async function findStreamTargets(
  db: DbOrTx,
  endpointIds: string[],
): Promise<Map<string, { audience: string; clientId: string }>> {
  const found = await db
    .select({ endpointId: ssfStreams.endpointId, audience: ssfStreams.audience, clientId: ssfStreams.clientId })
    .from(ssfStreams)
    .where(inArray(ssfStreams.endpointId, endpointIds));
  return new Map(found.map((r) => [r.endpointId, { audience: r.audience, clientId: r.clientId }]));
}

/** Adds a subject (again: its resolved user is refreshed). */
export async function upsertSubject(
  db: DbOrTx,
  values: { streamId: string; key: string; subject: Record<string, string>; userId: string | null; now: Date },
): Promise<void> {
  await db
    .insert(ssfSubjects)
    .values({
      streamId: values.streamId,
      key: values.key,
      subject: values.subject,
      userId: values.userId,
      createdAt: values.now,
    })
    .onConflictDoUpdate({ target: [ssfSubjects.streamId, ssfSubjects.key], set: { userId: sql`excluded.user_id` } });
}

export async function deleteSubject(db: DbOrTx, streamId: string, key: string): Promise<boolean> {
  const deleted = await db
    .delete(ssfSubjects)
    .where(and(eq(ssfSubjects.streamId, streamId), eq(ssfSubjects.key, key)))
    .returning({ id: ssfSubjects.id });
  return deleted.length > 0;
}

/** The account a subject names: by id (the hub's `sub`) or by email, case-insensitively. */
export async function findSubjectUser(db: DbOrTx, by: { id: string } | { email: string }): Promise<string | null> {
  const where = 'id' in by ? eq(platformUsers.id, by.id) : sql`lower(${platformUsers.email}) = lower(${by.email})`;
  const [found] = await db.select({ id: platformUsers.id }).from(platformUsers).where(where).limit(1);
  return found?.id ?? null;
}
