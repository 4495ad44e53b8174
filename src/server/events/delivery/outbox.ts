import { randomUUID } from 'node:crypto';
import type { AuditEvent, AuditLog } from '../../audit/record';
import type { Db, DbOrTx } from '../../db/client';
import { afterCommit } from '../../db/after-commit';
import type { Write } from '../../db/writes';
import type { Revocations } from '../../revocations';
import { deriveEvent } from './from-audit';
import { deriveSecurityEvents } from '../ssf/from-audit';
import { ssfPayload } from '../ssf/payload';
import { outboxWrite, type OutboxRow } from './queries';
import { findSubscribedTypes } from '../webhooks/queries';

/**
 * The transactional outbox (issue 30). Every change the hub makes is committed with its audit
 * record, through the audit log (directly with a transaction, or through the unit of work); the
 * outbox is one more owner of a write in that same append: the events derived from the audit
 * events (from-audit.ts) become delivery rows in the audit append's own statement — no second
 * statement, no extra round trip, and an event exists exactly when its change does.
 *
 * The no-endpoint path costs nothing: `subscribed` is a per-process copy of the event types some
 * enabled endpoint wants; an event nobody wants adds no write. The copy is dropped by a `webhooks`
 * message on hub.revocations (sent by every endpoint change, heard by every node) and on resync;
 * while it is unknown or revocations cannot be heard, the write is added anyway (the database
 * fans out to whatever endpoints exist, so nothing is lost — it only costs a CTE) and the copy is
 * read again in the background.
 */
export interface Outbox {
  /** The outbox writes for these events: none when no enabled endpoint wants any of them. */
  writesFor(events: readonly AuditEvent[]): Write[];
  /** Listeners run after a commit that wrote outbox rows (the worker's nudge on this node). */
  onCommitted(listener: () => void): () => void;
  /** Called after a commit that wrote outbox rows. */
  committed(): void;
  /** Reads the subscribed event types now (at start, and in tests after direct table edits). */
  refresh(): Promise<void>;
  /** False only when this process knows no endpoint is enabled: the worker's poll then sends no query. */
  mayHaveEndpoints(): boolean;
}

export function createOutbox(db: Db, revocations: Revocations, clock: () => Date): Outbox {
  let subscribed: Set<string> | null = null;
  let generation = 0;
  /** The read in flight and the generation it started in: callers in the same generation share it. */
  let loading: { gen: number; done: Promise<void> } | null = null;
  const listeners = new Set<() => void>();

  const refresh = (): Promise<void> => {
    const gen = generation;
    if (loading?.gen === gen) return loading.done;
    const done = findSubscribedTypes(db)
      .then((types) => {
        // A change heard while reading must not be overwritten by what was read before it.
        if (gen === generation) subscribed = new Set(types);
      })
      .finally(() => {
        if (loading?.done === done) loading = null;
      });
    loading = { gen, done };
    return done;
  };
  const forget = () => {
    generation += 1;
    subscribed = null;
  };
  revocations.subscribe((_, message) => {
    if (message.kind !== 'webhooks') return;
    forget();
    // Read again at once rather than at the next event: that one's request should not be the one to wait.
    void refresh().catch(() => {});
  });
  revocations.onResync(forget);

  /** Whether an event of this type may have a subscriber (true whenever this process cannot be sure). */
  function wanted(type: string): boolean {
    if (subscribed === null || !revocations.live()) {
      if (subscribed === null) void refresh().catch(() => {});
      return true;
    }
    return subscribed.has(type);
  }

  return {
    writesFor(events) {
      const rows: OutboxRow[] = [];
      for (const event of events) {
        const derived = deriveEvent(event);
        if (!derived || !wanted(derived.type)) continue;
        const at = event.occurredAt ?? clock();
        rows.push({
          event_id: `msg_${randomUUID().replaceAll('-', '')}`,
          event_type: derived.type,
          user_id: derived.userId,
          client_id: derived.clientId,
          payload: { type: derived.type, timestamp: at.toISOString(), data: derived.data },
          occurred_at: at,
        });
      }
      // --- SSF: the same events' CAEP/RISC twins, rows of the same outbox (ssf/from-audit.ts).
      for (const event of events) {
        for (const security of deriveSecurityEvents(event)) {
          if (!wanted(security.type)) continue;
          const at = event.occurredAt ?? clock();
          rows.push({
            event_id: `set_${randomUUID().replaceAll('-', '')}`,
            event_type: security.type,
            user_id: security.userId,
            client_id: null,
            // The SET's claims but iss/aud/jti/iat and sub_id, which the worker adds as it signs.
            payload: ssfPayload(security, at),
            occurred_at: at,
          });
        }
      }
      // --- end SSF
      return rows.length ? [outboxWrite(rows)] : [];
    },
    onCommitted(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    committed() {
      for (const l of listeners) l();
    },
    refresh,
    mayHaveEndpoints: () => subscribed === null || subscribed.size > 0 || !revocations.live(),
  };
}

/**
 * The audit log with the outbox's writes joined to every server event it appends (create-hub.ts
 * wires it once; audit/ knows nothing of events). A record inside a caller's transaction carries
 * its outbox rows in the same statement; the worker is nudged once the transaction commits.
 */
export function withOutbox(audit: AuditLog, outbox: Outbox): AuditLog {
  return {
    ...audit,
    async record(event, tx) {
      const events = Array.isArray(event) ? event : [event];
      const writes = outbox.writesFor(events);
      if (!writes.length) return audit.record(event, tx);
      await audit.append(events, { tx, writes });
      nudgeAfterCommit(tx, outbox);
    },
    async append(events, options = {}) {
      const writes = outbox.writesFor(events);
      if (!writes.length) return audit.append(events, options);
      await audit.append(events, { ...options, writes: [...(options.writes ?? []), ...writes] });
      nudgeAfterCommit(options.tx, outbox);
    },
  };
}

/**
 * The nudge once the rows are visible. A transaction opened outside hub.db has no commit hook:
 * its rows then wait for the worker's next poll (a nudge before the commit would find nothing).
 */
function nudgeAfterCommit(tx: DbOrTx | undefined, outbox: Outbox) {
  try {
    afterCommit(tx, () => outbox.committed());
  } catch {
    // No hook to run on: the poll delivers it.
  }
}
