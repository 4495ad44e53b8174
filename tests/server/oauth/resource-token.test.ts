import * as oidc from 'openid-client';
import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { auditRowsOf } from './fapi-helpers';
import { registerClient, type RegisteredClient } from './oauth-helpers';

const ALGS = 'algs="ES256 EdDSA RS256 PS256"';

/**
 * Issue 38, finding 4: every resource endpoint of the hub takes an access token by one rule
 * (oauth/resource-token.ts). The SSF stream API, which had its own copy of userinfo's check
 * without the binding, refuses a DPoP-bound token sent as a plain Bearer token (RFC 9449 §7.1)
 * with a DPoP challenge, as userinfo does; with its proof, the same token manages the stream.
 * Tokens and proofs come from openid-client, as a receiver would send them.
 */
describe.each(TEST_DATABASES)('resource endpoints take access tokens by one rule [%s]', (kind) => {
  // openid-client's proofs carry the real time: the hub runs on it too.
  const t = useTestHub(kind, { listen: true, realClock: true });
  let client: RegisteredClient;
  let config: oidc.Configuration;
  let DPoP: oidc.DPoPHandle;
  let bound: string;

  beforeAll(async () => {
    client = await registerClient(t, { scopes: ['openid', 'ssf.manage'], dpop_bound_access_tokens: true });
    config = await discover(client);
    DPoP = oidc.getDPoPHandle(config, await oidc.randomDPoPKeyPair('ES256'));
    const tokens = await oidc.clientCredentialsGrant(config, { scope: 'ssf.manage' }, { DPoP });
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
    bound = tokens.access_token;
  });

  /** openid-client from the hub's discovery, with the client's registered client_secret_basic. */
  function discover(c: RegisteredClient) {
    return oidc.discovery(
      new URL(t.hub.config.publicUrl),
      c.client_id,
      undefined,
      oidc.ClientSecretBasic(c.client_secret!),
      { execute: [oidc.allowInsecureRequests] },
    );
  }

  const streams = () => new URL('/ssf/streams', t.hub.config.publicUrl);
  const send = (headers: Record<string, string>) =>
    auditRowsOf(t, () => fetch(streams(), { headers }).then(async (res) => ({ res, body: await res.json() })));

  it('the SSF stream API accepts the DPoP-bound token with its proof (the baseline)', async () => {
    const res = await oidc.fetchProtectedResource(config, bound, streams(), 'GET', undefined, undefined, { DPoP });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([]);
  });

  it('the SSF stream API refuses the DPoP-bound token as a Bearer token: 401, a DPoP challenge, audited', async () => {
    const { result, rows } = await send({ authorization: `Bearer ${bound}` });
    expect(result.res.status).toBe(401);
    expect(result.body).toMatchObject({ error: { code: 'unauthenticated' } });
    const challenge = result.res.headers.get('www-authenticate');
    expect(challenge).toMatch(/^DPoP realm="ssf", error="invalid_token", error_description="[^"]+"/);
    expect(challenge).toContain(ALGS);
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'oauth_token_refused',
        details: expect.objectContaining({ endpoint: 'ssf', client_id: client.client_id, error: 'invalid_token' }),
      }),
    ]);
  });

  it('the SSF stream API refuses the DPoP scheme without a proof, and an unbound token under the DPoP scheme', async () => {
    const noProof = await send({ authorization: `DPoP ${bound}` });
    expect(noProof.result.res.status).toBe(401);
    expect(noProof.result.res.headers.get('www-authenticate')).toMatch(/^DPoP realm="ssf", error="invalid_dpop_proof"/);

    const unboundClient = await registerClient(t, { scopes: ['openid', 'ssf.manage'] });
    const plain = await oidc.clientCredentialsGrant(await discover(unboundClient), { scope: 'ssf.manage' });
    expect(plain.token_type.toLowerCase()).toBe('bearer');
    const asDpop = await send({ authorization: `DPoP ${plain.access_token}` });
    expect(asDpop.result.res.status).toBe(401);
    expect(asDpop.result.res.headers.get('www-authenticate')).toMatch(/^DPoP realm="ssf", error="invalid_token"/);
    // The same token as what it is, a Bearer token, is accepted.
    expect((await send({ authorization: `Bearer ${plain.access_token}` })).result.res.status).toBe(200);
  });

  it('userinfo: no token is told the scheme only (RFC 6750 §3.1); a token POSTed in the form is a bearer token', async () => {
    const userinfo = new URL('/oauth/userinfo', t.hub.config.publicUrl);
    const none = await fetch(userinfo);
    expect(none.status).toBe(401);
    expect(none.headers.get('www-authenticate')).toBe('Bearer');
    expect(await none.json()).toMatchObject({ error: 'invalid_token' });
    const posted = await fetch(userinfo, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ access_token: bound }),
    });
    expect(posted.status).toBe(401);
    // Sent as a form parameter it is a bearer token, and this one is DPoP-bound (RFC 9449 §7.1).
    expect(posted.headers.get('www-authenticate')).toMatch(/^DPoP error="invalid_token"/);
  });
});
