import { afterAll, describe, expect, it, vi } from 'vitest';
import { CLIENT_COMMANDS } from '../../../src/server/cli/clients';
import { loadClient } from '../../../src/server/oauth/clients/service';
import { useTestHub } from '../../helpers/use-test-hub';

/** `npm run hub -- clients create` with the options README "Connect a sister platform" shows. */
describe('clients create (operator CLI)', () => {
  const t = useTestHub('pglite');
  const create = CLIENT_COMMANDS.find((c) => c.name === 'clients create')!;
  afterAll(async () => {
    vi.restoreAllMocks();
  });

  /** Runs the command and returns its JSON answer (stdout) and exit code. */
  async function run(args: string[]) {
    const out: string[] = [];
    const log = vi.spyOn(console, 'log').mockImplementation((line: string) => void out.push(line));
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = await create.run(t.hub, args);
    log.mockRestore();
    err.mockRestore();
    return { code, json: out.length ? JSON.parse(out.join('\n')) : null };
  }

  it('registers a confidential sister platform with post-logout and back-channel logout URIs', async () => {
    const { code, json } = await run([
      ...['--name', 'Role Builder', '--url', 'https://rb.example'],
      ...['--redirect-uri', 'https://rb.example/auth/callback', '--post-logout-uri', 'https://rb.example/'],
      ...['--backchannel-logout-uri', 'https://rb.example/auth/backchannel-logout', '--type', 'platform'],
      ...['--scope', 'openid', '--scope', 'profile', '--scope', 'email', '--scope', 'offline_access'],
    ]);
    expect(code ?? 0).toBe(0);
    expect(json.client_secret).toMatch(/\S{20}/);
    const client = (await loadClient(t.hub, json.client_id))!;
    expect(client).toMatchObject({
      appType: 'platform',
      redirectUris: ['https://rb.example/auth/callback'],
      postLogoutRedirectUris: ['https://rb.example/'],
      backchannelLogoutUri: 'https://rb.example/auth/backchannel-logout',
      scopes: ['openid', 'profile', 'email', 'offline_access'],
    });
  });

  it('reads --public as a flag, so the option after it still counts', async () => {
    const { json } = await run([
      ...['--name', 'Browser App', '--url', 'https://spa.example', '--redirect-uri', 'https://spa.example/cb'],
      ...['--public', '--origin', 'https://spa.example', '--scope', 'openid'],
    ]);
    expect(json.client_secret).toBeNull();
    const client = (await loadClient(t.hub, json.client_id))!;
    expect(client.tokenEndpointAuthMethod).toBe('none');
    expect(client.allowedOrigins).toEqual(['https://spa.example']);
  });

  it('refuses a back-channel logout URI with a fragment, naming the option', async () => {
    const err = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const code = await create.run(t.hub, [
      ...['--name', 'Bad', '--url', 'https://bad.example', '--redirect-uri', 'https://bad.example/cb'],
      ...['--backchannel-logout-uri', 'https://bad.example/logout#x'],
    ]);
    expect(code).toBe(2);
    expect(String(err.mock.calls[0]?.[0])).toContain('backchannel_logout_uri');
    err.mockRestore();
  });

  it('registers a FAPI 2.0 client from its public JWK Set file (issue 31)', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { exportJWK, generateKeyPair } = await import('jose');
    const file = join(mkdtempSync(join(tmpdir(), 'hub-jwks-')), 'jwks.json');
    const { publicKey } = await generateKeyPair('ES256', { extractable: true });
    writeFileSync(file, JSON.stringify({ keys: [{ ...(await exportJWK(publicKey)), kid: 'k1' }] }));
    const { json } = await run([
      ...['--name', 'Sister FAPI', '--url', 'https://fapi.example', '--redirect-uri', 'https://fapi.example/cb'],
      ...['--fapi2', '--jwks-file', file, '--scope', 'openid'],
    ]);
    expect(json).toMatchObject({ client_secret: null, token_endpoint_auth_method: 'private_key_jwt', fapi2: true });
    const client = (await loadClient(t.hub, json.client_id))!;
    expect(client.jwks?.keys[0]).toMatchObject({ kty: 'EC', kid: 'k1' });
  });
});
