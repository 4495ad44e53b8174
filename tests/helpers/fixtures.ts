import { hash } from '@node-rs/argon2';
import type { AuditRowInput } from '../../src/server/audit/record';
import type { Hub } from '../../src/server/hub';
import { generate } from 'otplib';
import { eq } from 'drizzle-orm';
import { authSessions, mfaTotp, platformRoleAssignments, platformUsers } from '../../src/server/db/schema/index';
import { sha256Hex } from '../../src/server/crypto/tokens';
import { TOTP_SEAL_CONTEXT } from '../../src/server/account/totp';
import { hasSecondFactor } from '../../src/server/account/second-factor-queries';
import type { PlatformUser } from '../../src/server/db/schema/index';
import { createBrowserSession, SESSION_COOKIE } from '../../src/server/auth/sessions';
import type { PlatformRole } from '../../src/shared/roles';
import { cookieValue } from './cookies';

let counter = 0;

/** A valid password under the spec's policy, for fixtures. */
export const FIXTURE_PASSWORD = 'Cobalt-Harbor-1947!';

/**
 * The authenticator-app secret of fixture administrators (issue 13: with HUB_ADMIN_MFA=required,
 * the default, an admin without a second factor is refused on /api/admin/*). Base32, 160 bits.
 */
export const FIXTURE_TOTP_SECRET = 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP';

/** The TOTP code of `secret` at the hub's clock (plus `offsetSteps` 30-second steps). */
export async function totpCodeAt(hub: Hub, secret = FIXTURE_TOTP_SECRET, offsetSteps = 0): Promise<string> {
  return generate({ secret, epoch: Math.floor(hub.clock().getTime() / 1000) + offsetSteps * 30 });
}

/** Gives a user a confirmed authenticator app with `secret` (no recovery codes). */
export async function enrolFixtureTotp(hub: Hub, userId: string, secret = FIXTURE_TOTP_SECRET): Promise<void> {
  await hub.db
    .insert(mfaTotp)
    .values({ userId, secretEnc: hub.secrets.seal(secret, TOTP_SEAL_CONTEXT), confirmedAt: hub.clock() });
}

/**
 * Inserts a user directly (no API), with the given roles active. Passwords are hashed with
 * argon2id at the cheapest cost: fixtures are not what the tests measure.
 */
export async function createUser(
  hub: Hub,
  input: {
    email?: string;
    fullName?: string | null;
    organization?: string | null;
    roles?: PlatformRole[];
    isActive?: boolean;
    password?: string;
    /**
     * Enrol FIXTURE_TOTP_SECRET. Default: yes for platform_admin / super_admin (they need a second
     * factor to use /api/admin/*), no for everyone else.
     */
    mfa?: boolean;
  } = {},
): Promise<PlatformUser> {
  counter += 1;
  const email = (input.email ?? `user${counter}-${Date.now()}@example.test`).toLowerCase();
  const passwordHash = await hash(input.password ?? FIXTURE_PASSWORD, {
    memoryCost: 1024,
    timeCost: 1,
    parallelism: 1,
    algorithm: 2,
  });
  const [user] = await hub.db
    .insert(platformUsers)
    .values({
      email,
      passwordHash,
      fullName: input.fullName === undefined ? `Test User ${counter}` : input.fullName,
      organization: input.organization ?? null,
      isActive: input.isActive ?? true,
    })
    .returning();
  for (const role of input.roles ?? ['user']) {
    // Held from before anything the test does (a day before the hub's clock, in insertion order),
    // granted by nobody, as the setup command grants them: the two-person rule reads both.
    counter += 1;
    const grantedAt = new Date(hub.clock().getTime() - 86_400_000 + counter);
    await hub.db.insert(platformRoleAssignments).values({ userId: user.id, role, isActive: true, grantedAt });
  }
  const isAdmin = (input.roles ?? []).some((r) => r === 'platform_admin' || r === 'super_admin');
  if (input.mfa ?? isAdmin) await enrolFixtureTotp(hub, user.id);
  return user;
}

/**
 * Signs a user in without the API (a session row + cookie); returns the Cookie header value. A
 * user with a second factor gets a session as a password + code sign-in makes it (amr pwd, otp),
 * authenticated at the hub's current time (so step-up routes accept it for 10 minutes).
 */
export async function sessionCookieFor(hub: Hub, user: PlatformUser): Promise<string> {
  const amr = (await hasSecondFactor(hub.db, user.id)) ? ['pwd', 'otp', 'mfa'] : ['pwd'];
  const { token } = await createBrowserSession(hub, {
    userId: user.id,
    ipAddress: '127.0.0.1',
    userAgent: 'vitest',
    amr,
  });
  return `${SESSION_COOKIE}=${token}`;
}

/** A user with roles and a signed-in cookie, in one call. */
export async function signedInUser(
  hub: Hub,
  roles: PlatformRole[] = ['user'],
  extra: Parameters<typeof createUser>[1] = {},
) {
  const user = await createUser(hub, { ...extra, roles });
  return { user, cookie: await sessionCookieFor(hub, user) };
}

/**
 * An audit row as a test seeds it (any type, any severity): source `server` and empty details
 * unless given. Real code records catalogue events through `audit.record`; fixtures may not.
 */
export function auditRow(
  row: Omit<AuditRowInput, 'source' | 'details'> & Partial<Pick<AuditRowInput, 'source' | 'details'>>,
): AuditRowInput {
  return { source: 'server', details: {}, ...row };
}

/**
 * The session behind `cookie` authenticated again now with password + code, as
 * POST /api/auth/reauthenticate leaves it: for tests that move the clock past the 10-minute
 * step-up window and then use a step-up route for another reason.
 */
export async function refreshAuthentication(hub: Hub, cookie: string): Promise<void> {
  await hub.db
    .update(authSessions)
    .set({ authTime: hub.clock(), amr: ['pwd', 'otp', 'mfa'] })
    .where(eq(authSessions.sessionTokenHash, sha256Hex(cookieValue(cookie))));
}
