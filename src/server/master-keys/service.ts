import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import type { SignedInActor } from '../actor';
import { HubError, Refusal } from '../errors';
import type { MasterKeyRotation } from '../db/schema/index';
import { listAssignments } from '../roles/queries';
import { refuseDecision, type Decision } from '../roles/two-person-rule';
import {
  decideRequest,
  insertRequest,
  lockRequest,
  MASTER_KEY_ROTATION_ACTION,
  useApprovedRequest,
} from '../admin/credential-queries';
import { addEmbeddedMasterKey } from './key-file';
import { SEALED_COLUMNS } from './inventory';
import {
  countByKeyId,
  findLastRotation,
  findOpenRotation,
  insertRotation,
  listMasterKeys,
  switchCurrentKey,
  updateRotation,
} from './queries';
import { loadKeyringState } from './state';
import { readAllHeads } from '../audit/chain-queries';
import { keyIdOf } from '../crypto/secrets';

/** No key to rotate to: a configuration step comes first (what the message says). */
export class NoNewMasterKey extends HubError {
  constructor(message: string) {
    super('conflict', message);
  }
}

/**
 * The key a rotation moves to: `toKeyId`, or the one key the ring holds that the database has never
 * recorded. In embedded mode with no such key, one is generated into the data directory's key file.
 */
async function chooseTarget(hub: Hub, db: DbOrTx, toKeyId?: string): Promise<string> {
  const recorded = new Set((await listMasterKeys(db)).map((r) => r.keyId));
  const fresh = hub.keyring.keys().filter((k) => !recorded.has(k.id));
  if (toKeyId) {
    if (!fresh.some((k) => k.id === toKeyId))
      throw new NoNewMasterKey(`Master key ${toKeyId} is not a new key this process holds.`);
    return toKeyId;
  }
  if (fresh.length === 1) return fresh[0].id;
  if (fresh.length > 1)
    throw new NoNewMasterKey(`Several new master keys (${fresh.map((k) => k.id).join(', ')}): name one with --to.`);
  const fromEnvironment = hub.config.databaseUrl !== undefined || hub.config.masterKeys.length > 0;
  if (fromEnvironment)
    throw new NoNewMasterKey(
      'No new master key: add one to HUB_MASTER_KEYS on every node (openssl rand -base64 32), restart them, then rotate.',
    );
  return hub.keyring.add(addEmbeddedMasterKey(hub.config)).id;
}

export interface StartRotationInput {
  toKeyId?: string;
  via: 'cli' | 'admin';
  requestId?: string;
  requestedBy?: string;
  approvedBy?: string;
}

/**
 * The switch: the new key becomes current on every node (each seals under it from the message on)
 * and a rotation is recorded for the rotator (rotator.ts) to move the stored values.
 */
export async function startRotation(hub: Hub, input: StartRotationInput): Promise<MasterKeyRotation> {
  if (await findOpenRotation(hub.db)) throw new HubError('conflict', 'A master-key rotation is already under way.');
  const to = await chooseTarget(hub, hub.db, input.toKeyId);
  const from = (await listMasterKeys(hub.db)).find((r) => r.status === 'current')!.keyId;
  const now = hub.clock();
  const rotation = await hub.db.transaction(async (tx) => {
    const created = await insertRotation(tx, {
      fromKeyId: from,
      toKeyId: to,
      requestedBy: input.requestedBy ?? null,
      approvedBy: input.approvedBy ?? null,
      now,
    });
    await switchCurrentKey(tx, from, to, now);
    await hub.audit.record(
      {
        type: 'master_key_rotation_started',
        userId: input.approvedBy ?? null,
        details: {
          rotation_id: created.id,
          from_key_id: from,
          to_key_id: to,
          request_id: input.requestId ?? null,
          via: input.via,
        },
      },
      tx,
    );
    await hub.revocations.publish({ kind: 'master-keys' }, tx);
    return created;
  });
  await loadKeyringState(hub.db, hub.keyring, hub.clock());
  // The audit chains follow at once (audit/chain-keys.ts); the rotator moves any left before retiring.
  await hub.audit.crossKeyEpoch();
  return rotation;
}

/**
 * `master-key rotate` on the embedded database, and a hub's worker at its start
 * (master-keys/worker.ts): this process holds the data directory alone
 * (db/data-dir-lock.ts, which takes it over from a process that died holding it), so a lease
 * recorded there was left by a process that has stopped, a crash mid-rotation, and is let go at
 * once instead of waited out (rotator.ts, ROTATION_LEASE_MS). On PostgreSQL another node may be
 * running the rotation: its lease stands. True when a lease was let go.
 */
export async function releaseEmbeddedLease(hub: Hub, rotation: MasterKeyRotation): Promise<boolean> {
  const now = hub.clock();
  if (hub.database.kind !== 'pglite' || !rotation.leaseUntil || rotation.leaseUntil <= now) return false;
  await updateRotation(hub.db, rotation.id, { leaseToken: null, leaseUntil: null, updatedAt: now });
  return true;
}

/** `master-key status` and GET /api/admin/master-keys: every key, and how many values each still seals. */
export async function readMasterKeyStatus(hub: Hub) {
  const recorded = await listMasterKeys(hub.db);
  // `sealed_values` counts what a rotation moves; a column sealed by a box of its own (inventory.ts) is listed apart.
  const counts = new Map<string, number>();
  const seen = new Set<string>();
  const columns = [];
  for (const column of SEALED_COLUMNS) {
    const byKey = await countByKeyId(hub.db, column);
    for (const { key_id, count } of byKey) {
      seen.add(key_id);
      if (column.throughKeyring) counts.set(key_id, (counts.get(key_id) ?? 0) + count);
    }
    columns.push({
      column: column.name,
      through_keyring: column.throughKeyring,
      sealed: Object.fromEntries(byKey.map((r) => [r.key_id, r.count])),
    });
  }
  // Audit chains by key epoch: an anchor of the first epoch names none, it is the lookup key's.
  const lookupId = keyIdOf(hub.keyring.lookupKey);
  const chains = new Map<string, number>();
  for (const head of await readAllHeads(hub.db))
    chains.set(head.keyId ?? lookupId, (chains.get(head.keyId ?? lookupId) ?? 0) + 1);
  const ids = new Set([
    ...recorded.map((r) => r.keyId),
    ...hub.keyring.keys().map((k) => k.id),
    ...seen,
    ...chains.keys(),
  ]);
  const statusOf = (id: string) => recorded.find((r) => r.keyId === id)?.status ?? (seen.has(id) ? 'unknown' : 'new');
  const rotation = (await findOpenRotation(hub.db)) ?? (await findLastRotation(hub.db));
  return {
    current_key_id: hub.keyring.current.id,
    keys: [...ids].map((id) => ({
      key_id: id,
      status: statusOf(id),
      held: hub.keyring.byId(id) !== undefined,
      sealed_values: counts.get(id) ?? 0,
      audit_chains: chains.get(id) ?? 0,
    })),
    columns,
    rotation: rotation
      ? {
          id: rotation.id,
          from_key_id: rotation.fromKeyId,
          to_key_id: rotation.toKeyId,
          status: rotation.status,
          resealed: rotation.resealed,
          started_at: rotation.startedAt.toISOString(),
          updated_at: rotation.updatedAt.toISOString(),
          retire_after: rotation.retireAfter?.toISOString() ?? null,
          finished_at: rotation.finishedAt?.toISOString() ?? null,
        }
      : null,
  };
}

/** Only a super admin asks for or decides a rotation (an audited refusal for anyone else). */
export function refuseUnlessSuperAdmin(actor: SignedInActor, method: string, route: string): void {
  if (actor.roles.includes('super_admin')) return;
  throw new Refusal('forbidden', {
    message: 'Only a super admin can rotate the master key.',
    audit: { type: 'permission_denied', ...actor.audit, details: { method, route, action: 'master_key_rotation' } },
  });
}

/** POST /api/admin/master-keys/rotation-requests: a super admin asks; another must approve. */
export async function requestRotation(hub: Hub, actor: SignedInActor, justification: string) {
  if (await findOpenRotation(hub.db)) throw new HubError('conflict', 'A master-key rotation is already under way.');
  return hub.db.transaction(async (tx) => {
    const created = await insertRequest(tx, {
      requestingUserId: actor.userId,
      actionType: MASTER_KEY_ROTATION_ACTION,
      justification,
      createdAt: hub.clock(),
    });
    await hub.audit.record(
      { type: 'master_key_rotation_requested', ...actor.audit, details: { request_id: created.id, justification } },
      tx,
    );
    return { request_id: created.id, status: 'pending' as const };
  });
}

/**
 * POST /api/admin/master-keys/rotation-requests/:id/approve|deny: the two-person rule
 * (roles/two-person-rule.ts); an approval starts the rotation at once, on this node's worker.
 */
export async function decideRotation(hub: Hub, actor: SignedInActor, requestId: string, decision: Decision) {
  const now = hub.clock();
  let toKeyId: string | undefined;
  const req = await hub.db.transaction(async (tx) => {
    const found = await lockRequest(tx, requestId);
    if (!found || found.actionType !== MASTER_KEY_ROTATION_ACTION)
      throw new HubError('not_found', 'Request not found.');
    const route = `/api/admin/master-keys/rotation-requests/:id/${decision === 'approved' ? 'approve' : 'deny'}`;
    refuseUnlessSuperAdmin(actor, 'POST', route);
    const approver = { userId: actor.userId, assignments: await listAssignments(tx, actor.userId) };
    const refusal = refuseDecision(
      approver,
      { requesterId: found.requestingUserId, createdAt: found.createdAt },
      decision,
      now,
    );
    if (refusal) {
      throw new Refusal(refusal, {
        audit: {
          type: 'permission_denied',
          ...actor.audit,
          details: {
            method: 'POST',
            route,
            action: refusal,
            request_id: requestId,
            requesting_user_id: found.requestingUserId,
          },
        },
      });
    }
    if (found.status !== 'pending') throw new HubError('conflict', `This request is already ${found.status}.`);
    // Before it is decided: an approval with no key to rotate to would use the request up for nothing.
    if (decision === 'approved') toKeyId = await chooseTarget(hub, tx);
    await decideRequest(tx, requestId, { status: decision, decidedBy: actor.userId, decidedAt: now, expiresAt: null });
    if (decision === 'approved') await useApprovedRequest(tx, requestId);
    await hub.audit.record(
      {
        type: decision === 'approved' ? 'master_key_rotation_approved' : 'master_key_rotation_denied',
        ...actor.audit,
        details: { request_id: requestId, requesting_user_id: found.requestingUserId, decided_by: actor.userId },
      },
      tx,
    );
    return found;
  });
  if (decision === 'denied') return { request_id: requestId, status: 'denied' as const, rotation_id: null };
  const rotation = await startRotation(hub, {
    via: 'admin',
    toKeyId,
    requestId,
    requestedBy: req.requestingUserId,
    approvedBy: actor.userId,
  });
  return { request_id: requestId, status: 'approved' as const, rotation_id: rotation.id };
}
