import { beforeAll, describe, expect, it } from 'vitest';
import * as oidc from 'openid-client';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { signedInUser } from '../../helpers/fixtures';
import type { TestClient } from '../../helpers/client';
import { auditLogs } from '../../../src/server/db/schema/index';
import { registerClient, type RegisteredClient } from './oauth-helpers';

/**
 * Issue 46: POST /api/admin/oauth-clients/:id/rotate-secret. A new secret is shown once; the old
 * one keeps working at the token endpoint (openid-client's client_credentials grant, client_secret_basic)
 * for the grace the administrator chose, both previews are on the card until then, and after it only
 * the new one works. A client without a secret has nothing to rotate.
 */
describe.each(TEST_DATABASES)('rotating a client secret [%s]', (kind) => {
  const t = useTestHub(kind, { listen: true });
  let as: TestClient;
  let client: RegisteredClient;

  beforeAll(async () => {
    as = t.client.asBrowser((await signedInUser(t.hub, ['platform_admin'])).cookie);
    client = await registerClient(t, { scopes: ['read:profile'] });
  });

  const grant = async (secret: string) => {
    const config = await oidc.discovery(
      new URL(t.hub.config.publicUrl),
      client.client_id,
      undefined,
      oidc.ClientSecretBasic(secret),
      { execute: [oidc.allowInsecureRequests] },
    );
    return oidc.clientCredentialsGrant(config, { scope: 'read:profile' }).then(
      (tokens) => tokens.token_type.toLowerCase(),
      // RFC 6749 §5.2: a client that authenticated with Basic and failed gets 401 with a Basic challenge
      // (openid-client raises it as a WWW-Authenticate challenge); its JSON body says invalid_client.
      (e: unknown) => ((e as { status?: number }).status === 401 ? 'invalid_client' : String(e)),
    );
  };
  const card = async () =>
    ((await as.get('/api/admin/oauth-clients')).json().clients as Record<string, unknown>[]).find(
      (c) => c.client_id === client.client_id,
    )!;

  it('accepts the old secret during the grace period, then only the new one', async () => {
    const old = client.client_secret!;
    expect(await grant(old)).toBe('bearer');
    const res = await as.post(`/api/admin/oauth-clients/${client.id}/rotate-secret`, { body: { grace_hours: 2 } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const fresh = res.json().client_secret as string;
    expect(fresh).toMatch(/^hubsec_/);
    expect(fresh).not.toBe(old);

    expect(await grant(fresh)).toBe('bearer');
    expect(await grant(old)).toBe('bearer');
    expect(await card()).toMatchObject({
      client_secret_preview: fresh.slice(0, 20),
      previous_secret_preview: old.slice(0, 20),
      previous_secret_expires_at: new Date(t.clock.now().getTime() + 2 * 3_600_000).toISOString(),
    });

    t.clock.advance(2 * 3_600_000);
    expect(await grant(old)).toBe('invalid_client');
    expect(await grant(fresh)).toBe('bearer');
    expect(await card()).toMatchObject({ previous_secret_preview: null, previous_secret_expires_at: null });
    const rows = await t.hub.db.select().from(auditLogs);
    expect(rows.filter((r) => r.eventType === 'client_secret_rotated').map((r) => r.details)).toEqual([
      { client_id: client.client_id, grace_hours: 2 },
    ]);
    client.client_secret = fresh;
  });

  it('grace 0 stops the old secret at once; the grace is bounded; a client without a secret has nothing to rotate', async () => {
    // Two hours passed in the test above: a rotation needs a recent sign-in (step-up).
    as = t.client.asBrowser((await signedInUser(t.hub, ['platform_admin'])).cookie);
    const old = client.client_secret!;
    const res = await as.post(`/api/admin/oauth-clients/${client.id}/rotate-secret`, { body: { grace_hours: 0 } });
    expect(res.statusCode).toBe(200);
    expect(await grant(old)).toBe('invalid_client');
    expect(await grant(res.json().client_secret)).toBe('bearer');
    const tooLong = await as.post(`/api/admin/oauth-clients/${client.id}/rotate-secret`, {
      body: { grace_hours: 721 },
    });
    expect(tooLong.statusCode).toBe(400);
    const spa = await registerClient(t, { token_endpoint_auth_method: 'none' });
    expect((await as.post(`/api/admin/oauth-clients/${spa.id}/rotate-secret`, { body: {} })).statusCode).toBe(409);
    const { cookie } = await signedInUser(t.hub);
    const stranger = await t.client
      .asBrowser(cookie)
      .post(`/api/admin/oauth-clients/${client.id}/rotate-secret`, { body: {} });
    expect(stranger.statusCode).toBe(403);
  });
});
