import path from 'node:path';
import type { HubConfig } from './config';
import { createAuditLog, type AuditEvent, type AuditLog } from './audit/record';
import { createMetrics, type HubMetrics } from './observability/metrics';
import { createMasterKeyring } from './crypto/keyring';
import { loadMasterKeys } from './master-keys/key-file';
import { followKeyringState, loadKeyringState } from './master-keys/state';
import type { Database } from './db/client';
import { openDatabase } from './db/client';
import { allMigrationsScript, runMigrations } from './db/migrate';
import { checkSchemaContract, recordSchemaExpectation } from './db/schema-contract';
import type { Hub } from './hub';
import { createRevocations } from './revocations';
import { createUnitOfWork } from './audit/unit-of-work';
import { createUsedJtis } from './oauth/jti-once';
import { createHubCaches } from './caches';
import { withCommitHooks } from './db/after-commit';
import { createOutbox, withOutbox } from './events/delivery/outbox';

export interface CreateHubOptions {
  config: HubConfig;
  /** An already open database (tests); otherwise one is opened from the config. */
  database?: Database;
  clock?: () => Date;
  /** Skip migrations (they already ran). */
  skipMigrations?: boolean;
}

/** Opens the database, applies migrations and wires the services every route uses. */
export async function createHub(options: CreateHubOptions): Promise<Hub> {
  const { config } = options;
  const keyring = createMasterKeyring(loadMasterKeys(config));
  const database =
    options.database ??
    (await openDatabase({
      url: config.databaseUrl,
      pgliteDir: path.join(config.dataDir, 'pglite'),
      // A new embedded database is a copy of a template made with every migration applied (issue 44).
      newDataDirSql: config.databaseUrl || options.skipMigrations ? undefined : allMigrationsScript(),
      poolMax: config.db.poolMax,
      timeouts: config.db,
    }));
  if (!options.skipMigrations) await migrateWithinContract(database);
  const clock = options.clock ?? (() => new Date());
  // Which key is current, which are retired, and the lookup key: the database's word (issue 45).
  await loadKeyringState(database.db, keyring, clock());
  // Keyed MACs, the audit chain and its subject keys run on the lookup key, which rotations leave alone.
  const masterKey = keyring.lookupKey;
  const metrics = createMetrics(database, clock);
  const revocations = createRevocations(database, (ms) => metrics.revocationLagSeconds.observe(ms / 1000));
  await revocations.start();
  // Events (issue 30): the outbox's rows ride in every audit append that reports a change.
  const outbox = createOutbox(database.background, revocations, clock);
  await outbox.refresh();
  const audit = measuredAuditLog(withOutbox(createAuditLog(database, clock, keyring), outbox), metrics);
  await sealAuditChain(audit);
  const db = withCommitHooks(database.db);
  const hub = {
    config: { ...config, masterKey },
    database,
    db,
    secrets: keyring,
    keyring,
    audit,
    unitOfWork: createUnitOfWork(audit, clock),
    usedJtis: createUsedJtis(db),
    revocations,
    outbox,
    metrics,
    lifecycle: { draining: false },
    clock,
  };
  // A switch or a retirement on any node reaches this keyring at once (a failure to read it is loud).
  followKeyringState(hub, (e) => console.error(`master keys: ${e instanceof Error ? e.message : String(e)}`));
  // Built last: the caches read through this hub's db and hear its revocations.
  return Object.assign(hub, { caches: createHubCaches(hub) });
}

/**
 * Rolling upgrades: a node older than the database's contract refuses before it touches anything;
 * after migrating, the node records the schema level it expects (db/schema-contract.ts).
 */
async function migrateWithinContract(database: Database): Promise<void> {
  await checkSchemaContract(database);
  await runMigrations(database);
  await recordSchemaExpectation(database);
}

/** The audit log with every commit counted and timed (batch size, commit latency, events by type). */
function measuredAuditLog(audit: AuditLog, metrics: HubMetrics): AuditLog {
  const measure = async (types: string[], commit: () => Promise<void>) => {
    const end = metrics.auditCommitSeconds.startTimer();
    await commit();
    end();
    metrics.auditBatchSize.observe(types.length);
    for (const type of types) {
      metrics.auditEvents.inc({ type });
      if (type === 'sign_in_success') metrics.signIns.inc({ outcome: 'success' });
      else if (type === 'sign_in_failure') metrics.signIns.inc({ outcome: 'failure' });
      else if (type === 'sign_in_blocked') metrics.lockouts.inc();
    }
  };
  const grants = (events: AuditEvent[]) => {
    for (const e of events) {
      if (e.type === 'oauth_token_issued') metrics.tokensIssued.inc({ grant: e.details.grant_type });
    }
  };
  return {
    ...audit,
    async record(event, tx) {
      const events = Array.isArray(event) ? event : [event];
      await measure(
        events.map((e) => e.type),
        () => audit.record(event, tx),
      );
      grants(events);
    },
    recordRows: (rows, tx) =>
      measure(
        rows.map((r) => r.eventType),
        () => audit.recordRows(rows, tx),
      ),
    async append(events, options) {
      await measure(
        events.map((e) => e.type),
        () => audit.append(events, options),
      );
      grants(events);
    },
  };
}

/**
 * The one-off upgrade to keyed chaining (and the anchor of a new install): seal the existing
 * rows behind a keyed anchor, then verify them once; a broken old chain is recorded, not hidden.
 */
async function sealAuditChain(audit: AuditLog): Promise<void> {
  if ((await audit.prepare()) !== 'existing_rows') return;
  const result = await audit.verifyChain();
  if (!result.ok) {
    await audit.record({
      type: 'audit_chain_broken',
      details: { at: 'upgrade_seal', first_bad_id: result.first_bad_id, reason: result.reason ?? null },
    });
  }
}

export async function closeHub(hub: Hub): Promise<void> {
  // A last checkpoint of the other chains, and this node's chain lease goes (issue 43); never blocks the stop.
  await hub.audit.close().catch(() => undefined);
  await hub.revocations.stop();
  await hub.database.close();
}
