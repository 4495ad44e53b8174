import type { Hub } from '../hub';
import { sha256Hex } from '../crypto/tokens';
import type { RowsWrite } from '../db/writes';
import { deleteExpiredJtis, insertUsedJti, usedJtiWrite } from './jti-queries';
import { deleteExpiredPushedRequests } from './par-queries';
import { PAR_INTERACTION_TTL_S } from './constants';

/**
 * Records a JWT's `jti` as used, on whichever node sees it first (the database decides): false
 * when it was already. `kind` and `issuer` keep one client's IDs from colliding with another's
 * (RFC 7523 §3, RFC 9449 §11.1). The row lives until the JWT would be refused as too old anyway.
 */
export async function acceptJtiOnce(hub: Hub, input: UsedJti): Promise<boolean> {
  return insertUsedJti(hub.db, usedJtiRow(input));
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

function usedJtiRow(input: UsedJti) {
  return { jtiHash: sha256Hex(`${input.kind}\n${input.issuer}\n${input.jti}`), expiresAt: input.until };
}

/** Every 10 minutes: used JWT IDs past their JWTs' lifetime and pushed requests nobody can use are removed. */
export function startJtiCleanup(hub: Hub): NodeJS.Timeout[] {
  const timer = setInterval(() => {
    const now = hub.clock();
    deleteExpiredJtis(hub.db, now).catch(() => undefined);
    deleteExpiredPushedRequests(hub.db, new Date(now.getTime() - PAR_INTERACTION_TTL_S * 1000)).catch(() => undefined);
  }, 10 * 60_000);
  timer.unref();
  return [timer];
}
