import type { Hub } from '../hub';
import { sha256Hex } from '../crypto/tokens';
import { deleteExpiredJtis, insertUsedJti } from './jti-queries';
import { deleteExpiredPushedRequests } from './par-queries';
import { PAR_INTERACTION_TTL_S } from './constants';

/**
 * Records a JWT's `jti` as used, on whichever node sees it first (the database decides): false
 * when it was already. `kind` and `issuer` keep one client's IDs from colliding with another's
 * (RFC 7523 §3, RFC 9449 §11.1). The row lives until the JWT would be refused as too old anyway.
 */
export async function acceptJtiOnce(
  hub: Hub,
  input: { kind: 'dpop' | 'client_assertion'; issuer: string; jti: string; until: Date },
): Promise<boolean> {
  const jtiHash = sha256Hex(`${input.kind}\n${input.issuer}\n${input.jti}`);
  return insertUsedJti(hub.db, { jtiHash, expiresAt: input.until });
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
