import type { Hub } from '../hub';

/**
 * How often a writer checkpoints the other chains' heads while it writes rows (issue 43). A
 * deletion of another chain's newest rows is detected by the next checkpoint after it, so this
 * is the window docs/security.md names.
 */
export const AUDIT_CHECKPOINT_INTERVAL_MS = 1_000;

/**
 * Every AUDIT_CHECKPOINT_INTERVAL_MS, when this node's chain got rows since the last checkpoint
 * and another chain exists, appends a checkpoint (AuditLog.checkpoint); a clean stop writes a last
 * one (AuditLog.close). Failures wait for the next tick: a checkpoint must never take the hub down.
 */
export function startAuditCheckpoints(hub: Hub, intervalMs = AUDIT_CHECKPOINT_INTERVAL_MS): NodeJS.Timeout[] {
  let running = false;
  const every = setInterval(() => {
    if (running) return;
    running = true;
    hub.audit
      .checkpoint()
      .catch(() => false)
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  every.unref();
  return [every];
}
