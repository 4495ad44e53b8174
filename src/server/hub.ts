import type { HubConfig } from './config';
import type { Database, Db } from './db/client';
import type { SecretBox } from './crypto/secrets';
import type { MasterKeyring } from './crypto/keyring';
import type { AuditLog } from './audit/record';
import type { UnitOfWork } from './audit/unit-of-work';
import type { UsedJtis } from './oauth/jti-once';
import type { Revocations } from './revocations';
import type { HubMetrics } from './observability/metrics';
import type { HubCaches } from './caches';
import type { Outbox } from './events/delivery/outbox';

/**
 * Everything a service needs, built once per process (or per test) and handed down:
 * no module reaches for globals, so tests inject a clock, a database and a key. `db` is the
 * database's handle whose transactions run `afterCommit` callbacks (db/after-commit.ts).
 */
export interface Hub {
  config: HubConfig;
  database: Database;
  db: Db;
  /** Seals and opens secrets at rest: the keyring, seen as a box (`secrets === keyring`). */
  secrets: SecretBox;
  /** The master keys (crypto/keyring.ts): what seals and MACs what, and the audit chain's key epochs. */
  keyring: MasterKeyring;
  audit: AuditLog;
  /** Commits a hot path's change with its audit record, group-committed (audit/unit-of-work.ts). */
  unitOfWork: UnitOfWork;
  /** Used JWT IDs (DPoP proofs, client assertions) recorded once across nodes, group-committed (oauth/jti-once.ts). */
  usedJtis: UsedJtis;
  revocations: Revocations;
  /** The transactional outbox joined to every audit append (events/delivery/outbox.ts); the worker hears its commits. */
  outbox: Outbox;
  /** Every per-process cache, built with the hub; caches.ts lists each with its bound and what clears it. */
  caches: HubCaches;
  metrics: HubMetrics;
  /** Process lifecycle: `draining` from SIGTERM on (readiness fails, connections close after their answer). */
  lifecycle: { draining: boolean };
  /** The time now; tests replace it to drive expiry and rate limits without sleeping. */
  clock: () => Date;
}
