import { counterKey } from '../auth/counter-key';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { Hub } from '../hub';
import { HubError, Refusal } from '../errors';
import { sha256Hex } from '../crypto/tokens';
import { hitRateCounter } from '../audit/queries';
import type { SignedInActor } from '../actor';
import type { WebauthnCredential } from '../db/schema/index';
import { finishSignIn, type ClientInfo } from '../auth/sign-in';
import { findUserById } from '../auth/user-queries';
import type { BrowserAuth } from '../auth/sessions';
import type { z } from 'zod';
import type { Passkey, authenticationOptionsSchema, registrationOptionsSchema } from '../../shared/api/mfa';
import { markSessionAuthenticated } from '../auth/session-queries';
import {
  consumeChallenge,
  deletePasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  touchPasskey,
} from './passkey-queries';

/**
 * The WebAuthn library, loaded on the first passkey ceremony: ~4 MB of JavaScript heap and over a
 * second of loading that a hub whose users have no passkeys never needs (bench:embedded).
 */
const webauthn = () => import('@simplewebauthn/server');

const RP_NAME = 'Ecosystem Hub';
const CHALLENGE_TTL_MS = 5 * 60_000;
const TIMEOUT_MS = 5 * 60_000;
/** Passkey sign-in options per client address per minute (the sign-in page asks on every load). */
const OPTIONS_PER_MINUTE = 300;

export function webauthnRp(hub: Hub): { rpID: string; origin: string } {
  const url = new URL(hub.config.publicUrl);
  return { rpID: hub.config.webauthnRpId ?? url.hostname, origin: hub.config.webauthnOrigin ?? url.origin };
}

function toView(c: WebauthnCredential): Passkey {
  return {
    id: c.id,
    name: c.name,
    created_at: c.createdAt.toISOString(),
    last_used_at: c.lastUsedAt?.toISOString() ?? null,
    device_type: c.deviceType,
    backed_up: c.backedUp,
  };
}

/** The challenge the browser signed, read from clientDataJSON (the library checks it again). */
function challengeOf(clientDataJSON: string): string | null {
  try {
    const data = JSON.parse(Buffer.from(clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' && data.challenge.length <= 512 ? data.challenge : null;
  } catch {
    return null;
  }
}

/** POST /api/me/passkeys/options: creation options exactly as the library makes them. */
export async function passkeyRegistrationOptions(hub: Hub, actor: SignedInActor) {
  const { rpID } = webauthnRp(hub);
  const existing = await listPasskeys(hub.db, actor.userId);
  const user = actor.auth.user;
  const { generateRegistrationOptions } = await webauthn();
  const options = await generateRegistrationOptions({
    rpName: RP_NAME,
    rpID,
    userName: user.email,
    userID: new TextEncoder().encode(user.id),
    userDisplayName: user.fullName ?? user.email,
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((c) => ({ id: c.credentialId, transports: c.transports })),
    // Discoverable credentials (sign-in without typing an email), user verification required.
    authenticatorSelection: { residentKey: 'required', requireResidentKey: true, userVerification: 'required' },
  });
  const now = hub.clock();
  await insertChallenge(hub.db, {
    challengeHash: sha256Hex(options.challenge),
    purpose: 'registration',
    userId: actor.userId,
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  // Exactly the library's JSON; the wire schema is loose (it passes every field through).
  return options as unknown as z.output<typeof registrationOptionsSchema>;
}

/** POST /api/me/passkeys: the startRegistration() result. */
export async function registerPasskey(hub: Hub, actor: SignedInActor, response: RegistrationResponseJSON) {
  const { rpID, origin } = webauthnRp(hub);
  const now = hub.clock();
  const challenge = challengeOf(response.response.clientDataJSON);
  const stored = challenge ? await consumeChallenge(hub.db, sha256Hex(challenge), 'registration', now) : null;
  if (!challenge || !stored || stored.userId !== actor.userId) {
    throw new HubError('passkey_invalid', 'The passkey request expired or was not made here. Try again.');
  }
  let verification;
  try {
    const { verifyRegistrationResponse } = await webauthn();
    verification = await verifyRegistrationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
    });
  } catch {
    throw new HubError('passkey_invalid');
  }
  if (!verification.verified) throw new HubError('passkey_invalid');
  const info = verification.registrationInfo;
  const count = (await listPasskeys(hub.db, actor.userId)).length;
  const row = await hub.db.transaction(async (tx) => {
    const inserted = await insertPasskey(tx, {
      userId: actor.userId,
      credentialId: info.credential.id,
      publicKey: Buffer.from(info.credential.publicKey).toString('base64url'),
      counter: info.credential.counter,
      transports: (info.credential.transports ?? []).map(String),
      deviceType: info.credentialDeviceType,
      backedUp: info.credentialBackedUp,
      name: `Passkey ${count + 1}`,
      createdAt: now,
    });
    if (!inserted) throw new HubError('conflict', 'This passkey is already registered.');
    // The ceremony just verified the user on the new passkey: like a confirmed authenticator app,
    // it counts as this session's second factor (the step-up window is not extended).
    const amr = [...new Set([...actor.auth.session.amr, 'hwk', 'mfa'])];
    await markSessionAuthenticated(tx, actor.sessionId, actor.auth.session.authTime, amr);
    await hub.audit.record(
      { type: 'passkey_registered', ...actor.audit, details: { passkey_id: inserted.id, name: inserted.name } },
      tx,
    );
    return inserted;
  });
  return toView(row);
}

export async function listMyPasskeys(hub: Hub, actor: SignedInActor) {
  return { passkeys: (await listPasskeys(hub.db, actor.userId)).map(toView) };
}

export async function removePasskey(hub: Hub, actor: SignedInActor, id: string) {
  await hub.db.transaction(async (tx) => {
    if (!(await deletePasskey(tx, actor.userId, id))) throw new HubError('not_found', 'No such passkey.');
    await hub.audit.record({ type: 'passkey_removed', ...actor.audit, details: { passkey_id: id } }, tx);
  });
  return { deleted: true as const };
}

/**
 * POST /api/auth/passkey/options: request options for a discoverable credential (no
 * allowCredentials), user verification required. One challenge, single use, 5 minutes.
 */
export async function passkeyAuthenticationOptions(hub: Hub, ipAddress: string | null) {
  // Anyone may ask (no account is named); each answer stores a challenge, so bound the rate.
  const hit = await hitRateCounter(
    hub.db,
    counterKey(hub.config.masterKey!, 'passkey-options', ipAddress ?? 'unknown'),
    hub.clock(),
    60_000,
  );
  if (hit.count > OPTIONS_PER_MINUTE) {
    const wait = Math.max(1, Math.ceil((hit.windowStartedAt.getTime() + 60_000 - hub.clock().getTime()) / 1000));
    throw new HubError('rate_limited', undefined, {}, { 'retry-after': String(wait) });
  }
  const { rpID } = webauthnRp(hub);
  const { generateAuthenticationOptions } = await webauthn();
  const options = await generateAuthenticationOptions({ rpID, userVerification: 'required', timeout: TIMEOUT_MS });
  const now = hub.clock();
  await insertChallenge(hub.db, {
    challengeHash: sha256Hex(options.challenge),
    purpose: 'authentication',
    userId: null,
    now,
    expiresAt: new Date(now.getTime() + CHALLENGE_TTL_MS),
  });
  return options as unknown as z.output<typeof authenticationOptionsSchema>;
}

/**
 * Verifies an assertion (startAuthentication() result) against a live challenge of ours and a
 * registered credential; with `userId`, the credential must be that user's. Null when anything
 * fails; on success the signature counter and last use are recorded.
 */
export async function verifyPasskeyAssertion(
  hub: Hub,
  response: AuthenticationResponseJSON,
  opts: { userId?: string } = {},
): Promise<{ userId: string; credential: WebauthnCredential } | null> {
  const { rpID, origin } = webauthnRp(hub);
  const now = hub.clock();
  const challenge = challengeOf(response?.response?.clientDataJSON ?? '');
  if (!challenge) return null;
  const stored = await consumeChallenge(hub.db, sha256Hex(challenge), 'authentication', now);
  if (!stored) return null;
  const credential = await findPasskeyByCredentialId(hub.db, response.id);
  if (!credential || (opts.userId && credential.userId !== opts.userId)) return null;
  try {
    const { verifyAuthenticationResponse } = await webauthn();
    const result = await verifyAuthenticationResponse({
      response,
      expectedChallenge: challenge,
      expectedOrigin: origin,
      expectedRPID: rpID,
      requireUserVerification: true,
      credential: {
        id: credential.credentialId,
        publicKey: new Uint8Array(Buffer.from(credential.publicKey, 'base64url')),
        counter: credential.counter,
        transports: credential.transports as never,
      },
    });
    if (!result.verified || !result.authenticationInfo.userVerified) return null;
    await touchPasskey(hub.db, credential.id, result.authenticationInfo.newCounter, now);
    return { userId: credential.userId, credential };
  } catch {
    return null;
  }
}

/** POST /api/auth/passkey: sign-in with a passkey alone (possession + user verification: both factors). */
export async function passkeySignIn(
  hub: Hub,
  response: AuthenticationResponseJSON,
  client: ClientInfo,
  previousSessionId: string | null,
): Promise<{ token: string; auth: BrowserAuth }> {
  const verified = await verifyPasskeyAssertion(hub, response);
  const user = verified ? await findUserById(hub.db, verified.userId) : undefined;
  if (!verified || !user || !user.isActive) {
    throw new Refusal('passkey_invalid', {
      audit: {
        type: 'passkey_sign_in_failure',
        ...client,
        userId: user?.id ?? null,
        sessionId: null,
        details: { reason: !verified ? 'not_verified' : 'inactive_account' },
      },
    });
  }
  return finishSignIn(hub, user, client, { previousSessionId, amr: ['hwk', 'mfa'] });
}
