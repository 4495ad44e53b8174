import type { Hub } from './hub';
import { startAuditRetention } from './audit/retention';
import { startAuditAnchorLog } from './audit/anchor-log';
import { startAuditCheckpoints } from './audit/checkpoints';
import { startOAuth } from './oauth/startup';
import { startSignInCleanup } from './auth/startup';
import { startAssertionCleanup } from './federation/assertions';
import { startErasureSweep } from './account/erasure';
import { createDeliveryWorker } from './events/delivery/worker';
import { createSiemWorker } from './events/siem/worker';
import { createBackchannelWorker } from './oauth/backchannel';
import { createMasterKeyWorker } from './master-keys/worker';

/**
 * Work that runs once at start and in the background while the process lives (signing-key
 * bootstrap, periodic clean-ups). Each capability adds its task here.
 * Returns a function that stops the background work.
 */
export async function startupTasks(_hub: Hub): Promise<() => Promise<void>> {
  const timers: NodeJS.Timeout[] = [];
  // Audit retention: prune behind a checkpoint shortly after start, then every few hours.
  timers.push(...startAuditRetention(_hub));
  // Audit anchor: the chain's keyed head goes to the log, outside the database, every 10 minutes.
  timers.push(...startAuditAnchorLog(_hub));
  // Audit checkpoints (issue 43): while this node writes, its chain names every other chain's head each second.
  timers.push(...startAuditCheckpoints(_hub));
  // OAuth: signing keys exist before the first request; retired keys are pruned hourly.
  timers.push(...(await startOAuth(_hub)));
  // Accounts: stale sign-in failure counters are removed every 5 minutes (spec §9).
  timers.push(...startSignInCleanup(_hub));
  // Privacy: accounts whose erasure grace period ended are erased (one node per account).
  timers.push(...startErasureSweep(_hub));
  // Federation: SAML assertion IDs past their NotOnOrAfter are forgotten hourly.
  timers.push(...startAssertionCleanup(_hub));
  // Events: the webhook worker claims due deliveries on this node (and when this node commits some).
  const webhooks = createDeliveryWorker(_hub);
  webhooks.start();
  // SIEM sinks: each sink's cursor through the audit log, one node per sink at a time.
  const siem = createSiemWorker(_hub);
  siem.start();
  // Back-channel logout: the logouts owed (a first attempt failed, or a node stopped) are sent again.
  const logouts = createBackchannelWorker(_hub);
  logouts.start();
  // Master keys: follow the current key across nodes; carry on an open rotation (one node at a time).
  const masterKeys = createMasterKeyWorker(_hub);
  masterKeys.start();
  return async () => {
    for (const t of timers) clearInterval(t);
    // The pass in flight records its outcomes before the pool closes; unsent rows stay for another node.
    await webhooks.stop();
    await siem.stop();
    await logouts.stop();
    await masterKeys.stop();
  };
}
