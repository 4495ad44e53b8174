import type { CounterKey } from './counter-key';
import type { Hub } from '../hub';
import { Refusal } from '../errors';
import type { AuditActorFields, AuditEvent } from '../audit/record';
import { SIGN_IN_LIMIT, SIGN_IN_MESSAGES } from '../../shared/auth-limits';
import { clearAttempts, reserveAttempt, type Reservation } from './sign-in-limit-queries';

/** The audit events of one counted secret. */
export interface AttemptEvents {
  /** An attempt during a block: refused before the guess is checked, and not counted. */
  refusedBlocked(blockedUntil: Date): AuditEvent;
  /** A wrong guess, already counted: `reason` as verify gave it, `failures` the count now. */
  failed(reason: string, failures: number): AuditEvent;
  /** Written beside `failed` by the failure that starts a block. */
  blockStarted(failures: number, blockedUntil: Date): AuditEvent;
}

/** The refusal of a wrong guess that does not start a block. */
export interface WrongGuess {
  code: 'invalid_credentials' | 'invalid_code' | 'invalid_setup_key';
  /** Default: the code's message. */
  message?: string | ((attemptsRemaining: number) => string);
  /** The input field the answer points at. */
  field?: string;
  /** Whether the answer says how many attempts are left (default yes). */
  tellsRemaining?: boolean;
}

export interface CountedAttempt {
  /** The counter: attemptKey(email) for an account's secrets, one per client address for the setup key. */
  key: CounterKey;
  /** The request's time (default: the hub's clock now): the attempt is counted and its block measured at it. */
  now?: Date;
  /**
   * The reservation, when the caller took it at `now` in a statement that read more in the same
   * round trip (reserveAttemptAndFindUser): the password sign-in's first round trip stays one.
   */
  reservation?: Reservation;
  /** Checks the guess; resolves to why it is wrong (the failure's reason), or null when it is right. */
  verify(): Promise<string | null>;
  events: AttemptEvents;
  /** The refusal of a wrong guess; by its reason when one attempt checks two secrets (password and code). */
  wrong: WrongGuess | ((reason: string) => WrongGuess);
  /**
   * 'now': a right guess deletes the counter here. 'with-session': the guess leads to a sign-in,
   * whose session commit clears the counter (finishSignIn, in its group commit); until then —
   * a second factor still to prove — the count stands, so codes cannot be guessed for free.
   */
  clear: 'now' | 'with-session';
}

/**
 * The one path of every guessable secret (passwords, second-factor codes, the setup key): the
 * attempt is counted before the guess is checked (reserveAttempt: atomic, so parallel guesses
 * cannot outrun the count), an attempt during a block is refused unchecked (429 + Retry-After),
 * a wrong guess answers `wrong` with the attempts left — or 429 when it is the one that starts
 * a block — and a right guess clears the counter. Resolves only when the guess is right.
 */
export async function countedAttempt(hub: Hub, attempt: CountedAttempt): Promise<void> {
  const now = attempt.now ?? hub.clock();
  const reservation = attempt.reservation ?? (await reserveAttempt(hub.db, attempt.key, now));
  if (reservation.blocked) {
    throw blockedRefusal(reservation.blockedUntil, now, [attempt.events.refusedBlocked(reservation.blockedUntil)]);
  }
  const reason = await attempt.verify();
  if (reason === null) {
    if (attempt.clear === 'now') await clearAttempts(hub.db, attempt.key);
    return;
  }
  const failure = attempt.events.failed(reason, reservation.failures);
  if (reservation.blockedUntil !== null) {
    throw blockedRefusal(reservation.blockedUntil, now, [
      failure,
      attempt.events.blockStarted(reservation.failures, reservation.blockedUntil),
    ]);
  }
  const wrong = typeof attempt.wrong === 'function' ? attempt.wrong(reason) : attempt.wrong;
  throw wrongGuessRefusal(wrong, reservation.failures, failure);
}

/**
 * The events of a guess at an account's secret: the sign-in counter's own block events, and
 * `failed` (default sign_in_failure) for the wrong guess.
 */
export function accountAttemptEvents(
  email: string,
  who: AuditActorFields,
  failed: AttemptEvents['failed'] = (reason, failures) => ({
    type: 'sign_in_failure',
    ...who,
    details: { email, reason, failures },
  }),
): AttemptEvents {
  return {
    refusedBlocked: (blockedUntil) => ({
      type: 'sign_in_refused_blocked',
      ...who,
      details: { email, blocked_until: blockedUntil.toISOString() },
    }),
    failed,
    blockStarted: (failures, blockedUntil) => ({
      type: 'sign_in_blocked',
      ...who,
      details: { email, failures, blocked_until: blockedUntil.toISOString() },
    }),
  };
}

function blockedRefusal(blockedUntil: Date, now: Date, audit: AuditEvent[]): Refusal {
  const seconds = Math.max(1, Math.ceil((blockedUntil.getTime() - now.getTime()) / 1000));
  const minutes = Math.ceil(seconds / 60);
  return new Refusal('too_many_attempts', {
    message: SIGN_IN_MESSAGES.blocked(minutes),
    extra: { retry_after_minutes: minutes },
    headers: { 'retry-after': String(seconds) },
    audit,
  });
}

function wrongGuessRefusal(wrong: WrongGuess, failures: number, failure: AuditEvent): Refusal {
  const remaining = Math.max(0, SIGN_IN_LIMIT.threshold - failures);
  return new Refusal(wrong.code, {
    message: typeof wrong.message === 'function' ? wrong.message(remaining) : wrong.message,
    extra: {
      ...(wrong.tellsRemaining === false ? {} : { attempts_remaining: remaining }),
      ...(wrong.field ? { field: wrong.field } : {}),
    },
    audit: failure,
  });
}
