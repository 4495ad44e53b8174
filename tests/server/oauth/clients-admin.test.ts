import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { createUser, signedInUser } from '../../helpers/fixtures';
import { authSessions, oauthClients, oauthConsents } from '../../../src/server/db/schema/index';
import { useTestHub } from '../../helpers/use-test-hub';

describe.each(TEST_DATABASES)('OAuth clients admin API [%s]', (kind) => {
  const t = useTestHub(kind);
  let admin: Awaited<ReturnType<typeof signedInUser>>;
  beforeAll(async () => {
    admin = await signedInUser(t.hub, ['platform_admin']);
  });

  const body = {
    app_name: 'Talent MLS',
    app_url: 'https://mls.example.test',
    redirect_uris: ['https://mls.example.test/cb'],
  };

  it('creates a client with generated credentials and lists it without secrets, newest first', async () => {
    const res = await t.client.asBrowser(admin.cookie).post('/api/admin/oauth-clients', { body });
    expect(res.statusCode).toBe(201);
    const { client, client_secret } = res.json();
    expect(client.client_id).toMatch(/^hub_/);
    expect(client_secret).toMatch(/^hubsec_/);
    expect(client).toMatchObject({
      scopes: ['read:profile', 'read:organization'],
      is_active: true,
      app_type: 'third_party',
      has_api_key: true,
      has_webhook_secret: true,
    });
    expect(client.client_secret_preview).toBe(client_secret.slice(0, 20));
    const [row] = await t.hub.db.select().from(oauthClients);
    expect(row.clientSecretEnc).not.toContain(client_secret);
    expect(row.clientSecretHash).not.toBe(client_secret);
    t.clock.advance(1000);
    const second = await t.client
      .asBrowser(admin.cookie)
      .post('/api/admin/oauth-clients', { body: { ...body, app_name: 'Second' } });
    const list = (await t.client.get('/api/admin/oauth-clients', { cookie: admin.cookie })).json();
    expect(list.clients.map((c: { app_name: string }) => c.app_name)).toEqual(['Second', 'Talent MLS']);
    expect(JSON.stringify(list)).not.toContain(client_secret);
    expect(JSON.stringify(list)).not.toContain(second.json().client_secret);
    const reveal = await t.client.asBrowser(admin.cookie).post(`/api/admin/oauth-clients/${client.id}/secret`);
    expect(reveal.json()).toEqual({ client_secret });
  });

  it('counts who is signed in to a client and who consented to it, for its deactivation confirmation (admins only)', async () => {
    const created = await t.client
      .asBrowser(admin.cookie)
      .post('/api/admin/oauth-clients', { body: { ...body, app_name: 'Counted' } });
    const { id, client_id: clientId } = created.json().client;
    const impactOf = () => t.client.get(`/api/admin/oauth-clients/${id}/deactivation-impact`, { cookie: admin.cookie });
    expect((await impactOf()).json()).toEqual({ signed_in_people: 0, active_sessions: 0, consented_people: 0 });
    const [ann, ben, cy] = [await createUser(t.hub), await createUser(t.hub), await createUser(t.hub)];
    const now = t.hub.clock().getTime();
    const session = (userId: string, n: number, extra: Partial<typeof authSessions.$inferInsert> = {}) => ({
      userId,
      clientId,
      kind: 'app',
      sessionTokenHash: `impact-${kind}-${userId}-${n}`,
      expiresAt: new Date(now + 3_600_000),
      ...extra,
    });
    await t.hub.db.insert(authSessions).values([
      session(ann.id, 1),
      session(ann.id, 2),
      session(ben.id, 3),
      // Neither an ended nor an expired session counts.
      session(ben.id, 4, { isActive: false }),
      session(ben.id, 5, { expiresAt: new Date(now - 1000) }),
    ]);
    // Consent is counted apart from sessions (cy consented, signed out); another client's consent does not count.
    await t.hub.db.insert(oauthConsents).values([
      { userId: ann.id, clientId, scopes: ['openid'] },
      { userId: cy.id, clientId, scopes: ['openid', 'profile'] },
      { userId: ben.id, clientId: 'hub_someone_else', scopes: ['openid'] },
    ]);
    const impact = await impactOf();
    expect(impact.statusCode, impact.body).toBe(200);
    expect(impact.json()).toEqual({ signed_in_people: 2, active_sessions: 3, consented_people: 2 });
    const user = await signedInUser(t.hub);
    expect(
      (await t.client.get(`/api/admin/oauth-clients/${id}/deactivation-impact`, { cookie: user.cookie })).statusCode,
    ).toBe(403);
    const unknown = '/api/admin/oauth-clients/00000000-0000-4000-8000-000000000000/deactivation-impact';
    expect((await t.client.get(unknown, { cookie: admin.cookie })).statusCode).toBe(404);
  });

  it('refuses non-admins and signed-out callers, and validates input', async () => {
    const user = await signedInUser(t.hub);
    expect((await t.client.asBrowser(user.cookie).post('/api/admin/oauth-clients', { body })).statusCode).toBe(403);
    expect((await t.client.get('/api/admin/oauth-clients')).statusCode).toBe(401);
    const bad = await t.client
      .asBrowser(admin.cookie)
      .post('/api/admin/oauth-clients', { body: { ...body, redirect_uris: ['https://x.test/#frag'] } });
    expect(bad.statusCode).toBe(400);
    const missing = await t.client
      .asBrowser(admin.cookie)
      .patch('/api/admin/oauth-clients/00000000-0000-4000-8000-000000000000', { body: { is_active: false } });
    expect(missing.statusCode).toBe(404);
  });
});
