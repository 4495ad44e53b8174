import { and, eq, isNull, lt, or, sql, type SQL } from 'drizzle-orm';
import { statementWrite, type Write } from '../db/writes';
import type { DbOrTx } from '../db/client';
import { rows } from '../db/client';
import { signInAttempts } from '../db/schema/index';
import type { CounterKey } from './counter-key';
import { SIGN_IN_LIMIT } from '../../shared/auth-limits';

/**
 * An attempt counted (`blocked: false`; blockedUntil set when it starts a block), or refused
 * uncounted because the key is inside a block that ends at blockedUntil.
 */
export type Reservation =
  | { blocked: false; failures: number; blockedUntil: Date | null }
  | { blocked: true; failures: number; blockedUntil: Date };

/**
 * Counts one attempt for `key` in a single atomic statement, before the password is checked.
 * The row lock that INSERT … ON CONFLICT DO UPDATE takes serialises concurrent attempts, and the
 * WHERE clause is re-evaluated on the newest row version, so once an attempt has started a
 * block no concurrent attempt can slip through: 100 parallel guesses leave exactly the count
 * the rules give and at most five passwords are ever checked.
 *
 * The count restarts at 1 when the last failure is older than the window; the attempt that
 * brings it to the threshold or beyond sets blocked_until = now + min(count × 2, cap) minutes.
 * An attempt during a block changes nothing (no row is returned).
 */
export async function reserveAttempt(db: DbOrTx, key: CounterKey, now: Date): Promise<Reservation> {
  const found = await rows<ReservedRow>(db, reserveAttemptStatement(key, now));
  return found.length ? reservationOf(found[0]) : findBlock(db, key, now);
}

/** What the reserving statement returns when it counted the attempt. */
export interface ReservedRow {
  failures: number;
  blocked_until: string | Date | null;
}

export function reservationOf(row: ReservedRow): Reservation {
  return {
    blocked: false,
    failures: Number(row.failures),
    blockedUntil: row.blocked_until ? new Date(row.blocked_until) : null,
  };
}

/**
 * The counting statement of reserveAttempt (`insert … on conflict do update … returning failures,
 * blocked_until`; no row when the key is blocked), for a caller that reads more in the same
 * round trip (sign-in-queries.ts).
 */
export function reserveAttemptStatement(key: CounterKey, now: Date): SQL {
  // The limits are compile-time constants, inlined as literals (no parameter type guessing).
  const threshold = sql.raw(String(SIGN_IN_LIMIT.threshold));
  const windowMinutes = sql.raw(String(SIGN_IN_LIMIT.windowMinutes));
  const blockMinutesPerFailure = sql.raw(String(SIGN_IN_LIMIT.blockMinutesPerFailure));
  const maxBlockMinutes = sql.raw(String(SIGN_IN_LIMIT.maxBlockMinutes));
  const nowIso = now.toISOString();
  const next = sql`(case when sign_in_attempts.last_failure_at <= ${nowIso}::timestamptz - make_interval(mins => ${windowMinutes})
    then 1 else sign_in_attempts.failures + 1 end)`;
  return sql`insert into sign_in_attempts as sign_in_attempts (key, failures, window_started_at, last_failure_at, blocked_until)
        values (${key}, 1, ${nowIso}::timestamptz, ${nowIso}::timestamptz,
                case when 1 >= ${threshold}
                  then ${nowIso}::timestamptz + make_interval(mins => least(${blockMinutesPerFailure}, ${maxBlockMinutes})) end)
        on conflict (key) do update set
          failures = ${next},
          window_started_at = case when ${next} = 1 then excluded.window_started_at else sign_in_attempts.window_started_at end,
          last_failure_at = excluded.last_failure_at,
          blocked_until = case when ${next} >= ${threshold}
            then ${nowIso}::timestamptz + make_interval(mins => least(${next} * ${blockMinutesPerFailure}, ${maxBlockMinutes}))
            else null end
        where sign_in_attempts.blocked_until is null or sign_in_attempts.blocked_until <= ${nowIso}::timestamptz
        returning failures, blocked_until`;
}

/** The block an uncounted attempt ran into, as the counter now stands. */
export async function findBlock(db: DbOrTx, key: CounterKey, now: Date): Promise<Reservation> {
  const [current] = await db.select().from(signInAttempts).where(eq(signInAttempts.key, key)).limit(1);
  return { blocked: true, failures: current?.failures ?? 0, blockedUntil: current?.blockedUntil ?? now };
}

/** A successful sign-in clears the counter (spec §9). */
export async function clearAttempts(db: DbOrTx, key: CounterKey): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, key));
}

/** clearAttempts as a write of the sign-in's unit of work (committed with its audit record, or not at all). */
export function clearAttemptsStatement(key: CounterKey): Write {
  return statementWrite((guard) => sql`delete from sign_in_attempts where key = ${key} and ${guard}`);
}

/** The setup reset (setup/setup-queries.ts deleteAllAccounts): every counter. */
export async function deleteAllAttempts(db: DbOrTx): Promise<void> {
  await db.delete(signInAttempts);
}

/** Removes counters that no longer matter: outside the window and not blocking. */
export async function deleteStaleAttempts(db: DbOrTx, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - SIGN_IN_LIMIT.windowMinutes * 60_000);
  const done = await db
    .delete(signInAttempts)
    .where(
      and(
        lt(signInAttempts.lastFailureAt, cutoff),
        or(isNull(signInAttempts.blockedUntil), lt(signInAttempts.blockedUntil, now)),
      ),
    )
    .returning({ key: signInAttempts.key });
  return done.length;
}

/**
 * Erasure: the counter of an address as it was keyed before counters were keyed by a MAC
 * (auth/counter-key.ts), when it named the address in plaintext (`email:<address>`).
 */
export async function deletePlaintextAttemptCounter(db: DbOrTx, email: string): Promise<void> {
  await db.delete(signInAttempts).where(eq(signInAttempts.key, `email:${email}`));
}
