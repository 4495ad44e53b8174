import type { Hub } from '../hub';
import type { Locale } from '../../shared/locales';
import { HubError } from '../errors';
import type { FastifyBaseLogger } from 'fastify';
import { isEcosystemAdminRoles } from '../../shared/roles';
import { hashPassword } from './passwords';
import { insertUserWithRoles } from './user-queries';
import { createBrowserSession } from './sessions';
import type { BrowserAuth } from './sessions';
import { sendVerificationMail } from './email-verification';
import type { Mailer } from './mailer';
import { normalizeEmail, type ClientInfo } from './sign-in';
import { assertStrongPassword } from './password-check';

/**
 * Creates an unverified account with the basic 'user' role, mails the verification link and
 * signs the new user in (the spec continues into the app after sign-up; unverified users may
 * sign in). A taken email is a 409 with the spec's message.
 */
export async function signUp(
  hub: Hub,
  mailer: Mailer,
  input: {
    email: string;
    password: string;
    fullName: string;
    organization?: string | null;
    department?: string | null;
  },
  client: ClientInfo,
  log: Pick<FastifyBaseLogger, 'warn'>,
  /** The request's language: the verification mail's. */
  locale?: Locale,
): Promise<{ token: string; auth: BrowserAuth }> {
  const email = normalizeEmail(input.email);
  await assertStrongPassword(hub, input.password, log);
  const passwordHash = await hashPassword(input.password);
  const now = hub.clock();
  const result = await hub.db.transaction(async (tx) => {
    const user = await insertUserWithRoles(
      tx,
      {
        email,
        passwordHash,
        fullName: input.fullName.trim(),
        organization: input.organization?.trim() || null,
        department: input.department?.trim() || null,
        createdAt: now,
        updatedAt: now,
        lastLoginAt: now,
      },
      ['user'],
      null,
    );
    if (!user) return undefined;
    const { token, session } = await createBrowserSession(hub, { userId: user.id, ...client }, tx);
    await hub.audit.record(
      { type: 'sign_up', ...client, userId: user.id, sessionId: session.id, details: { email } },
      tx,
    );
    return { token, session, user };
  });
  if (!result) throw new HubError('email_taken');
  // After commit: a mail failure must not undo the account; the user can still sign in.
  await sendVerificationMail(hub, mailer, result.user, undefined, locale).catch(() => undefined);
  const roles = ['user'];
  return {
    token: result.token,
    auth: { session: result.session, user: result.user, roles, isEcosystemAdmin: isEcosystemAdminRoles(roles) },
  };
}
