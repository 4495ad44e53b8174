import { and, eq } from 'drizzle-orm';
import { decodeJwt } from 'jose';
import * as oidc from 'openid-client';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { auditLogs, authSessions, oauthDeviceCodes, organizations } from '../../../src/server/db/schema/index';
import { seedOrg } from '../orgs/org-fixtures';
import { DEVICE_CODE_GRANT, TOKEN_EXCHANGE_GRANT } from '../../../src/server/oauth/constants';
import { signedInUser } from '../../helpers/fixtures';
import { TEST_DATABASES } from '../../helpers/test-hub';
import type { TestHub } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { registerClient, type RegisteredClient } from './oauth-helpers';

const ACCESS_TOKEN = 'urn:ietf:params:oauth:token-type:access_token';
const ID_TOKEN = 'urn:ietf:params:oauth:token-type:id_token';
const OTHER_API = 'https://api.other.test';

/** openid-client as the device (or the exchanging backend), against a listening hub. */
async function configFor(t: TestHub, client: RegisteredClient) {
  const config = await oidc.discovery(
    new URL(t.hub.config.publicUrl),
    client.client_id,
    client.client_secret!,
    oidc.ClientSecretBasic(client.client_secret!),
    { execute: [oidc.allowInsecureRequests] },
  );
  return config;
}

async function allowGrants(t: TestHub, client: RegisteredClient, body: Record<string, unknown>) {
  const admin = await signedInUser(t.hub, ['platform_admin']);
  return t.client.asBrowser(admin.cookie).put(`/api/admin/oauth-clients/${client.id}/grants`, { body });
}

/** The person on /device: enters the code as typed (any case, with or without the dash), then decides. */
async function decide(t: TestHub, cookie: string, typed: string, approve: boolean) {
  const browser = t.client.asBrowser(cookie);
  const shown = await browser.post('/api/device/lookup', { body: { user_code: typed } });
  expect(shown.statusCode, shown.body).toBe(200);
  const decided = await browser.post('/api/device/decision', {
    body: { decision_token: shown.json().decision_token, approve },
  });
  expect(decided.statusCode, decided.body).toBe(200);
  return shown.json();
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => expect.unreachable('no refusal'),
    (e: unknown) => e,
  );

describe.each(TEST_DATABASES)('device authorization grant and token exchange [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true, config: { devicePollIntervalS: 1 } });
  let device: RegisteredClient;
  let config: oidc.Configuration;

  beforeAll(async () => {
    // openid-client checks ID tokens against its own clock.
    t.clock.current = new Date();
    device = await registerClient(t, {
      app_name: 'Check-in Kiosk',
      app_url: 'https://kiosk.example.test',
      scopes: ['openid', 'profile', 'email', 'offline_access', 'read:profile', 'organizations'],
    });
    await registerClient(t, { app_name: 'Other API', app_url: OTHER_API, redirect_uris: [`${OTHER_API}/cb`] });
    expect((await allowGrants(t, device, { device_code: true, token_exchange_targets: [OTHER_API] })).statusCode).toBe(
      200,
    );
    config = await configFor(t, device);
  });
  beforeEach(() => {
    t.clock.current = new Date();
  });

  describe('device flow (RFC 8628)', () => {
    it('is advertised, and refused to a client the administrator did not allow it', async () => {
      expect(config.serverMetadata().device_authorization_endpoint).toBe(
        `${t.hub.config.publicUrl}/oauth/device_authorization`,
      );
      expect(config.serverMetadata().grant_types_supported).toContain(DEVICE_CODE_GRANT);
      const plain = await configFor(t, await registerClient(t, { app_name: 'Not allowed' }));
      expect(await refusal(oidc.initiateDeviceAuthorization(plain, { scope: 'openid' }))).toMatchObject({
        error: 'unauthorized_client',
      });
    });

    it('issues tokens once for a code the person approved', async () => {
      const { user, cookie } = await signedInUser(t.hub);
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile offline_access' });
      expect(started.user_code).toMatch(/^[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}$/);
      expect(started.verification_uri).toBe(`${t.hub.config.publicUrl}/device`);
      expect(started.verification_uri_complete).toBe(`${started.verification_uri}?user_code=${started.user_code}`);
      // The admin screen lists it while it is pending (never a code).
      const admin = await signedInUser(t.hub, ['platform_admin']);
      const pending = await t.client.asBrowser(admin.cookie).get('/api/admin/device-authorizations');
      expect(pending.json().device_authorizations).toContainEqual(
        expect.objectContaining({ client_id: device.client_id, app_name: 'Check-in Kiosk' }),
      );
      expect(pending.body).not.toContain(started.user_code.slice(0, 4));

      const shown = await decide(t, cookie, started.user_code.replace('-', '').toLowerCase(), true);
      expect(shown).toMatchObject({
        client: { name: 'Check-in Kiosk' },
        scopes: ['openid', 'profile', 'offline_access'],
      });
      const tokens = await oidc.pollDeviceAuthorizationGrant(config, started);
      expect(decodeJwt(tokens.access_token)).toMatchObject({ sub: user.id, client_id: device.client_id });
      expect(tokens.claims()?.sub).toBe(user.id);
      expect(tokens.refresh_token).toBeTruthy();
      // The same code again: nothing more.
      expect(
        await refusal(oidc.genericGrantRequest(config, DEVICE_CODE_GRANT, { device_code: started.device_code })),
      ).toMatchObject({ error: 'invalid_grant' });
      const approved = await t.hub.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.eventType, 'device_authorization_approved'), eq(auditLogs.userId, user.id)));
      expect(approved).toHaveLength(1);
    });

    it('answers access_denied once the person denied it', async () => {
      const { cookie } = await signedInUser(t.hub);
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
      await decide(t, cookie, started.user_code, false);
      expect(await refusal(oidc.pollDeviceAuthorizationGrant(config, started))).toMatchObject({
        error: 'access_denied',
      });
    });

    it('answers authorization_pending, then slow_down with the interval raised by 5 s per early poll', async () => {
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
      const poll = () =>
        refusal(oidc.genericGrantRequest(config, DEVICE_CODE_GRANT, { device_code: started.device_code }));
      expect(await poll()).toMatchObject({ error: 'authorization_pending' });
      expect(await poll()).toMatchObject({ error: 'slow_down' });
      expect(await poll()).toMatchObject({ error: 'slow_down' });
      const rows = await t.hub.db.select({ i: oauthDeviceCodes.intervalS }).from(oauthDeviceCodes);
      expect(rows.map((r) => r.i)).toContain(11); // 1 + 5 + 5
      t.clock.advance(10_000);
      expect(await poll()).toMatchObject({ error: 'slow_down' });
      t.clock.advance(16_000);
      expect(await poll()).toMatchObject({ error: 'authorization_pending' });
      // Waiting is news, not a refusal: none of these polls is in the audit log.
      const refused = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_token_refused'));
      expect(refused.map((r) => (r.details as { error: string }).error)).not.toContain('slow_down');
    });

    it('answers expired_token after the code expired, and a wrong code is refused', async () => {
      const { cookie } = await signedInUser(t.hub);
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
      expect(started.expires_in).toBe(600);
      t.clock.advance(601_000);
      expect(await refusal(oidc.pollDeviceAuthorizationGrant(config, started))).toMatchObject({
        error: 'expired_token',
      });
      const late = await t.client
        .asBrowser(cookie)
        .post('/api/device/lookup', { body: { user_code: started.user_code } });
      expect(late.statusCode).toBe(401);
      expect(late.json().error.code).toBe('invalid_code');
    });
    it('approves an organization-scoped request only as the organization’s MFA policy allows', async () => {
      // An hour on: the entry counter of this address starts again (every entry counts, see service.ts).
      t.clock.advance(3600_000);
      const { user, cookie } = await signedInUser(t.hub);
      const org = await seedOrg(t, [{ user, roles: ['member'] }], 'Strict Hiring');
      await t.hub.db.update(organizations).set({ requireMfa: true }).where(eq(organizations.id, org.id));
      const started = await oidc.initiateDeviceAuthorization(config, { scope: `openid organization:${org.id}` });
      const browser = t.client.asBrowser(cookie);
      const shown = await browser.post('/api/device/lookup', { body: { user_code: started.user_code } });
      const refused = await browser.post('/api/device/decision', {
        body: { decision_token: shown.json().decision_token, approve: true },
      });
      expect(refused.statusCode).toBe(403);
      expect(refused.json().error.reason).toBe('mfa_required');
      // Still the person's to decide: the device keeps waiting.
      const poll = oidc.genericGrantRequest(config, DEVICE_CODE_GRANT, { device_code: started.device_code });
      expect(await refusal(poll)).toMatchObject({ error: 'authorization_pending' });
    });
  });

  describe('token exchange (RFC 8693)', () => {
    let person: { id: string };
    let subject: oidc.TokenEndpointResponse;

    beforeAll(async () => {
      // A person's token at the kiosk client (through the device flow: no browser redirect needed).
      const { user, cookie } = await signedInUser(t.hub);
      person = user;
      t.clock.current = new Date();
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid profile read:profile' });
      await decide(t, cookie, started.user_code, true);
      subject = await oidc.pollDeviceAuthorizationGrant(config, started);
    });

    const exchange = (params: Record<string, string>) =>
      oidc.genericGrantRequest(config, TOKEN_EXCHANGE_GRANT, {
        subject_token: subject.access_token,
        subject_token_type: ACCESS_TOKEN,
        audience: OTHER_API,
        ...params,
      });

    it('issues a token for an allowed audience, acting as the client, no more scope than asked', async () => {
      const out = await exchange({ scope: 'read:profile' });
      expect(out.issued_token_type).toBe(ACCESS_TOKEN);
      expect(out.id_token).toBeUndefined();
      const claims = decodeJwt(out.access_token);
      expect(claims).toMatchObject({
        sub: person.id,
        aud: OTHER_API,
        scope: 'read:profile',
        act: { sub: device.client_id, client_id: device.client_id },
      });
      const seen = await oidc.tokenIntrospection(config, out.access_token);
      expect(seen).toMatchObject({ active: true, act: { sub: device.client_id } });
      const audit = await t.hub.db
        .select()
        .from(auditLogs)
        .where(and(eq(auditLogs.eventType, 'oauth_token_issued'), eq(auditLogs.userId, person.id)));
      expect(audit.map((r) => r.details)).toContainEqual(
        expect.objectContaining({ grant_type: TOKEN_EXCHANGE_GRANT, audience: OTHER_API, act: claims.act }),
      );
      // A chain: the exchanged token exchanged again nests the earlier actor.
      const again = await exchange({ subject_token: out.access_token });
      expect(decodeJwt(again.access_token).act).toEqual({
        sub: device.client_id,
        client_id: device.client_id,
        act: { sub: device.client_id, client_id: device.client_id },
      });
    });

    it('names the actor token’s subject as the actor, and accepts an ID token as the subject', async () => {
      const { user: agent, cookie } = await signedInUser(t.hub);
      // Someone acts for the agent in this browser (impersonation): the device's tokens say so too.
      const support = { sub: (await signedInUser(t.hub, ['platform_admin', 'support'])).user.id };
      await t.hub.db.update(authSessions).set({ act: support }).where(eq(authSessions.userId, agent.id));
      const started = await oidc.initiateDeviceAuthorization(config, { scope: 'openid' });
      await decide(t, cookie, started.user_code, true);
      const agentTokens = await oidc.pollDeviceAuthorizationGrant(config, started);
      expect(decodeJwt(agentTokens.access_token).act).toEqual(support);
      const out = await exchange({
        subject_token: subject.id_token!,
        subject_token_type: ID_TOKEN,
        actor_token: agentTokens.access_token,
        actor_token_type: ACCESS_TOKEN,
        scope: 'openid',
      });
      expect(decodeJwt(out.access_token)).toMatchObject({
        sub: person.id,
        act: { sub: agent.id, client_id: device.client_id },
      });
    });

    it('refuses a forbidden audience, more scope than the subject had, and malformed requests', async () => {
      expect(await refusal(exchange({ audience: 'https://elsewhere.test' }))).toMatchObject({
        error: 'invalid_target',
      });
      expect(await refusal(exchange({ scope: 'read:profile email' }))).toMatchObject({ error: 'invalid_scope' });
      expect(await refusal(exchange({ subject_token_type: 'urn:x' }))).toMatchObject({ error: 'invalid_request' });
      expect(await refusal(exchange({ actor_token: subject.access_token }))).toMatchObject({
        error: 'invalid_request',
      });
      expect(await refusal(exchange({ subject_token: 'not-a-token' }))).toMatchObject({ error: 'invalid_grant' });
      const refused = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_token_refused'));
      expect(refused.map((r) => (r.details as { error: string }).error)).toContain('invalid_target');
    });
  });
  // Last in the file: it leaves this address blocked.
  it('blocks code entry from an address after five entries, counted across accounts', async () => {
    t.clock.advance(2 * 3600_000);
    const answers: number[] = [];
    for (let i = 0; i < 6; i += 1) {
      const { cookie } = await signedInUser(t.hub);
      const res = await t.client.asBrowser(cookie).post('/api/device/lookup', { body: { user_code: 'BBBB-BBBB' } });
      answers.push(res.statusCode);
    }
    expect(answers).toEqual([401, 401, 401, 401, 429, 429]);
    const blocked = await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'device_code_blocked'));
    expect(blocked.map((r) => (r.details as { counter: string }).counter)).toContain('address');
  });
});
