import { deleteExpiredCodes } from './queries';
import { sha256Hex } from '../crypto/tokens';
import type { RowsWrite } from '../db/writes';
import { deleteExpiredJtis, insertUsedJtis, usedJtiWrite } from './jti-queries';
import { coalescingWindow } from '../db/coalescing-window';
import type { DbOrTx } from '../db/client';
import { deleteExpiredPushedRequests } from './par-queries';
import { deleteExpiredDeviceCodes } from './device/queries';
import { PAR_INTERACTION_TTL_S } from './constants';

/**
 * Records a JWT's `jti` as used, on whichever node sees it first (the database decides): false
 * when it was already. `kind` and `issuer` keep one client's IDs from colliding with another's
 * (RFC 7523 §3, RFC 9449 §11.1). The row lives until the JWT would be refused as too old anyway.
 * Concurrent requests' IDs go in together (`hub.usedJtis`, one insert for many).
 */
export async function acceptJtiOnce(hub: { usedJtis: UsedJtis }, input: UsedJti): Promise<boolean> {
  return hub.usedJtis.accept(input);
}

/** This process's used JWT IDs, group-committed: one insert for the IDs of concurrent requests. */
export interface UsedJtis {
  /** True when the ID was not used before, on any node; it is recorded as used now. */
  accept(input: UsedJti): Promise<boolean>;
}

/**
 * The IDs that wait go in with one insert when the coalescing window lets a batch leave
 * (db/coalescing-window.ts, the unit of work's rule): a client assertion or a proof at
 * introspection, userinfo or revocation costs a share of a statement instead of a round trip.
 * Of equal IDs in one batch, the first is fresh and the others are its replays.
 */
export function createUsedJtis(db: DbOrTx, maxBatch = 256, maxInFlight = 3, coalesce = 32): UsedJtis {
  const queue: { row: UsedJtiRow; resolve: (fresh: boolean) => void; reject: (e: unknown) => void }[] = [];
  async function send() {
    const batch = queue.splice(0, maxBatch);
    const distinct = new Map(batch.map((b) => [b.row.jtiHash, b.row]));
    try {
      const inserted = await insertUsedJtis(db, [...distinct.values()]);
      // delete() is true once per hash: the first of equal IDs takes it, the rest are replays.
      for (const b of batch) b.resolve(inserted.delete(b.row.jtiHash));
    } catch (e) {
      for (const b of batch) b.reject(e);
    }
  }
  const window = coalescingWindow({ waiting: () => queue.length, send, maxInFlight, coalesce });
  return {
    accept(input) {
      return new Promise<boolean>((resolve, reject) => {
        queue.push({ row: usedJtiRow(input), resolve, reject });
        window.arrived();
      });
    },
  };
}

/** A JWT ID to record as used: what `acceptJtiOnce` or `jtiOnceWrite` takes. */
export interface UsedJti {
  kind: 'dpop' | 'client_assertion';
  issuer: string;
  jti: string;
  until: Date;
}

/**
 * `acceptJtiOnce` as a required write of a unit of work: the token endpoint records a DPoP
 * proof's jti in the statement that commits the grant (one round trip instead of two); a jti
 * already used fails the unit (`isWriteNotApplied`) and nothing of the grant is written.
 */
export function jtiOnceWrite(input: UsedJti): RowsWrite {
  return usedJtiWrite(usedJtiRow(input));
}

type UsedJtiRow = ReturnType<typeof usedJtiRow>;

function usedJtiRow(input: UsedJti) {
  return { jtiHash: sha256Hex(`${input.kind}\n${input.issuer}\n${input.jti}`), expiresAt: input.until };
}

/**
 * Every 10 minutes: used JWT IDs past their JWTs' lifetime, pushed requests nobody can use, and
 * device codes and used authorization codes expired over an hour ago are removed.
 */
export function startJtiCleanup(hub: { db: DbOrTx; clock: () => Date }): NodeJS.Timeout[] {
  const timer = setInterval(() => {
    const now = hub.clock();
    deleteExpiredJtis(hub.db, now).catch(() => undefined);
    deleteExpiredPushedRequests(hub.db, new Date(now.getTime() - PAR_INTERACTION_TTL_S * 1000)).catch(() => undefined);
    deleteExpiredDeviceCodes(hub.db, new Date(now.getTime() - 3600_000)).catch(() => undefined);
    // A used authorization code is kept an hour past its expiry: a replay within it still revokes what it issued.
    deleteExpiredCodes(hub.db, new Date(now.getTime() - 3600_000)).catch(() => undefined);
  }, 10 * 60_000);
  timer.unref();
  return [timer];
}
