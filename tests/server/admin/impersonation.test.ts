import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, sessionCookieFor, signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import { cookieFrom } from '../../helpers/cookies';
import { auditLogs } from '../../../src/server/db/schema/index';
import { devOutbox } from '../../../src/server/auth/mailer';
import { IMPERSONATOR_COOKIE } from '../../../src/server/admin/impersonation';
import { createBrowserSession, SESSION_COOKIE } from '../../../src/server/auth/sessions';
import { authorizeWithPkce, exchangeCode, registerClient } from '../oauth/oauth-helpers';

const WHY = 'Ticket 4711: the candidate cannot find the saved job alert';

describe.each(TEST_DATABASES)('impersonation: view as a user, with audit [%s]', (kind) => {
  const t = useTestHub(kind);

  const start = (cookie: string, userId: string, body: Record<string, unknown> = { justification: WHY, minutes: 30 }) =>
    t.client.post(`/api/admin/users/${userId}/impersonation`, { csrf: true, cookie, body });
  /** The browser's cookies after starting: the impersonated session and the kept administrator session. */
  const cookiesOf = (res: Parameters<typeof cookieFrom>[0]) =>
    `${cookieFrom(res)}; ${cookieFrom(res, IMPERSONATOR_COOKIE)}`;
  const auditOf = (type: string) => t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type));

  it('needs the support permission', async () => {
    const admin = await signedInUser(t.hub, ['user', 'platform_admin']);
    const target = await createUser(t.hub);
    const res = await start(admin.cookie, target.id);
    expect(res.statusCode).toBe(403);
    expect((await auditOf('impersonation_started')).filter((a) => a.userId === admin.user.id)).toEqual([]);
  });

  it('a session of the user naming the administrator in session, tokens and audit rows; security settings refused', async () => {
    const support = await signedInUser(t.hub, ['user', 'platform_admin', 'support']);
    const target = await createUser(t.hub, { fullName: 'Casey Candidate' });
    const res = await start(support.cookie, target.id);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(target.id);
    expect(res.json().impersonation).toMatchObject({ admin_id: support.user.id, admin_email: support.user.email });
    const browser = cookiesOf(res);
    const session = await t.client.get('/api/auth/session', { cookie: browser });
    expect(session.json().impersonation.admin_id).toBe(support.user.id);

    // Started: audited with both people; the user is told by mail and in their activity.
    const [started] = (await auditOf('impersonation_started')).filter((a) => a.userId === support.user.id);
    expect(started.details).toMatchObject({ target_user_id: target.id, impersonator_id: support.user.id, minutes: 30 });
    await expect
      .poll(() => devOutbox.some((m) => m.to === target.email && m.subject === 'Support viewed your account'))
      .toBe(true);
    expect(devOutbox.filter((m) => m.to === target.email).at(-1)!.text).toContain(WHY);
    const activity = await t.client.get('/api/me/impersonations', { cookie: await sessionCookieFor(t.hub, target) });
    expect(activity.json().impersonations).toEqual([
      expect.objectContaining({ admin_email: support.user.email, justification: WHY, minutes: 30 }),
    ]);

    // Every audit row in the session names the user and the administrator.
    expect(
      (await t.client.patch('/api/me', { csrf: true, cookie: browser, body: { department: 'Sales' } })).statusCode,
    ).toBe(200);
    const [profile] = (await auditOf('profile_updated')).filter((a) => a.userId === target.id);
    expect(profile.details).toMatchObject({ act: { sub: support.user.id } });

    // Security settings: refused on the server, audited with both identities.
    for (const [method, url, body] of [
      ['POST', '/api/me/password', { current_password: 'x', new_password: 'Quartz-Meadow-4821!' }],
      ['POST', '/api/auth/change-password', { current_password: 'x', new_password: 'Quartz-Meadow-4821!' }],
      ['POST', '/api/me/mfa/totp', {}],
      ['POST', '/api/me/passkeys/options', {}],
      ['DELETE', '/api/me/identities/00000000-0000-4000-8000-000000000000', undefined],
      ['POST', '/api/me/email', { email: 'new@example.test', password: 'x' }],
    ] as const) {
      const refused = await t.client.request(method, url, { csrf: true, cookie: browser, body });
      expect(refused.statusCode, url).toBe(403);
      expect(refused.json().error.code, url).toBe('impersonation_forbidden');
    }
    const refusals = (await auditOf('impersonation_refused')).filter((a) => a.userId === target.id);
    expect(refusals).toHaveLength(6);
    expect(refusals[0].details).toMatchObject({ impersonator_id: support.user.id, act: { sub: support.user.id } });

    // Tokens minted from it carry act, through the authorization code into the app session.
    const client = await registerClient(t);
    const { code, verifier } = await authorizeWithPkce(t, client, browser);
    const tokens = await exchangeCode(t, client, code, verifier);
    expect(tokens.statusCode).toBe(200);
    expect(decodeJwt(tokens.json().id_token)).toMatchObject({ sub: target.id, act: { sub: support.user.id } });
    expect(decodeJwt(tokens.json().access_token)).toMatchObject({ sub: target.id, act: { sub: support.user.id } });
    const refreshed = await t.client.post('/oauth/token', {
      headers: {
        authorization: `Basic ${Buffer.from(`${client.client_id}:${client.client_secret}`).toString('base64')}`,
      },
      form: { grant_type: 'refresh_token', refresh_token: tokens.json().refresh_token },
    });
    expect(decodeJwt(refreshed.json().access_token)).toMatchObject({ act: { sub: support.user.id } });

    // Ending it returns the browser to the administrator's own session.
    const ended = await t.client.delete('/api/admin/impersonation', { csrf: true, cookie: browser });
    expect(ended.statusCode).toBe(200);
    expect(ended.json().user.id).toBe(support.user.id);
    expect(cookieFrom(ended)).toBe(support.cookie);
    expect((await t.client.get('/api/auth/session', { cookie: cookieFrom(res) })).json().user).toBeNull();
    const [end] = (await auditOf('impersonation_ended')).filter((a) => a.userId === target.id);
    expect(end.details).toMatchObject({
      reason: 'ended',
      impersonator_id: support.user.id,
      act: { sub: support.user.id },
    });
  });

  it('a session whose actor is not a person of the hub (a stored act naming a client) is read without error', async () => {
    const target = await createUser(t.hub);
    const { token } = await createBrowserSession(t.hub, {
      userId: target.id,
      act: { sub: 'svc-agent', client_id: 'svc-agent' },
    });
    const cookie = `${SESSION_COOKIE}=${token}`;
    const session = await t.client.get('/api/auth/session', { cookie });
    expect(session.statusCode).toBe(200);
    expect(session.json().user.id).toBe(target.id);
    const lookup = await t.client.post('/api/device/lookup', { csrf: true, cookie, body: { user_code: 'BCDF-GHJK' } });
    expect(lookup.statusCode).toBeLessThan(500);
  });

  it('returns to the administrator when it runs out (injectable clock)', async () => {
    const support = await signedInUser(t.hub, ['user', 'platform_admin', 'support']);
    const target = await createUser(t.hub);
    const res = await start(support.cookie, target.id, { justification: WHY, minutes: 5 });
    const browser = cookiesOf(res);
    expect((await t.client.get('/api/auth/session', { cookie: browser })).json().user.id).toBe(target.id);
    t.clock.advanceMinutes(5);
    const after = await t.client.get('/api/auth/session', { cookie: browser });
    expect(after.json().user.id).toBe(support.user.id);
    expect(after.json().impersonation).toBeNull();
    expect(cookieFrom(after)).toBe(support.cookie);
    const ended = (await auditOf('impersonation_ended')).filter((a) => a.userId === target.id);
    expect(ended.map((e) => e.details)).toEqual([
      expect.objectContaining({ reason: 'expired', impersonator_id: support.user.id }),
    ]);
  });

  it('an administrator target needs a second, independent administrator (two-person rule)', async () => {
    const support = await signedInUser(t.hub, ['user', 'platform_admin', 'support']);
    const other = await signedInUser(t.hub, ['user', 'super_admin']);
    const targetAdmin = await createUser(t.hub, { roles: ['user', 'platform_admin'] });
    const asked = await start(support.cookie, targetAdmin.id);
    expect(asked.statusCode).toBe(202);
    const requestId = asked.json().request_id as string;
    // Not yet approved: refused. Nobody approves their own request.
    expect(
      (await start(support.cookie, targetAdmin.id, { justification: WHY, minutes: 30, request_id: requestId }))
        .statusCode,
    ).toBe(403);
    const self = await t.client.post(`/api/admin/impersonation-requests/${requestId}/approve`, {
      csrf: true,
      cookie: support.cookie,
    });
    expect(self.json().error.code).toBe('self_approval');
    const approved = await t.client.post(`/api/admin/impersonation-requests/${requestId}/approve`, {
      csrf: true,
      cookie: other.cookie,
    });
    expect(approved.json()).toEqual({ request_id: requestId, status: 'approved' });
    const started = await start(support.cookie, targetAdmin.id, {
      justification: WHY,
      minutes: 30,
      request_id: requestId,
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().user.id).toBe(targetAdmin.id);
    const [row] = (await auditOf('impersonation_started')).filter(
      (a) => (a.details as { target_user_id?: string }).target_user_id === targetAdmin.id,
    );
    expect(row.details).toMatchObject({ approved_by: other.user.id, request_id: requestId });
    // The approval is used once.
    expect(
      (await start(support.cookie, targetAdmin.id, { justification: WHY, minutes: 30, request_id: requestId }))
        .statusCode,
    ).toBe(403);
    // Not a credential request: the credential queue does not show it.
    const queue = await t.client.get('/api/admin/credential-requests?scope=pending', { cookie: other.cookie });
    expect(queue.json().requests.map((r: { id: string }) => r.id)).not.toContain(requestId);
  });
});
