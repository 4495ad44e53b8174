import type { Hub } from '../hub';
import { isLocale, type Locale } from '../../shared/locales';
import { composeMail } from '../i18n/mail';
import { recipientLocale } from '../i18n/translate';
import { HubError } from '../errors';
import { randomToken, sha256Hex } from '../crypto/tokens';
import type { SignedInActor } from '../actor';
import type { Mailer } from '../auth/mailer';
import { clientInfoOf, verifyPasswordCounted } from '../auth/sign-in';
import { findUserById } from '../auth/user-queries';
import { forgetSignedInSession } from '../auth/session-cache';
import type { Me, MePatchBody } from '../../shared/api/me';
import { mePatchBodySchema } from '../../shared/api/me';
import type { z } from 'zod';
import { changeEmail, emailInUse, updateProfile } from '../auth/user-queries';
import { consumeToken, consumeUserTokens, insertToken } from '../auth/one-time-token-queries';
import { mfaCounts } from './second-factor-queries';

export const EMAIL_CHANGE_PURPOSE = 'email_change';
const EMAIL_CHANGE_LIFETIME_MS = 24 * 3_600_000;

/** GET /api/me. */
export async function getMe(hub: Hub, actor: SignedInActor): Promise<Me> {
  const { user, roles } = actor.auth;
  const mfa = await mfaCounts(hub.db, user.id);
  return {
    id: user.id,
    email: user.email,
    email_verified: user.emailVerifiedAt !== null,
    full_name: user.fullName,
    organization: user.organization,
    department: user.department,
    roles,
    locale: isLocale(user.locale) ? user.locale : null,
    mfa: { totp: mfa.totp, passkeys: mfa.passkeys, recovery_codes_left: mfa.recoveryCodesLeft },
  };
}

/** PATCH /api/me: any subset of full_name, organization, department. */
export async function patchMe(
  hub: Hub,
  actor: SignedInActor,
  patch: z.output<typeof mePatchBodySchema> | MePatchBody,
): Promise<Me> {
  const fields: {
    fullName?: string | null;
    organization?: string | null;
    department?: string | null;
    locale?: string | null;
  } = {};
  if (patch.full_name !== undefined) fields.fullName = patch.full_name;
  if (patch.organization !== undefined) fields.organization = patch.organization;
  if (patch.department !== undefined) fields.department = patch.department;
  if (patch.locale !== undefined) fields.locale = patch.locale;
  const names = Object.keys(patch).filter((k) => (patch as Record<string, unknown>)[k] !== undefined);
  if (names.length) {
    const user = await updateProfile(hub.db, actor.userId, fields, hub.clock());
    actor.auth.user = user;
    // The authorization pages read the user from this node's session cache: it must not keep the old language.
    if (patch.locale !== undefined) forgetSignedInSession(hub, actor.sessionId);
    await hub.audit.record({ type: 'profile_updated', ...actor.audit, details: { fields: names } });
  }
  return getMe(hub, actor);
}

/** POST /api/me/email: confirms the password, mails a link to the new address; nothing changes yet. */
export async function requestEmailChange(
  hub: Hub,
  mailer: Mailer,
  actor: SignedInActor,
  input: { newEmail: string; currentPassword: string },
) {
  const user = actor.auth.user;
  await verifyPasswordCounted(hub, user, input.currentPassword, clientInfoOf(actor));
  if (input.newEmail === user.email) {
    throw new HubError('invalid_request', 'This is already your email address.', { field: 'new_email' });
  }
  if (await emailInUse(hub.db, input.newEmail)) throw new HubError('email_in_use', undefined, { field: 'new_email' });
  const now = hub.clock();
  const token = randomToken();
  await hub.db.transaction(async (tx) => {
    // Only the newest request counts.
    await consumeUserTokens(tx, user.id, EMAIL_CHANGE_PURPOSE, now);
    await insertToken(tx, {
      tokenHash: sha256Hex(token),
      purpose: EMAIL_CHANGE_PURPOSE,
      userId: user.id,
      now,
      expiresAt: new Date(now.getTime() + EMAIL_CHANGE_LIFETIME_MS),
      data: { new_email: input.newEmail },
    });
    await hub.audit.record(
      { type: 'email_change_requested', ...actor.audit, details: { new_email: input.newEmail } },
      tx,
    );
  });
  const link = `${hub.config.publicUrl}/account/confirm-email?token=${encodeURIComponent(token)}`;
  const mail = composeMail(recipientLocale(user.locale, actor.locale), 'emailChange', { link });
  await mailer.send({ to: input.newEmail, ...mail, link });
  return { confirmation_sent: true as const, new_email: input.newEmail };
}

/** POST /api/me/email/confirm {token}: the emailed link; the old address is told. */
export async function confirmEmailChange(
  hub: Hub,
  mailer: Mailer,
  token: string,
  client: { ipAddress: string | null; userAgent: string | null; requestId?: string | null; sessionId: string | null },
  /** The request's language, for an account without a saved choice. */
  requested?: Locale,
) {
  const now = hub.clock();
  const result = await hub.db.transaction(async (tx) => {
    const consumed = await consumeToken(tx, sha256Hex(token), EMAIL_CHANGE_PURPOSE, now);
    const newEmail = (consumed?.data as { new_email?: unknown } | null)?.new_email;
    if (!consumed || typeof newEmail !== 'string') return { error: 'invalid_token' as const };
    const before = await findUserById(tx, consumed.userId);
    if (!before || !before.isActive) return { error: 'invalid_token' as const };
    const after = await changeEmail(tx, before.id, newEmail, now);
    if (!after) return { error: 'email_in_use' as const };
    await hub.audit.record(
      {
        type: 'email_changed',
        ...client,
        userId: before.id,
        // The session that posted the link may be none, or another account's: not recorded.
        sessionId: null,
        details: { old_email: before.email, new_email: newEmail },
      },
      tx,
    );
    return { oldEmail: before.email, newEmail, locale: before.locale };
  });
  if ('error' in result) {
    if (result.error === 'email_in_use') throw new HubError('email_in_use');
    throw new HubError('invalid_token');
  }
  await mailer
    .send({
      to: result.oldEmail,
      ...composeMail(recipientLocale(result.locale, requested), 'emailChanged', { newEmail: result.newEmail }),
    })
    .catch(() => undefined);
  return { email: result.newEmail, email_verified: true as const };
}
