import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { auditLogs, platformRoleAssignments, platformUsers } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { PASSWORD_MESSAGES } from '../../../src/shared/password-policy';
import { useTestHub } from '../../helpers/use-test-hub';

const GOOD = 'Quartz-Meadow-4821!';

describe.each(TEST_DATABASES)('sign-up and email verification [%s]', (kind) => {
  const t = useTestHub(kind);

  const signUp = (payload: unknown) => t.client.post('/api/auth/sign-up', { csrf: true, body: payload as object });

  it('creates an unverified user with an argon2id hash and the user role, signs them in and mails a link', async () => {
    const res = await signUp({ email: '  New.Person@Example.TEST ', password: GOOD, full_name: 'New Person' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body.user).toMatchObject({
      email: 'new.person@example.test',
      full_name: 'New Person',
      email_verified: false,
    });
    expect(body.is_ecosystem_admin).toBe(false);
    expect(String(res.headers['set-cookie'])).toMatch(/hub_session=/);

    const [row] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, 'new.person@example.test'));
    expect(row.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row.emailVerifiedAt).toBeNull();
    const roles = await t.hub.db
      .select()
      .from(platformRoleAssignments)
      .where(eq(platformRoleAssignments.userId, row.id));
    expect(roles.map((r) => [r.role, r.isActive])).toEqual([['user', true]]);
    const audit = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'sign_up'));
    expect(audit.some((a) => a.userId === row.id)).toBe(true);

    const mail = devOutbox.filter((m) => m.to === 'new.person@example.test').at(-1);
    expect(mail?.link).toMatch(/\/api\/auth\/verify-email\?token=/);
    const path = new URL(mail!.link!).pathname + new URL(mail!.link!).search;
    const verify = await t.client.get(path);
    expect(verify.statusCode).toBe(303);
    expect(verify.headers.location).toBe('/auth?verified=true');
    const [after] = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.id, row.id));
    expect(after.emailVerifiedAt).toBeInstanceOf(Date);
    // Single use.
    const again = await t.client.get(path);
    expect(again.headers.location).toBe('/auth?verified=false');
  });

  it('a second sign-up with the same email (any case) gets 409 with the spec message', async () => {
    await signUp({ email: 'twice@example.test', password: GOOD, full_name: 'Once' });
    const res = await signUp({ email: 'TWICE@example.test ', password: GOOD, full_name: 'Twice' });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toMatchObject({
      code: 'email_taken',
      message: 'This email is already registered. Please sign in instead.',
    });
    const users = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, 'twice@example.test'));
    expect(users).toHaveLength(1);
  });

  it('refuses weak and common passwords with 400 and every rule message, creating nothing', async () => {
    const weak = await signUp({ email: 'weak@example.test', password: 'abcaaa', full_name: 'Weak' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().error).toMatchObject({
      code: 'weak_password',
      message: 'Password does not meet security requirements. Please check the requirements below.',
    });
    expect(weak.json().error.reasons).toEqual([
      PASSWORD_MESSAGES.length,
      PASSWORD_MESSAGES.uppercase,
      PASSWORD_MESSAGES.number,
      PASSWORD_MESSAGES.special,
      PASSWORD_MESSAGES.repeating,
      PASSWORD_MESSAGES.sequential,
    ]);
    const common = await signUp({ email: 'common@example.test', password: 'Leavemealone2!', full_name: 'Common' });
    expect(common.statusCode).toBe(400);
    expect(common.json().error.reasons).toEqual([PASSWORD_MESSAGES.common]);
    const long = await signUp({ email: 'long@example.test', password: 'Kp!9w'.repeat(26) + 'Zz', full_name: 'Long' });
    expect(long.statusCode).toBe(201);
    const rows = await t.hub.db.select().from(platformUsers).where(eq(platformUsers.email, 'weak@example.test'));
    expect(rows).toHaveLength(0);
  });

  it('missing fields answer Please fill in all fields', async () => {
    const res = await signUp({ email: 'x@example.test', password: GOOD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please fill in all fields');
  });
});
