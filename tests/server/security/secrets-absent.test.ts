import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { signedInUser } from '../../helpers/fixtures';
import { useTestHub } from '../../helpers/use-test-hub';
import type { TestClient } from '../../helpers/client';
import { listRoutes } from '../admin/route-inventory';

/**
 * Issue 46: no GET route answers a secret. A client, an identity provider, a webhook and an audit
 * sink are created (each with its secrets), then every GET route under /api/admin — read from the
 * built app, so a route added later is covered — is read with each :id filled by the object it
 * names, and the answers are searched for every secret. The spec's client card shows the first 20
 * characters of the client secret (client_secret_preview), so the check is that no longer piece
 * of any secret appears; the audited, step-up reveal (POST …/secret) is the one way to read one.
 */
const IDP_SECRET = 'idp-client-secret-0123456789-abcdefghij';
const SINK_AUTH = 'Bearer sink-token-0123456789-abcdefghijklmn';

describe.each(TEST_DATABASES)('secrets in admin GET answers [%s]', (kind) => {
  const t = useTestHub(kind, { config: { outboundAllowPrivate: true } });
  let as: TestClient;
  beforeAll(async () => {
    as = t.client.asBrowser((await signedInUser(t.hub, ['platform_admin'])).cookie);
  });

  /** Every 21-character piece of a secret: finding one in an answer is more than the card's preview. */
  const pieces = (secret: string) =>
    Array.from({ length: Math.max(1, secret.length - 20) }, (_, i) => secret.slice(i, i + 21));

  it('finds none of the secrets of a client, a provider, a webhook or a sink in any admin GET answer', async () => {
    const client = (
      await as.post('/api/admin/oauth-clients', {
        body: {
          app_name: 'Secretive',
          app_url: 'https://s.example.test',
          redirect_uris: ['https://s.example.test/cb'],
        },
      })
    ).json() as { client: { id: string }; client_secret: string };
    const provider = (
      await as.post('/api/admin/identity-providers', {
        body: {
          protocol: 'oidc',
          slug: 'secretive',
          display_name: 'Secretive SSO',
          issuer: 'https://login.secretive.test',
          client_id: 'hub',
          client_secret: IDP_SECRET,
          enabled: false,
        },
      })
    ).json() as { provider: { id: string } };
    const webhook = (
      await as.post('/api/admin/webhooks', { body: { url: 'http://127.0.0.1:9/hook', events: ['user.created'] } })
    ).json() as { webhook: { id: string }; secret: string };
    const sink = (
      await as.post('/api/admin/audit-sinks', {
        body: { kind: 'https', target: 'http://127.0.0.1:9/siem', auth_header: `Authorization: ${SINK_AUTH}` },
      })
    ).json() as { sink: { id: string }; checkpoint_key: string };
    const secrets = {
      client_secret: client.client_secret,
      idp_client_secret: IDP_SECRET,
      webhook_secret: webhook.secret,
      sink_checkpoint_key: sink.checkpoint_key,
      sink_auth_header: SINK_AUTH,
    };
    for (const [name, value] of Object.entries(secrets)) expect(value, name).toMatch(/.{21,}/);

    const admin = await signedInUser(t.hub, ['platform_admin']);
    const idFor: Record<string, string> = {
      'oauth-clients': client.client.id,
      'identity-providers': provider.provider.id,
      webhooks: webhook.webhook.id,
      'audit-sinks': sink.sink.id,
      users: admin.user.id,
    };
    const routes = listRoutes(t.app).filter((r) => r.method === 'GET' && r.url.startsWith('/api/admin/'));
    const read: string[] = [];
    for (const route of routes) {
      const url = route.url.replace(
        /\/([a-z-]+)\/:id/g,
        (_, resource: string) => `/${resource}/${idFor[resource] ?? '00000000-0000-4000-8000-000000000000'}`,
      );
      const res = await as.get(url);
      if (res.statusCode !== 200) continue;
      read.push(url);
      for (const [name, value] of Object.entries(secrets)) {
        for (const piece of pieces(value)) expect(res.body.includes(piece), `${name} in GET ${url}`).toBe(false);
      }
    }
    // The routes that hold each object were read with its id (the test would pass vacuously otherwise).
    expect(read).toEqual(
      expect.arrayContaining([
        '/api/admin/oauth-clients',
        `/api/admin/identity-providers/${provider.provider.id}`,
        `/api/admin/webhooks/${webhook.webhook.id}`,
        `/api/admin/audit-sinks/${sink.sink.id}`,
        '/api/admin/audit',
      ]),
    );
  });
});
