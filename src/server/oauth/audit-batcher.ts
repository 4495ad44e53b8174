import type { Hub } from '../hub';
import type { AuditEvent } from '../audit/record';

export interface AuditBatcher {
  /** Resolves once the event is committed to the audit chain (durable before the answer is sent). */
  record(event: AuditEvent): Promise<void>;
}

/**
 * Group commit for the token endpoints' audit records. Every grant and refusal is audited before
 * the answer goes out, but appends to the hash chain are serialised by an advisory lock, so one
 * transaction per request would cap throughput at one lock round-trip per grant. Events that
 * arrive while a flush is in flight are written together in the next single transaction.
 */
export function createAuditBatcher(hub: Hub, maxBatch = 500): AuditBatcher {
  let queue: { event: AuditEvent; resolve: () => void; reject: (e: unknown) => void }[] = [];
  let flushing = false;

  async function flush() {
    flushing = true;
    try {
      while (queue.length) {
        const batch = queue.slice(0, maxBatch);
        queue = queue.slice(batch.length);
        try {
          await hub.audit.record(batch.map((b) => b.event));
          for (const b of batch) b.resolve();
        } catch (e) {
          for (const b of batch) b.reject(e);
        }
      }
    } finally {
      flushing = false;
    }
  }

  return {
    record(event) {
      const at = event.occurredAt ?? hub.clock();
      return new Promise<void>((resolve, reject) => {
        queue.push({ event: { ...event, occurredAt: at }, resolve, reject });
        if (!flushing) void flush();
      });
    },
  };
}
