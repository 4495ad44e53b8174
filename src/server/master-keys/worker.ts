import type { Hub } from '../hub';
import { KEY_STATE_POLL_MS, loadKeyringState } from './state';
import { runRotation, type RotatorOptions } from './rotator';
import { findOpenRotation } from './queries';
import { releaseEmbeddedLease } from './service';

/**
 * Each node's part in master-key rotation: it follows the database's keyring state (on a
 * `master-keys` message at once, otherwise every KEY_STATE_POLL_MS), and it runs the open
 * rotation when it holds the target key and no other process holds the lease, so a rotation
 * started by the CLI or an admin goes on after that process stopped or crashed (on the embedded
 * database at once: see the first pass). One pass at a time per node; `stop()` ends the pass
 * between two batches.
 */
export function createMasterKeyWorker(hub: Hub, options: Omit<RotatorOptions, 'signal'> = {}) {
  const abort = new AbortController();
  let running: Promise<unknown> | null = null;
  let again = false;
  let timer: NodeJS.Timeout | undefined;
  let unsubscribe: (() => void) | undefined;
  const log = hub.config.logLevel === 'silent' ? undefined : console;

  let first = true;
  const pass = async () => {
    await loadKeyringState(hub.db, hub.keyring, hub.clock());
    if (first) {
      first = false;
      // At start on the embedded database, a lease was left by a process that died mid-rotation
      // (releaseEmbeddedLease): the rotation goes on now, not once the lease has run out.
      const open = await findOpenRotation(hub.db);
      if (open && (await releaseEmbeddedLease(hub, open)))
        log?.warn(`master-key rotation ${open.id}: the process that was running it stopped; this one goes on.`);
    }
    await runRotation(hub, { ...options, signal: abort.signal });
  };
  const kick = (): Promise<unknown> => {
    if (abort.signal.aborted) return Promise.resolve();
    if (running) {
      again = true;
      return running;
    }
    running = pass()
      .catch((e: unknown) => log?.error(`master-key rotation: ${e instanceof Error ? e.message : String(e)}`))
      .finally(() => {
        running = null;
        if (again) {
          again = false;
          void kick();
        }
      });
    return running;
  };

  return {
    /** Runs a pass now (or after the one in flight); resolves when that pass ends. */
    kick,
    start() {
      unsubscribe = hub.revocations.subscribe((_ids, message) => {
        if (message.kind === 'master-keys') void kick();
      });
      timer = setInterval(() => void kick(), KEY_STATE_POLL_MS);
      timer.unref();
      void kick();
    },
    async stop() {
      abort.abort();
      clearInterval(timer);
      unsubscribe?.();
      await running;
    },
  };
}
