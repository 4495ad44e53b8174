import type { CounterKey } from './counter-key';
import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { preparedRows } from '../db/client';
import { mapRow } from '../db/map-row';
import { platformUsers } from '../db/schema/index';
import type { PlatformUser } from '../db/schema/index';
import { secondFactorExists } from '../account/second-factor-queries';
import { effectiveAssignment } from '../roles/queries';
import { findBlock, reservationOf, reserveAttemptStatement, type Reservation } from './sign-in-limit-queries';

/** Everything a password sign-in needs before the hash, read in the round trip that counts the attempt. */
export interface SignInLookup {
  reservation: Reservation;
  user: PlatformUser | undefined;
  /** A confirmed TOTP or a passkey is enrolled: the password alone does not sign in. */
  hasSecondFactor: boolean;
  /** The user's effective roles now (for the answer; every later request reads its own). */
  roles: string[];
}

type LookupRow = Record<string, unknown> & {
  counted: boolean;
  reserved_failures: number | null;
  reserved_blocked_until: string | Date | null;
  current_failures: number | null;
  current_blocked_until: string | Date | null;
  has_second_factor: boolean | null;
  roles: string[] | string | null;
};

/**
 * ONE statement: counts the attempt exactly as reserveAttempt does (the same upsert, so the
 * row lock and the re-checked WHERE still serialise concurrent guesses), and in the same
 * round trip reads the account, whether it has a second factor, and its effective roles.
 * All parts see the statement's one snapshot; the counter row of that snapshot (`current`)
 * is the block an uncounted attempt ran into — unless a concurrent attempt started that block
 * after the snapshot, which the follow-up read (findBlock) then reports, as before.
 */
export async function reserveAttemptAndFindUser(
  db: DbOrTx,
  key: CounterKey,
  email: string,
  now: Date,
): Promise<SignInLookup> {
  // Named: sign-in's one statement before the hash is parsed and planned once per connection.
  const [row] = await preparedRows<LookupRow>(
    db,
    'hub_sign_in_lookup',
    sql`with reserved as (${reserveAttemptStatement(key, now)})
      select (r.failures is not null) as counted, r.failures as reserved_failures, r.blocked_until as reserved_blocked_until,
        cur.failures as current_failures, cur.blocked_until as current_blocked_until,
        u.*,
        case when u.id is null then null else ${secondFactorExists(sql`u.id`)} end as has_second_factor,
        case when u.id is null then null else array(
          select role from platform_role_assignments
          where platform_role_assignments.user_id = u.id and ${effectiveAssignment(now)}
          order by role) end as roles
      from (select 1) as one
      left join reserved r on true
      left join sign_in_attempts cur on cur.key = ${key}
      left join platform_users u on u.email = ${email}`,
  );
  const user = row.id ? mapRow(platformUsers, row) : undefined;
  return {
    reservation: await reservationFrom(db, row, key, now),
    user,
    hasSecondFactor: row.has_second_factor === true,
    roles: rolesOf(row.roles),
  };
}

async function reservationFrom(db: DbOrTx, row: LookupRow, key: CounterKey, now: Date): Promise<Reservation> {
  if (row.counted)
    return reservationOf({ failures: row.reserved_failures!, blocked_until: row.reserved_blocked_until });
  const blockedUntil = row.current_blocked_until ? new Date(row.current_blocked_until) : null;
  if (blockedUntil && blockedUntil > now) {
    return { blocked: true, failures: Number(row.current_failures ?? 0), blockedUntil };
  }
  return findBlock(db, key, now);
}

/** A text[] as either driver hands it over (an array, or PostgreSQL's `{a,b}` literal). */
function rolesOf(value: string[] | string | null): string[] {
  if (!value) return [];
  if (Array.isArray(value)) return value;
  const inner = value.slice(1, -1);
  return inner ? inner.split(',') : [];
}
