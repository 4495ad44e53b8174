import { describe, expect, it } from 'vitest';
import { exportConfig } from '../../../src/server/config-io/document';
import { applyImport, ConfigDocumentError, describePlan, planImport } from '../../../src/server/config-io/import';
import { upsertSetting } from '../../../src/server/db/settings-queries';
import {
  identityProviders,
  oauthClients,
  organizationRoles,
  organizations,
  webhookEndpoints,
} from '../../../src/server/db/schema/index';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';

/**
 * `hub config export|import` (issue 45): export → import into an empty hub → export again gives
 * the same document; no secret leaves; the import says what it changes before it changes it.
 */
describe.each(TEST_DATABASES)('configuration export and import [%s]', (kind) => {
  const source = useTestHub(kind);
  const target = useTestHub(kind);

  it('round-trips through an empty hub, with no secret in the document, and shows its diff first', async () => {
    const { hub } = source;
    const [idp] = await hub.db
      .insert(identityProviders)
      .values({
        slug: 'corp',
        displayName: 'Corp SSO',
        protocol: 'oidc',
        issuer: 'https://idp.corp.test',
        clientId: 'hub-at-corp',
        clientSecretEnc: hub.secrets.seal('idp-client-secret-value'),
        emailDomains: ['corp.test'],
        attributeMapping: { email: 'email', name: 'name' },
      })
      .returning();
    await hub.db.insert(oauthClients).values([
      {
        clientId: 'fulfils',
        appName: 'Fulfils',
        appUrl: 'https://fulfils.test',
        appType: 'platform',
        redirectUris: ['https://fulfils.test/cb'],
        scopes: ['openid', 'email'],
        clientSecretHash: 'f'.repeat(64),
        clientSecretEnc: hub.secrets.seal('client-secret-value'),
        apiKeyEnc: hub.secrets.seal('api-key-value'),
      },
      { clientId: 'spa', appName: 'SPA', appUrl: 'https://spa.test', tokenEndpointAuthMethod: 'none' },
    ]);
    await hub.db.insert(organizationRoles).values({ name: 'recruiter', description: 'Hires' });
    await hub.db
      .insert(organizations)
      .values({ name: 'Acme', slug: 'acme', requireMfa: true, requireSsoProviderId: idp!.id });
    await hub.db.insert(webhookEndpoints).values({
      url: 'https://hooks.acme.test/hub',
      events: ['user.created'],
      secretEnc: hub.secrets.seal('whsec_c2VjcmV0'),
    });
    await upsertSetting(hub.db, 'oauth.dcr_policy', { mode: 'token' }, hub.clock());

    const exported = await exportConfig(hub.db);
    const text = JSON.stringify(exported);
    for (const secret of ['idp-client-secret-value', 'client-secret-value', 'api-key-value', 'whsec_', 'ffffffff']) {
      expect(text).not.toContain(secret);
    }
    expect(text).not.toMatch(/secret_(enc|hash)|api_key/);
    expect(exported.organizations).toEqual([expect.objectContaining({ slug: 'acme', require_sso_provider: 'corp' })]);

    // Into an empty hub: everything is an addition, shown before anything is written.
    const plan = await planImport(target.hub.db, exported);
    const lines = describePlan(plan);
    expect(lines).toEqual(
      expect.arrayContaining([
        '+ clients fulfils',
        '+ clients spa',
        '+ identity_providers corp',
        '+ organizations acme',
      ]),
    );
    expect(lines.at(-1)).toBe('7 to add, 0 to change, 0 unchanged.');
    expect(await exportConfig(target.hub.db)).toMatchObject({ clients: [], organizations: [] });
    await applyImport(target.hub, plan);
    expect(await exportConfig(target.hub.db)).toEqual(exported);

    // Idempotent; a change shows field by field; what the document lacks is kept.
    expect((await planImport(target.hub.db, exported)).changes).toEqual([]);
    const edited = structuredClone(exported) as typeof exported & { clients: { redirect_uris: string[] }[] };
    edited.clients[0]!.redirect_uris = ['https://fulfils.test/cb', 'https://fulfils.test/cb2'];
    edited.clients.pop();
    const second = await planImport(target.hub.db, edited);
    expect(describePlan(second)).toEqual([
      '~ clients fulfils',
      '    redirect_uris: ["https://fulfils.test/cb"] → ["https://fulfils.test/cb","https://fulfils.test/cb2"]',
      '= clients spa (not in the document: kept)',
      '0 to add, 1 to change, 5 unchanged.',
    ]);
    await applyImport(target.hub, second);
    expect((await exportConfig(target.hub.db)).clients).toEqual([
      expect.objectContaining({ client_id: 'fulfils', redirect_uris: edited.clients[0]!.redirect_uris }),
      expect.objectContaining({ client_id: 'spa' }),
    ]);

    // A document with a field this hub does not know changes nothing.
    await expect(
      planImport(target.hub.db, { ...exported, clients: [{ client_id: 'x', client_secret: 'y' }] }),
    ).rejects.toThrow(ConfigDocumentError);
  });
});
