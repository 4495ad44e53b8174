import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLogs } from '../../../src/server/db/schema/index';
import { TEST_DATABASES } from '../../helpers/test-hub';
import { useTestHub } from '../../helpers/use-test-hub';
import { countStatements } from '../../helpers/count-statements';
import { authorizeWithPkce, basic, registerClient, type RegisteredClient } from './oauth-helpers';
import { signedInUser } from '../../helpers/fixtures';
import { calculateJwkThumbprint, decodeJwt, exportJWK, generateKeyPair } from 'jose';
import { handMadeProof } from './fapi-helpers';

/** Headers that belong to the connection or the moment, not to the answer. */
const TRANSPORT = new Set(['date', 'connection', 'keep-alive', 'transfer-encoding', 'x-request-id']);
const FORM = 'application/x-www-form-urlencoded';

/**
 * Issue 28: a listening hub answers the introspection of a token it holds before routing
 * (oauth/endpoints/introspect-fast-path.ts) — the same bytes and headers as the route, no
 * database statement — and hands everything else to the route with the body it read, where
 * refusals are answered and audited as before.
 */
describe.each(TEST_DATABASES)('introspection before routing [%s]', (kind) => {
  const log = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
  });
  const t = useTestHub(kind, { listen: true, logStream: log, config: { logLevel: 'info' } });

  const url = () => `${t.hub.config.publicUrl}/oauth/introspect`;
  const headersOf = (h: Headers | Record<string, unknown>) =>
    Object.fromEntries(
      (h instanceof Headers ? [...h.entries()] : Object.entries(h))
        .filter(([k]) => !TRANSPORT.has(k.toLowerCase()))
        .map(([k, v]) => [k.toLowerCase(), String(v)]),
    );
  const issue = async (client: RegisteredClient) => {
    const res = await fetch(`${t.hub.config.publicUrl}/oauth/token`, {
      method: 'POST',
      headers: { authorization: basic(client), 'content-type': FORM },
      body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'read:profile' }),
    });
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };
  /** The access-log line of the last answer with this request id. */
  const logged = async (requestId: string) => {
    await expect.poll(() => lines.some((l) => l.reqId === requestId && l.msg === 'request')).toBe(true);
    return lines.find((l) => l.reqId === requestId && l.msg === 'request')!;
  };
  const introspect = (headers: Record<string, string>, body: string) =>
    fetch(url(), { method: 'POST', headers: { 'content-type': FORM, ...headers }, body });

  it('a token this node issued: answered before routing, the route’s bytes and headers, no statement', async () => {
    const client = await registerClient(t);
    const token = await issue(client);
    const counter = countStatements();
    let fast: Response;
    let fastBody: string;
    try {
      fast = await introspect({ authorization: basic(client) }, `token=${token}&token_type_hint=access_token`);
      fastBody = await fast.text();
    } finally {
      counter.stop();
    }
    expect(counter.count(), counter.texts.join('\n')).toBe(0);
    expect(fast.status).toBe(200);
    expect(JSON.parse(fastBody)).toMatchObject({ active: true, client_id: client.client_id, sub: client.client_id });
    expect((await logged(fast.headers.get('x-request-id')!)).fast_path).toBe(true);
    // inject() takes the routes.
    const routed = await t.client.post('/oauth/introspect', {
      headers: { authorization: basic(client) },
      form: { token, token_type_hint: 'access_token' },
    });
    expect(routed.statusCode).toBe(200);
    expect(fastBody).toBe(routed.body);
    expect(headersOf(fast.headers)).toEqual(headersOf(routed.headers as Record<string, unknown>));
    expect(fast.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('anything else reaches the route with its body: refusals answered and audited as before', async () => {
    const client = await registerClient(t);
    const token = await issue(client);
    const routedBy = async (res: Response) => (await logged(res.headers.get('x-request-id')!)).fast_path;

    // A wrong secret over Basic: 401 with a Basic challenge, and one oauth_invalid_client row.
    const wrong = await introspect(
      { authorization: `Basic ${Buffer.from(`${client.client_id}:wrong`).toString('base64')}` },
      `token=${token}`,
    );
    expect(wrong.status).toBe(401);
    expect(wrong.headers.get('www-authenticate')).toMatch(/^Basic/);
    expect(await wrong.json()).toMatchObject({ error: 'invalid_client' });
    expect(await routedBy(wrong)).toBeUndefined();
    // Recorded off the answer's path (plugins/refusal-audit.ts; more from this address in the
    // same minute are counted into one aggregate row): the first is a row of its own.
    await expect.poll(() => invalidClientRows()).toBe(1);

    // The client's secret in the form (client_secret_post is not this client's method): refused.
    const post = await introspect(
      {},
      new URLSearchParams({ token, client_id: client.client_id, client_secret: client.client_secret! }).toString(),
    );
    expect(post.status).toBe(401);
    expect(await routedBy(post)).toBeUndefined();

    // No token: invalid_request from the route.
    const none = await introspect({ authorization: basic(client) }, 'token_type_hint=access_token');
    expect(none.status).toBe(400);
    expect(await none.json()).toMatchObject({ error: 'invalid_request' });

    // A DPoP proof (issue 31) is the route's to check and spend: a bad one is refused there.
    const proofSent = await introspect({ authorization: basic(client), dpop: 'not.a.proof' }, `token=${token}`);
    expect(proofSent.status).toBe(400);
    expect(await proofSent.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(await routedBy(proofSent)).toBeUndefined();

    // A token this process never saw checked (its caches emptied): read by the route, still active.
    t.hub.caches.verifiedTokens.clear();
    t.hub.caches.issuedTokens.clear();
    t.hub.caches.sessionStates.invalidateAll();
    const cold = await introspect({ authorization: basic(client) }, `token=${token}`);
    expect(await cold.json()).toMatchObject({ active: true, client_id: client.client_id });
    expect(await routedBy(cold)).toBeUndefined();
    // …and from then on held: answered before routing.
    const warm = await introspect({ authorization: basic(client) }, `token=${token}`);
    expect(await warm.json()).toMatchObject({ active: true });
    expect(await routedBy(warm)).toBe(true);

    // A percent-encoded form goes to the route, which decodes it.
    const encoded = await introspect({ authorization: basic(client) }, `token=${encodeURIComponent(token)}%20`);
    expect(await encoded.json()).toEqual({ active: false });
    expect(await routedBy(encoded)).toBeUndefined();

    // Revoked: the cached state is dropped, the route reads the row: inactive.
    const revoked = await fetch(`${t.hub.config.publicUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { authorization: basic(client), 'content-type': FORM },
      body: `token=${token}`,
    });
    expect(revoked.status).toBe(200);
    const after = await introspect({ authorization: basic(client) }, `token=${token}`);
    expect(await after.json()).toEqual({ active: false });
  });

  it('token grants that commit are answered before routing too (issue 44); refusals reach the route', async () => {
    const client = await registerClient(t);
    const token = (form: Record<string, string>, headers: Record<string, string> = {}) =>
      fetch(`${t.hub.config.publicUrl}/oauth/token`, {
        method: 'POST',
        headers: { authorization: basic(client), 'content-type': FORM, 'user-agent': 'fast-path-test', ...headers },
        body: new URLSearchParams(form),
      });
    const routedBy = async (res: Response) => (await logged(res.headers.get('x-request-id')!)).fast_path;
    const eventsOf = async (type: string) =>
      (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, type))).filter(
        (r) => (r.details as { client_id?: string } | null)?.client_id === client.client_id,
      );

    // The route reads the client into this node's cache; then client_credentials goes before
    // routing, with the route's headers and its chained record naming the caller.
    const routed = await t.client.post('/oauth/token', {
      headers: { authorization: basic(client) },
      form: { grant_type: 'client_credentials', scope: 'read:profile' },
    });
    expect(routed.statusCode).toBe(200);
    const fast = await token({ grant_type: 'client_credentials', scope: 'read:profile' });
    expect(fast.status).toBe(200);
    expect(await fast.json()).toMatchObject({ token_type: 'Bearer', scope: 'read:profile' });
    expect(await routedBy(fast)).toBe(true);
    const sameHeaders = (h: Record<string, string>) => ({ ...h, 'content-length': '' });
    expect(sameHeaders(headersOf(fast.headers))).toEqual(
      sameHeaders(headersOf(routed.headers as Record<string, unknown>)),
    );
    const issued = (await eventsOf('oauth_token_issued')).find((r) => r.userAgent === 'fast-path-test');
    expect(issued).toMatchObject({ userAgent: 'fast-path-test', ipAddress: expect.stringMatching(/127\.0\.0\.1/) });

    // A code exchange (its redirect URI percent-encoded, as every client sends it): before routing.
    const { cookie } = await signedInUser(t.hub);
    const { code, verifier } = await authorizeWithPkce(t, client, cookie, { prompt: 'none' });
    const exchange = { grant_type: 'authorization_code', code, redirect_uri: client.redirect_uris[0] };
    const exchanged = await token({ ...exchange, code_verifier: verifier });
    expect(exchanged.status).toBe(200);
    expect(await exchanged.json()).toMatchObject({ id_token: expect.any(String), token_type: 'Bearer' });
    expect(await routedBy(exchanged)).toBe(true);

    // The same code again: nothing written here, the route refuses it and revokes what it issued.
    const replay = await token({ ...exchange, code_verifier: verifier });
    expect(replay.status).toBe(400);
    expect(await replay.json()).toMatchObject({ error: 'invalid_grant' });
    expect(await routedBy(replay)).toBeUndefined();
    expect((await eventsOf('oauth_code_reuse')).length).toBe(1);

    // A scope the client may not have: refused by the route, and audited there.
    const refused = await token({ grant_type: 'client_credentials', scope: 'admin' });
    expect(refused.status).toBe(400);
    expect(await refused.json()).toMatchObject({ error: 'invalid_scope' });
    expect(await routedBy(refused)).toBeUndefined();
    await expect.poll(async () => (await eventsOf('oauth_token_refused')).length).toBeGreaterThan(0);

    // A client that must prove a DPoP key (RFC 9449), held in the cache, sending no proof: the route refuses it.
    const bound = await registerClient(t, { dpop_bound_access_tokens: true });
    const ask = { grant_type: 'client_credentials', scope: 'read:profile' };
    expect(
      (await t.client.post('/oauth/token', { headers: { authorization: basic(bound) }, form: ask })).statusCode,
    ).toBe(400);
    const unproved = await token(ask, { authorization: basic(bound) });
    expect(await unproved.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(await routedBy(unproved)).toBeUndefined();

    // With a proof (RFC 9449), checked by the route's own function: granted before routing, the
    // token bound to the proof's key, the proof's jti recorded with the grant.
    const keys = await generateKeyPair('ES256');
    const htu = `${t.hub.config.publicUrl}/oauth/token`;
    const iat = Math.floor(t.hub.clock().getTime() / 1000);
    const proof = await handMadeProof(keys, { htm: 'POST', htu, iat });
    const proven = await token(ask, { authorization: basic(bound), dpop: proof });
    expect(proven.status, await proven.clone().text()).toBe(200);
    const provenBody = (await proven.json()) as { token_type: string; access_token: string };
    expect(provenBody.token_type).toBe('DPoP');
    expect(decodeJwt(provenBody.access_token).cnf).toEqual({
      jkt: await calculateJwkThumbprint(await exportJWK(keys.publicKey)),
    });
    expect(await routedBy(proven)).toBe(true);
    // The same proof again: nothing written before routing; the route refuses the replay.
    const replayed = await token(ask, { authorization: basic(bound), dpop: proof });
    expect(replayed.status).toBe(400);
    expect(await replayed.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(await routedBy(replayed)).toBeUndefined();
    // A proof for another URL, or with a code exchange (whose jti is spent apart): the route's.
    const elsewhere = await token(ask, {
      authorization: basic(bound),
      dpop: await handMadeProof(keys, { htm: 'POST', htu: `${htu}/elsewhere`, iat }),
    });
    expect(await elsewhere.json()).toMatchObject({ error: 'invalid_dpop_proof' });
    expect(await routedBy(elsewhere)).toBeUndefined();
    const second = await authorizeWithPkce(t, client, cookie, { prompt: 'none' });
    const provenExchange = await token(
      {
        grant_type: 'authorization_code',
        code: second.code,
        redirect_uri: client.redirect_uris[0],
        code_verifier: second.verifier,
      },
      { dpop: await handMadeProof(keys, { htm: 'POST', htu, iat }) },
    );
    expect(provenExchange.status).toBe(200);
    expect(await provenExchange.json()).toMatchObject({ token_type: 'DPoP' });
    expect(await routedBy(provenExchange)).toBeUndefined();
  });

  /** oauth_invalid_client rows of the introspection endpoint (a Basic refusal names no client_id). */
  const invalidClientRows = async () =>
    (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_invalid_client'))).filter(
      (r) => (r.details as { endpoint?: string } | null)?.endpoint === 'introspect',
    ).length;
});

/**
 * Behind a balancer (HUB_TRUST_PROXY), every request carries X-Forwarded-For: the token endpoint's
 * fast path reads the caller's address from it as Fastify's request.ip does for the route, so a
 * balanced hub keeps the fast path; an entry that is not an address goes to the route.
 */
describe('the token endpoint before routing behind a trusted proxy [pglite]', () => {
  const log = new PassThrough();
  const lines: Record<string, unknown>[] = [];
  log.on('data', (chunk: Buffer) => {
    for (const line of chunk.toString().split('\n')) if (line.trim()) lines.push(JSON.parse(line));
  });
  const t = useTestHub('pglite', { listen: true, logStream: log, config: { logLevel: 'info', trustProxy: true } });

  it('takes the grant with the left-most X-Forwarded-For as the caller, as the route would record it', async () => {
    const client = await registerClient(t);
    const token = (forwardedFor: string, ua: string) =>
      fetch(`${t.hub.config.publicUrl}/oauth/token`, {
        method: 'POST',
        headers: {
          authorization: basic(client),
          'content-type': FORM,
          'user-agent': ua,
          'x-forwarded-for': forwardedFor,
        },
        body: new URLSearchParams({ grant_type: 'client_credentials', scope: 'read:profile' }),
      });
    const fastPathOf = async (res: Response) => {
      const id = res.headers.get('x-request-id')!;
      await expect.poll(() => lines.some((l) => l.reqId === id && l.msg === 'request')).toBe(true);
      return lines.find((l) => l.reqId === id && l.msg === 'request')!.fast_path;
    };
    const recordOf = async (ua: string) =>
      (await t.hub.db.select().from(auditLogs).where(eq(auditLogs.eventType, 'oauth_token_issued'))).find(
        (r) => r.userAgent === ua,
      );
    // The first grant reads the client into the node's cache (the route); the next ones go before routing.
    expect((await token('127.0.0.7', 'warm-up')).status).toBe(200);
    const fast = await token('127.0.0.9, 127.0.0.2', 'behind-proxy');
    expect(fast.status).toBe(200);
    expect(await fastPathOf(fast)).toBe(true);
    expect(await recordOf('behind-proxy')).toMatchObject({ ipAddress: '127.0.0.9' });
    // Not an address: the route reads the header itself (and answers the grant as always).
    const odd = await token('unknown, 127.0.0.2', 'odd-forwarded');
    expect(odd.status).toBe(200);
    expect(await fastPathOf(odd)).toBeUndefined();
  });
});
