import { createHmac, randomBytes } from 'node:crypto';
import { generateSecret, generateURI, verify } from 'otplib';
import type { Hub } from '../hub';
import type { DbOrTx } from '../db/client';
import { HubError } from '../errors';
import { sha256Hex } from '../crypto/tokens';
import type { SignedInActor } from '../actor';
import { clientInfoOf, verifyPasswordCounted } from '../auth/sign-in';
import type { MfaStatus } from '../../shared/api/me';
import { markSessionAuthenticated } from '../auth/session-queries';
import { acceptTotpStep, deleteTotp, findTotp, upsertPendingTotp } from './totp-queries';
import { deleteRecoveryCodes, markRecoveryCodeUsed, replaceRecoveryCodes } from './recovery-code-queries';
import { mfaCounts } from './second-factor-queries';

export const TOTP_ISSUER = 'Ecosystem Hub';
/** The sealing context: a sealed TOTP secret copied into another column does not open there. */
export const TOTP_SEAL_CONTEXT = 'mfa_totp.secret';
export const RECOVERY_CODE_COUNT = 10;
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

export async function mfaStatusOf(db: DbOrTx, userId: string): Promise<MfaStatus> {
  const c = await mfaCounts(db, userId);
  return { totp: c.totp, passkeys: c.passkeys, recovery_codes_left: c.recoveryCodesLeft };
}

/** POST /api/me/mfa/totp: a new secret, sealed at rest, unconfirmed until a code is accepted. */
export async function startTotpEnrolment(hub: Hub, actor: SignedInActor) {
  const secret = generateSecret();
  const stored = await upsertPendingTotp(
    hub.db,
    actor.userId,
    hub.secrets.seal(secret, TOTP_SEAL_CONTEXT),
    hub.clock(),
  );
  if (!stored)
    throw new HubError('conflict', 'An authenticator app is already set up. Remove it first to set up another.');
  const otpauth_uri = generateURI({ issuer: TOTP_ISSUER, label: actor.auth.user.email, secret });
  return { secret, otpauth_uri };
}

/**
 * RFC 6238 check (30 s steps, 6 digits, ±1 step) of a code against a sealed secret; returns the
 * matched time step when it is later than `lastStep`, else null.
 */
export async function matchTotp(
  hub: Hub,
  secretEnc: string,
  code: string,
  lastStep: number | null,
): Promise<number | null> {
  if (!/^\d{6}$/.test(code)) return null;
  const secret = hub.secrets.open(secretEnc, TOTP_SEAL_CONTEXT);
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(hub.clock().getTime() / 1000),
    epochTolerance: 30,
    ...(lastStep !== null ? { afterTimeStep: lastStep } : {}),
  });
  if (!result.valid) return null;
  const step = (result as { timeStep?: number }).timeStep;
  return typeof step === 'number' ? step : null;
}

/**
 * Checks a code of a user's confirmed TOTP and records its step atomically (a code, or any
 * earlier one, is never accepted twice, even by two requests at once).
 */
export async function consumeTotpCode(hub: Hub, userId: string, code: string): Promise<boolean> {
  const totp = await findTotp(hub.db, userId);
  if (!totp?.confirmedAt) return false;
  const step = await matchTotp(hub, totp.secretEnc, code, totp.lastStep);
  if (step === null) return false;
  return acceptTotpStep(hub.db, userId, step, { requireConfirmed: true });
}

/** Normalises a recovery code as typed: case, spaces and dashes do not matter. */
function normaliseRecoveryCode(code: string): string {
  return code.toLowerCase().replace(/[\s-]+/g, '');
}

/**
 * A recovery code is stored as an HMAC keyed by the master key (HKDF, its own label): a copy of
 * the table alone cannot be searched for codes offline, however fast the hardware. (A code has
 * ≈49 bits; a plain hash of one could be found in hours on GPUs.)
 */
function recoveryCodeHash(hub: Hub, userId: string, code: string): string {
  return createHmac('sha256', hub.caches.recoveryCodeKey)
    .update(`${userId}:${normaliseRecoveryCode(code)}`)
    .digest('hex');
}

/** How codes issued before the keyed hash were stored; they keep working until used or replaced. */
function legacyRecoveryCodeHash(userId: string, code: string): string {
  return sha256Hex(`${userId}:${normaliseRecoveryCode(code)}`);
}

/** 10 codes of 10 characters (≈49 bits each), shown as xxxxx-xxxxx. */
function newRecoveryCodes(): string[] {
  return Array.from({ length: RECOVERY_CODE_COUNT }, () => {
    const bytes = randomBytes(10);
    const chars = Array.from(bytes, (b) => RECOVERY_ALPHABET[b % RECOVERY_ALPHABET.length]).join('');
    return `${chars.slice(0, 5)}-${chars.slice(5)}`;
  });
}

async function storeNewRecoveryCodes(hub: Hub, db: DbOrTx, userId: string, now: Date): Promise<string[]> {
  const codes = newRecoveryCodes();
  await replaceRecoveryCodes(
    db,
    userId,
    codes.map((c) => recoveryCodeHash(hub, userId, c)),
    now,
  );
  return codes;
}

export async function consumeRecoveryCodeOf(hub: Hub, userId: string, code: string): Promise<boolean> {
  if (code.length > 64) return false;
  const now = hub.clock();
  return (
    (await markRecoveryCodeUsed(hub.db, userId, recoveryCodeHash(hub, userId, code), now)) ||
    markRecoveryCodeUsed(hub.db, userId, legacyRecoveryCodeHash(userId, code), now)
  );
}

/** POST /api/me/mfa/totp/confirm {code}: the first accepted code confirms; 10 recovery codes, once. */
export async function confirmTotpEnrolment(hub: Hub, actor: SignedInActor, code: string) {
  const totp = await findTotp(hub.db, actor.userId);
  if (!totp) throw new HubError('mfa_not_enrolled', 'Start the set-up first (POST /api/me/mfa/totp).');
  if (totp.confirmedAt) throw new HubError('conflict', 'The authenticator app is already set up.');
  const step = await matchTotp(hub, totp.secretEnc, code, totp.lastStep);
  if (step === null) throw new HubError('invalid_code', undefined, { field: 'code' });
  const now = hub.clock();
  return hub.db.transaction(async (tx) => {
    if (!(await acceptTotpStep(tx, actor.userId, step, { confirmAt: now, requireConfirmed: false }))) {
      throw new HubError('invalid_code', undefined, { field: 'code' });
    }
    const recovery_codes = await storeNewRecoveryCodes(hub, tx, actor.userId, now);
    // The code just typed proves the factor: this session now counts as password + OTP.
    const amr = [...new Set([...actor.auth.session.amr, 'otp', 'mfa'])];
    await markSessionAuthenticated(tx, actor.sessionId, now, amr);
    await hub.audit.record(
      [
        { type: 'mfa_totp_enrolled', ...actor.audit },
        { type: 'mfa_recovery_codes_generated', ...actor.audit, details: { count: recovery_codes.length } },
      ],
      tx,
    );
    return { recovery_codes };
  });
}

/** DELETE /api/me/mfa/totp {current_password}: the app and its recovery codes go. */
export async function removeTotp(hub: Hub, actor: SignedInActor, currentPassword: string): Promise<MfaStatus> {
  const totp = await findTotp(hub.db, actor.userId);
  if (!totp?.confirmedAt) throw new HubError('mfa_not_enrolled');
  await verifyPasswordCounted(hub, actor.auth.user, currentPassword, clientInfoOf(actor));
  await hub.db.transaction(async (tx) => {
    await deleteTotp(tx, actor.userId);
    await deleteRecoveryCodes(tx, actor.userId);
    await hub.audit.record({ type: 'mfa_totp_removed', ...actor.audit }, tx);
  });
  return mfaStatusOf(hub.db, actor.userId);
}

/** POST /api/me/mfa/recovery-codes {current_password}: 10 new codes; the old ones stop working. */
export async function regenerateRecoveryCodes(hub: Hub, actor: SignedInActor, currentPassword: string) {
  const totp = await findTotp(hub.db, actor.userId);
  if (!totp?.confirmedAt) throw new HubError('mfa_not_enrolled');
  await verifyPasswordCounted(hub, actor.auth.user, currentPassword, clientInfoOf(actor));
  return hub.db.transaction(async (tx) => {
    const recovery_codes = await storeNewRecoveryCodes(hub, tx, actor.userId, hub.clock());
    await hub.audit.record(
      { type: 'mfa_recovery_codes_generated', ...actor.audit, details: { count: recovery_codes.length } },
      tx,
    );
    return { recovery_codes };
  });
}
