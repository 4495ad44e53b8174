import { randomUUID } from 'node:crypto';
import { SignJWT, exportJWK, generateKeyPair, type JWK } from 'jose';
import * as oidc from 'openid-client';
import { asc } from 'drizzle-orm';
import { auditMark } from '../../helpers/audit-mark';
import { auditLogs } from '../../../src/server/db/schema/index';
import type { TestHub } from '../../helpers/test-hub';
import { registerClient, type RegisteredClient } from './oauth-helpers';

/** A client key pair as a sister platform holds it: the private key for openid-client, the public JWK for the hub. */
export async function clientKeyPair(alg: 'ES256' | 'RS256' | 'EdDSA' | 'PS256' = 'ES256') {
  const pair = await generateKeyPair(alg, { extractable: true });
  const kid = randomUUID();
  const jwk: JWK = { ...(await exportJWK(pair.publicKey)), kid, alg, use: 'sig' };
  return { ...pair, kid, jwk, alg };
}
export type ClientKey = Awaited<ReturnType<typeof clientKeyPair>>;

/** A FAPI 2.0 client as an administrator registers it (private_key_jwt with an inline JWKS). */
export async function registerFapiClient(t: TestHub, key: ClientKey, extra: Record<string, unknown> = {}) {
  return registerClient(t, {
    token_endpoint_auth_method: 'private_key_jwt',
    jwks: { keys: [key.jwk] },
    fapi2: true,
    ...extra,
  });
}

/** openid-client configured from the hub's discovery document, authenticating with private_key_jwt. */
export async function privateKeyJwtConfig(t: TestHub, client: RegisteredClient, key: ClientKey) {
  return oidc.discovery(
    new URL(t.hub.config.publicUrl),
    client.client_id,
    { token_endpoint_auth_signing_alg: key.alg },
    oidc.PrivateKeyJwt({ key: key.privateKey, kid: key.kid }),
    { execute: [oidc.allowInsecureRequests] },
  );
}

/**
 * Follows an authorization URL as the signed-in browser would (the fixture session's cookie) and
 * answers the callback URL the hub redirected to.
 */
export async function followAuthorization(t: TestHub, url: URL, cookie: string): Promise<URL> {
  const res = await t.client.get(url.pathname + url.search, { cookie });
  if (res.statusCode !== 302) throw new Error(`authorize answered ${res.statusCode}: ${res.body.slice(0, 300)}`);
  return new URL(String(res.headers.location));
}

/**
 * A DPoP proof made by hand, for the negative cases openid-client would never send (another
 * method or URL, a replayed jti, no ath).
 */
export async function handMadeProof(
  keys: CryptoKeyPair,
  claims: { htm: string; htu: string; ath?: string; jti?: string; iat?: number; nonce?: string },
) {
  const jwk = await exportJWK(keys.publicKey);
  return new SignJWT({
    jti: claims.jti ?? randomUUID(),
    htm: claims.htm,
    htu: claims.htu,
    iat: claims.iat ?? Math.floor(Date.now() / 1000),
    ...(claims.ath ? { ath: claims.ath } : {}),
    ...(claims.nonce ? { nonce: claims.nonce } : {}),
  })
    .setProtectedHeader({ alg: 'ES256', typ: 'dpop+jwt', jwk })
    .sign(keys.privateKey);
}

/** The audit rows written while `send` ran. */
export async function auditRowsOf<T>(t: TestHub, send: () => Promise<T>) {
  const since = await auditMark(t.hub.db);
  const result = await send();
  const rows = await t.hub.db
    .select({ type: auditLogs.eventType, details: auditLogs.details })
    .from(auditLogs)
    .where(since)
    .orderBy(asc(auditLogs.occurredAt), asc(auditLogs.id));
  return { result, rows };
}
