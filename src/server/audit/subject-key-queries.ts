import { and, eq, inArray, isNotNull, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { auditSubjectKeys } from '../db/schema/index';
import type { StepsWrite } from '../db/writes';

/** The tombstone's key_id: the person was erased, no key may be stored for them again. */
export const ERASED_KEY_ID = 'erased';

/** The stored keys of these people, sealed, by `<user_id>:<key_id>` (the tombstones left out). */
export async function findSubjectKeys(db: DbOrTx, userIds: string[]): Promise<Map<string, string>> {
  if (userIds.length === 0) return new Map();
  const found = await db
    .select({ userId: auditSubjectKeys.userId, keyId: auditSubjectKeys.keyId, sealedKey: auditSubjectKeys.sealedKey })
    .from(auditSubjectKeys)
    .where(and(inArray(auditSubjectKeys.userId, userIds), isNotNull(auditSubjectKeys.sealedKey)));
  return new Map(found.map((r) => [`${r.userId}:${r.keyId}`, r.sealedKey!]));
}

/**
 * The write that stores new keys in the audit append's own statement (db/writes.ts): only when
 * the append goes through, never a second time (on conflict do nothing), and never for a
 * person erased meanwhile (the tombstone).
 */
export function storeSubjectKeysWrite(
  keys: { userId: string; keyId: string; sealedKey: string }[],
  now: Date,
): StepsWrite {
  const json = JSON.stringify(keys.map((k) => ({ user_id: k.userId, key_id: k.keyId, sealed_key: k.sealedKey })));
  return {
    kind: 'steps',
    steps: [
      {
        name: 'subject_keys',
        body: ({ guard }) => sql`insert into ${auditSubjectKeys} (user_id, key_id, sealed_key, created_at)
          select x.user_id, x.key_id, x.sealed_key, ${now.toISOString()}::timestamptz
            from jsonb_to_recordset(${json}::jsonb) as x(user_id uuid, key_id text, sealed_key text)
           where ${guard} and not exists (
             select 1 from ${auditSubjectKeys} e where e.user_id = x.user_id and e.key_id = ${ERASED_KEY_ID})
          on conflict do nothing returning 1`,
      },
    ],
  };
}

/** Erasure: destroys every key of the person and leaves the tombstone. */
export async function destroySubjectKeys(db: DbOrTx, userId: string, now: Date): Promise<void> {
  await db
    .delete(auditSubjectKeys)
    .where(and(eq(auditSubjectKeys.userId, userId), ne(auditSubjectKeys.keyId, ERASED_KEY_ID)));
  await db
    .insert(auditSubjectKeys)
    .values({ userId, keyId: ERASED_KEY_ID, sealedKey: null, createdAt: now })
    .onConflictDoNothing();
}

/** How many keys of the person still stand (tests). */
export async function countSubjectKeys(db: DbOrTx, userId: string): Promise<number> {
  const [r] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(auditSubjectKeys)
    .where(and(eq(auditSubjectKeys.userId, userId), isNotNull(auditSubjectKeys.sealedKey)));
  return Number(r?.n ?? 0);
}
