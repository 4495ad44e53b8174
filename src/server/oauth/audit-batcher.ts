import type { Hub } from '../hub';
import type { AuditEvent } from '../audit/record';
import { sql } from 'drizzle-orm';
import { authSessions } from '../db/schema/index';

type NewSession = typeof authSessions.$inferInsert;

export interface AuditBatcher {
  /**
   * Resolves once the event is committed to the audit chain (durable before the answer is sent),
   * together with the sessions that back what it reports (client_credentials tokens).
   */
  record(event: AuditEvent, sessions?: NewSession[]): Promise<void>;
}

/**
 * Group commit for the token endpoints' audit records (and client_credentials session rows). Every grant and refusal is audited before
 * the answer goes out, but appends to the hash chain are serialised by an advisory lock, so one
 * transaction per request would cap throughput at one lock round-trip per grant. Events that
 * arrive while a flush is in flight are written together in the next single transaction.
 */
export function createAuditBatcher(hub: Hub, maxBatch = 500, maxInFlight = 1): AuditBatcher {
  let queue: { event: AuditEvent; sessions?: NewSession[]; resolve: () => void; reject: (e: unknown) => void }[] = [];
  // Flushes in flight at once. More than one was measured (bench:oauth) and did not help: the
  // chain's advisory lock serialises the appends anyway.
  let inFlight = 0;

  async function flush() {
    inFlight += 1;
    try {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          const sessions = batch.flatMap((b) => b.sessions ?? []);
          // The grants' session rows and their audit records are both committed before any
          // answer goes out; they go on two connections at once, so a batch costs one commit
          // of latency, not two (the audit append is serialised across nodes, the insert is not).
          await Promise.all([
            sessions.length ? insertSessionsBulk(hub, sessions) : null,
            hub.audit.record(batch.map((b) => b.event)),
          ]);
          for (const b of batch) b.resolve();
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      inFlight -= 1;
    }
  }

  return {
    record(event, sessions) {
      const at = event.occurredAt ?? hub.clock();
      return new Promise<void>((resolve, reject) => {
        queue.push({ event: { ...event, occurredAt: at }, sessions, resolve, reject });
        if (inFlight < maxInFlight) void flush();
      });
    },
  };
}

/**
 * Many client_credentials session rows in one statement with one parameter (a JSON array):
 * under load, building a many-row insert column by column cost more CPU than the commit.
 */
async function insertSessionsBulk(hub: Hub, sessions: NewSession[]): Promise<void> {
  const rows = sessions.map((s) => ({
    id: s.id,
    user_id: s.userId ?? null,
    client_id: s.clientId ?? null,
    kind: s.kind,
    session_token_hash: s.sessionTokenHash,
    scopes: s.scopes ?? [],
    auth_time: s.authTime,
    created_at: s.createdAt,
    last_accessed_at: s.lastAccessedAt,
    expires_at: s.expiresAt,
  }));
  await hub.db.execute(sql`
    insert into ${authSessions} (id, user_id, client_id, kind, session_token_hash, scopes, auth_time, created_at, last_accessed_at, expires_at)
    select id, user_id, client_id, kind, session_token_hash, scopes, auth_time, created_at, last_accessed_at, expires_at
    from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb)
      as x(id uuid, user_id uuid, client_id text, kind text, session_token_hash text, scopes text[], auth_time timestamptz, created_at timestamptz, last_accessed_at timestamptz, expires_at timestamptz)`);
}
