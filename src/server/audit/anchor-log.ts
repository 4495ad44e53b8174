import type { Hub } from '../hub';

/** How often the running hub writes the chain's head to its log (outside the database). */
export const AUDIT_ANCHOR_LOG_INTERVAL_MS = 10 * 60_000;

/**
 * Writes the chain's head, MAC'd under the chain key, to the process log at start and then
 * every AUDIT_ANCHOR_LOG_INTERVAL_MS when it moved. The log lives outside the database, so an
 * attacker who can write the database but not the logs cannot take the chain back behind a
 * logged anchor unnoticed: `npm run hub -- audit verify --anchor '<json>'` checks it.
 */
export function startAuditAnchorLog(
  hub: Hub,
  write: (line: string) => void = (line) => console.log(line),
): NodeJS.Timeout[] {
  let last = '';
  const run = () => {
    hub.audit
      .anchor()
      .then((anchor) => {
        if (!anchor || anchor.hash === last) return;
        last = anchor.hash;
        write(JSON.stringify({ msg: 'audit chain anchor', time: hub.clock().toISOString(), anchor }));
      })
      .catch(() => {
        // The next tick tries again; the anchor log must never take the hub down.
      });
  };
  const first = setTimeout(run, 1_000);
  const every = setInterval(run, AUDIT_ANCHOR_LOG_INTERVAL_MS);
  first.unref();
  every.unref();
  return [first, every];
}
