import { randomBytes, randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { SignJWT, exportJWK, generateKeyPair } from 'jose';
import * as oidc from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../../src/server/app';
import { loadConfig } from '../../../src/server/config';
import { closeHub, createHub } from '../../../src/server/create-hub';
import type { Hub } from '../../../src/server/hub';
import { createTestClient, type TestClient } from '../../helpers/client';
import { signedInUser } from '../../helpers/fixtures';
import { createTestHub, TEST_DATABASES, type TestHub } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { auditLogs } from '../../../src/server/db/schema/index';
import { isWriteNotApplied } from '../../../src/server/db/writes';
import { acceptJtiOnce, jtiOnceWrite } from '../../../src/server/oauth/jti-once';
import { auditRowsOf, followAuthorization, handMadeProof } from './fapi-helpers';
import { basic, registerClient, type RegisteredClient } from './oauth-helpers';

const tokenUrl = (hub: Hub) => `${hub.config.publicUrl}/oauth/token`;

/**
 * DPoP at the token endpoint (RFC 9449 §5): the proof's jti is spent on whichever node sees it
 * first, a DPoP-bound client cannot get a token without a proof, a public client's refresh token
 * works only with its key, and a proof that is no proof is refused.
 */
describe.each(TEST_DATABASES)('DPoP at the token endpoint [%s]', (kind) => {
  let a: TestHub;
  let bHub: Hub;
  let b: FastifyInstance;
  let onB: TestClient;
  let bound: RegisteredClient;

  beforeAll(async () => {
    a = await createTestHub(kind, { realClock: true, listen: true });
    // Node B: another hub (its own pool on PostgreSQL) on the same database, as another process would be.
    const config = {
      ...loadConfig({ LOG_LEVEL: 'silent', HUB_MASTER_KEY: randomBytes(32).toString('base64') }),
      databaseUrl: a.databaseUrl,
      masterKey: a.hub.config.masterKey,
      // One issuer for both nodes, as behind one balancer: a proof for one is a proof for the other.
      publicUrl: a.hub.config.publicUrl,
    };
    bHub = await createHub({
      config,
      skipMigrations: true,
      ...(kind === 'pglite' ? { database: a.hub.database } : {}),
    });
    b = await buildApp(bHub, { webRoot: null });
    await b.ready();
    onB = createTestClient(b);
    bound = await registerClient(a, { dpop_bound_access_tokens: true });
  });
  afterAll(async () => {
    await b.close();
    if (kind === 'pglite') await bHub.revocations.stop();
    else await closeHub(bHub);
    await a.close();
  });

  const clientCredentials = (on: TestClient, headers: Record<string, string>) =>
    on.post('/oauth/token', {
      headers: { authorization: basic(bound), ...headers },
      form: { grant_type: 'client_credentials' },
    });

  it('binds the token to the key and refuses the same proof replayed on the other node', async () => {
    const keys = await oidc.randomDPoPKeyPair('ES256');
    const proof = await handMadeProof(keys, { htm: 'POST', htu: tokenUrl(a.hub) });
    const first = await clientCredentials(a.client, { dpop: proof });
    expect(first.statusCode).toBe(200);
    expect(first.json().token_type).toBe('DPoP');
    const { result: replay, rows } = await auditRowsOf(a, () => clientCredentials(onB, { dpop: proof }));
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'invalid_dpop_proof',
      error_description: 'The DPoP proof was already used.',
    });
    expect(rows).toEqual([
      expect.objectContaining({
        type: 'oauth_token_refused',
        details: expect.objectContaining({ grant_type: 'client_credentials', error: 'invalid_dpop_proof' }),
      }),
    ]);
  });

  it('refuses a replayed proof among concurrent grants: only that one, the others answered and durable', async () => {
    const plain = await registerClient(a);
    const keys = await oidc.randomDPoPKeyPair('ES256');
    const spent = await handMadeProof(keys, { htm: 'POST', htu: tokenUrl(a.hub) });
    expect((await clientCredentials(a.client, { dpop: spent })).statusCode).toBe(200);
    const proofs = await Promise.all(
      [1, 2, 3, 4].map(() => handMadeProof(keys, { htm: 'POST', htu: tokenUrl(a.hub) })),
    );
    const bearer = () =>
      a.client.post('/oauth/token', {
        headers: { authorization: basic(plain) },
        form: { grant_type: 'client_credentials' },
      });
    // Fired together, so that they meet in the unit of work's queue (bearer grants batch together).
    const { result, rows } = await auditRowsOf(a, () =>
      Promise.all([
        ...proofs.map((dpop) => clientCredentials(a.client, { dpop })),
        bearer(),
        clientCredentials(a.client, { dpop: spent }),
        bearer(),
        bearer(),
      ]),
    );
    const replay = result[5];
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual({
      error: 'invalid_dpop_proof',
      error_description: 'The DPoP proof was already used.',
    });
    const answered = result.filter((_, i) => i !== 5);
    for (const res of answered) expect(res.statusCode, res.body).toBe(200);
    expect(answered.map((r) => r.json().token_type)).toEqual([
      'DPoP',
      'DPoP',
      'DPoP',
      'DPoP',
      'Bearer',
      'Bearer',
      'Bearer',
    ]);
    // Every answered token has its record; the refused grant has only its refusal.
    const jtiOf = (token: string) => JSON.parse(Buffer.from(token.split('.')[1], 'base64url').toString()).jti as string;
    const issued = rows.filter((r) => r.type === 'oauth_token_issued').map((r) => (r.details as { jti?: string }).jti);
    expect(issued.sort()).toEqual(answered.map((r) => jtiOf(r.json().access_token)).sort());
    expect(rows.filter((r) => r.type === 'oauth_token_refused')).toEqual([
      expect.objectContaining({ details: expect.objectContaining({ error: 'invalid_dpop_proof' }) }),
    ]);
    expect((await a.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('a batch that a replayed jti fails commits again unit by unit: only the replay fails', async () => {
    const until = new Date(Date.now() + 60_000);
    const jti = (n: number) => ({ kind: 'dpop' as const, issuer: 'batch-test', jti: `${randomUUID()}-${n}`, until });
    const used = jti(0);
    expect(await acceptJtiOnce(a.hub, used)).toBe(true);
    const event = (n: number) => ({
      type: 'oauth_token_issued' as const,
      details: { client_id: 'batch-test', grant_type: 'client_credentials', scope: '', jti: `unit-${n}` },
    });
    // Handed over in one tick: they meet in one batch of the unit of work.
    const fresh = [1, 2, 3, 4].map(jti);
    const outcomes = await Promise.allSettled([
      ...fresh.map((j, i) => a.hub.unitOfWork.commit(event(i), [jtiOnceWrite(j)], { batchRequired: true })),
      a.hub.unitOfWork.commit(event(9), [jtiOnceWrite(used)], { batchRequired: true }),
      a.hub.unitOfWork.commit(event(5)),
    ]);
    expect(outcomes.map((o) => o.status)).toEqual([
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'fulfilled',
      'rejected',
      'fulfilled',
    ]);
    expect(isWriteNotApplied((outcomes[4] as PromiseRejectedResult).reason)).toBe(true);
    // The four jtis were recorded (each is refused now), and the records of every unit but the replay are there.
    for (const j of fresh) expect(await acceptJtiOnce(a.hub, j)).toBe(false);
    const rows = await a.hub.db
      .select({ details: auditLogs.details })
      .from(auditLogs)
      .where(eq(auditLogs.eventType, 'oauth_token_issued'));
    const ns = rows
      .map((r) => r.details as { client_id?: string; jti?: string })
      .filter((d) => d.client_id === 'batch-test')
      .map((d) => d.jti)
      .sort();
    expect(ns).toEqual(['unit-0', 'unit-1', 'unit-2', 'unit-3', 'unit-5']);
    expect((await a.hub.audit.verifyChain()).ok).toBe(true);
  });

  it('refuses a DPoP-bound client that sends no proof', async () => {
    const res = await clientCredentials(a.client, {});
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_dpop_proof');
  });

  it('refuses proofs that are no proofs: wrong typ, a symmetric alg, a private key in the header', async () => {
    const keys = await generateKeyPair('ES256', { extractable: true });
    const claims = { jti: 'j-123456789', htm: 'POST', htu: tokenUrl(a.hub), iat: Math.floor(Date.now() / 1000) };
    const wrongTyp = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT', jwk: await exportJWK(keys.publicKey) })
      .sign(keys.privateKey);
    const hmac = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256', typ: 'dpop+jwt', jwk: { kty: 'oct' } })
      .sign(Buffer.from('secret'));
    const privateJwk = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk: await exportJWK(keys.privateKey) })
      .sign(keys.privateKey);
    for (const dpop of [wrongTyp, hmac, privateJwk, 'not-a-jwt']) {
      const res = await clientCredentials(a.client, { dpop });
      expect(res.statusCode, dpop.slice(0, 30)).toBe(400);
      expect(res.json().error).toBe('invalid_dpop_proof');
    }
  });

  describe('a public client', () => {
    let pub: RegisteredClient;
    let config: oidc.Configuration;
    let cookie: string;

    beforeAll(async () => {
      pub = await registerClient(a, { token_endpoint_auth_method: 'none' });
      cookie = (await signedInUser(a.hub)).cookie;
      config = await oidc.discovery(new URL(a.hub.config.publicUrl), pub.client_id, undefined, oidc.None(), {
        execute: [oidc.allowInsecureRequests],
      });
    });

    it('a code exchanged with a replayed proof is refused and stays unconsumed: the same code then works', async () => {
      const keys = await oidc.randomDPoPKeyPair('ES256');
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: pub.redirect_uris[0],
        scope: 'openid',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const code = (await followAuthorization(a, url, cookie)).searchParams.get('code')!;
      const exchange = (dpop: string) =>
        a.client.post('/oauth/token', {
          headers: { dpop },
          form: {
            grant_type: 'authorization_code',
            code,
            redirect_uri: pub.redirect_uris[0],
            code_verifier: verifier,
            client_id: pub.client_id,
          },
        });
      const spent = await handMadeProof(keys, { htm: 'POST', htu: tokenUrl(a.hub) });
      // The proof is spent by another grant (a refused one: the jti is recorded all the same).
      const other = await a.client.post('/oauth/token', {
        headers: { dpop: spent },
        form: { grant_type: 'refresh_token', refresh_token: 'hubrt_unknown', client_id: pub.client_id },
      });
      expect(other.json().error).toBe('invalid_grant');
      const { result: replay, rows } = await auditRowsOf(a, () => exchange(spent));
      expect(replay.statusCode).toBe(400);
      expect(replay.json()).toEqual({
        error: 'invalid_dpop_proof',
        error_description: 'The DPoP proof was already used.',
      });
      expect(rows.map((r) => r.type)).toEqual(['oauth_token_refused']);
      const fresh = await exchange(await handMadeProof(keys, { htm: 'POST', htu: tokenUrl(a.hub) }));
      expect(fresh.statusCode, fresh.body).toBe(200);
      expect(fresh.json().token_type).toBe('DPoP');
    });

    it('gets a refresh token that only works with a proof by the same key', async () => {
      const keys = await oidc.randomDPoPKeyPair('ES256');
      const DPoP = oidc.getDPoPHandle(config, keys);
      const verifier = oidc.randomPKCECodeVerifier();
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: pub.redirect_uris[0],
        scope: 'openid offline_access',
        code_challenge: await oidc.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const callback = await followAuthorization(a, url, cookie);
      const tokens = await oidc.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier }, undefined, {
        DPoP,
      });
      expect(tokens.refresh_token).toBeTruthy();
      const refresh = (headers: Record<string, string>) =>
        a.client.post('/oauth/token', {
          headers,
          form: { grant_type: 'refresh_token', refresh_token: tokens.refresh_token!, client_id: pub.client_id },
        });
      expect((await refresh({})).json().error).toBe('invalid_dpop_proof');
      const other = await oidc.randomDPoPKeyPair('ES256');
      const foreign = await refresh({ dpop: await handMadeProof(other, { htm: 'POST', htu: tokenUrl(a.hub) }) });
      expect(foreign.json()).toMatchObject({ error: 'invalid_dpop_proof' });
      // Neither refusal spent the token: its holder, with its key, still refreshes.
      const rotated = await oidc.refreshTokenGrant(config, tokens.refresh_token!, undefined, { DPoP });
      expect(rotated.token_type.toLowerCase()).toBe('dpop');
    });
  });
});

describe.each(TEST_DATABASES)('DPoP server nonce [%s]', (kind) => {
  const t = useTestHub(kind, {
    listen: true,
    realClock: true,
    config: { oauthSecurity: { requirePar: false, dpopNonce: true }, outboundAllowPrivate: false },
  });
  let client: RegisteredClient;

  beforeAll(async () => {
    client = await registerClient(t, { dpop_bound_access_tokens: true });
  });

  it('asks for its nonce with use_dpop_nonce and a DPoP-Nonce header; openid-client retries with it', async () => {
    const keys = await oidc.randomDPoPKeyPair('ES256');
    const proof = await handMadeProof(keys, { htm: 'POST', htu: tokenUrl(t.hub) });
    const res = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client), dpop: proof },
      form: { grant_type: 'client_credentials' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('use_dpop_nonce');
    expect(String(res.headers['dpop-nonce'])).toMatch(/^\d+\.[A-Za-z0-9_-]+$/);
    const config = await oidc.discovery(
      new URL(t.hub.config.publicUrl),
      client.client_id,
      client.client_secret!,
      oidc.ClientSecretBasic(client.client_secret!),
      { execute: [oidc.allowInsecureRequests] },
    );
    const DPoP = oidc.getDPoPHandle(config, keys);
    // openid-client learns the nonce from the refusal and retries once by itself.
    const tokens = await oidc.clientCredentialsGrant(config, {}, { DPoP });
    expect(tokens.token_type.toLowerCase()).toBe('dpop');
  });
});
