import { createPrivateKey, createPublicKey, randomBytes, type JsonWebKey, type KeyObject } from 'node:crypto';
import { exportJWK, generateKeyPair, type JWK } from 'jose';
import type { Database, Db } from '../../db/client';
import type { SecretBox } from '../../crypto/secrets';
import type { AuditLog } from '../../audit/record';
import type { Revocations } from '../../revocations';
import { precompute, type PrecomputedDocument } from '../../http/precomputed';
import type { SigningKey } from '../../db/schema/index';
import { MAX_JWT_TTL_S, type SigningAlg } from '../constants';
import { deleteRetiredBefore, insertSigningKey, listSigningKeys, setKeyStatus } from './queries';

export const PRIVATE_JWK_CONTEXT = 'signing_keys.private_jwk';
/** Serialises key creation and rotation across nodes ("hub:key"). */
const KEY_LOCK = 0x6875626b;
/** How long verifiers may cache /oauth/jwks (its Cache-Control max-age). */
export const JWKS_MAX_AGE_S = 60;
export const JWKS_CONTENT_TYPE = 'application/jwk-set+json; charset=utf-8';

export class KeyRotationTooSoon extends Error {
  constructor(readonly waitSeconds: number) {
    super(
      `The next key was published less than ${JWKS_MAX_AGE_S} s ago; rotate again in ${waitSeconds} s (or force it).`,
    );
  }
}

/** Fallback re-read of the key set when a NOTIFY was missed. */
const RELOAD_MS = 60_000;

export interface LoadedKeys {
  /**
   * The key that signs now, as a node:crypto KeyObject: signing with it directly (oauth/jwt.ts)
   * costs a fraction of a WebCrypto job per token.
   */
  active: { kid: string; alg: SigningAlg; key: KeyObject };
  /** Every key a verifier may meet: next, active and retired-but-not-expired. */
  published: Map<string, PublishedKey>;
}

export interface PublishedKey {
  alg: SigningAlg;
  jwk: JWK;
  /** The public key as a node:crypto KeyObject, what crypto/jws.ts verifies with. */
  key: KeyObject;
  /** Retired keys leave the JWKS (and stop verifying) at this time (ms); null while not retired. */
  until: number | null;
}

/** Whether a key is still published at `now`: retired keys stay until every token they signed expired. */
export function isKeyPublished(k: PublishedKey, now: Date): boolean {
  return k.until === null || k.until > now.getTime();
}

export interface KeyStore {
  current(): Promise<LoadedKeys>;
  /** The public JWKS document. */
  jwks(): Promise<{ keys: JWK[] }>;
  /** The JWKS as bytes with its ETag, built once per key set (and again when a retired key leaves). */
  jwksDocument(): Promise<PrecomputedDocument>;
  /** The same, without waiting: undefined until the key set is loaded, or when it is due for a re-read. */
  jwksDocumentNow(): PrecomputedDocument | undefined;
  /** The key set without waiting: undefined until it is loaded, or when it is due for a re-read. */
  currentNow(): LoadedKeys | undefined;
  invalidate(): void;
  /**
   * Promotes the pre-published `next` key to active, retires the old active key and publishes
   * a new `next`. A key therefore sits in the JWKS for a whole rotation period before it signs.
   */
  rotate(
    nextAlg?: SigningAlg,
    options?: { force?: boolean },
  ): Promise<{ activated: string; retired: string | null; next: string }>;
  /** Deletes retired keys whose tokens have all expired. */
  prune(): Promise<string[]>;
}

/** What the key store uses of its hub (built with the hub's caches, before the hub is complete). */
export interface KeyStoreDeps {
  db: Db;
  database: Database;
  secrets: SecretBox;
  audit: AuditLog;
  revocations: Revocations;
  clock: () => Date;
}

/**
 * Signing keys live in PostgreSQL (private JWK sealed with the master key) so every node signs
 * with the same key and publishes the same JWKS. Each process holds the set in memory and
 * re-reads it when told (NOTIFY after a rotation) or every minute.
 */
export function createKeyStore(hub: KeyStoreDeps): KeyStore {
  let loaded: { at: number; value: Promise<LoadedKeys>; settled?: LoadedKeys } | undefined;
  /** The JWKS bytes of one loaded key set, good until the next retired key leaves it. */
  let document: { from: Promise<LoadedKeys>; until: number; doc: PrecomputedDocument } | undefined;

  async function newKey(alg: SigningAlg, status: 'next' | 'active') {
    const { publicKey, privateKey } = await generateKeyPair(alg, {
      extractable: true,
      ...(alg === 'RS256' ? { modulusLength: 2048 } : {}),
    });
    const kid = `${alg.toLowerCase()}-${randomBytes(8).toString('base64url')}`;
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg };
    const now = hub.clock();
    return {
      kid,
      alg,
      publicJwk,
      privateJwkEnc: hub.secrets.seal(JSON.stringify(privateJwk), PRIVATE_JWK_CONTEXT),
      status,
      createdAt: now,
      activatedAt: status === 'active' ? now : null,
    };
  }

  /** First start: an active key and the next one, created once even when nodes start together. */
  async function bootstrap() {
    await hub.database.withAdvisoryLock(KEY_LOCK, async () => {
      const keys = await listSigningKeys(hub.db);
      if (!keys.some((k) => k.status === 'active')) await insertSigningKey(hub.db, await newKey('ES256', 'active'));
      if (!keys.some((k) => k.status === 'next')) await insertSigningKey(hub.db, await newKey('ES256', 'next'));
    });
  }

  async function load(): Promise<LoadedKeys> {
    let rows = await listSigningKeys(hub.db);
    if (!rows.some((k) => k.status === 'active') || !rows.some((k) => k.status === 'next')) {
      await bootstrap();
      rows = await listSigningKeys(hub.db);
    }
    const published = new Map<string, PublishedKey>();
    let active: LoadedKeys['active'] | undefined;
    for (const row of rows) {
      const alg = row.alg as SigningAlg;
      const jwk = row.publicJwk as JWK;
      const key = createPublicKey({ key: jwk as JsonWebKey, format: 'jwk' });
      published.set(row.kid, { alg, jwk, key, until: retiredUntil(row) });
      if (row.status === 'active') {
        const priv = JSON.parse(hub.secrets.open(row.privateJwkEnc, PRIVATE_JWK_CONTEXT)) as JWK;
        active = { kid: row.kid, alg, key: createPrivateKey({ key: priv as JsonWebKey, format: 'jwk' }) };
      }
    }
    if (!active) throw new Error('no active signing key');
    return { active, published };
  }

  const store: KeyStore = {
    current() {
      if (!loaded || Date.now() - loaded.at > RELOAD_MS) {
        const value = load();
        const entry: NonNullable<typeof loaded> = { at: Date.now(), value };
        loaded = entry;
        value.then(
          (keys) => {
            entry.settled = keys;
          },
          () => {
            if (loaded === entry) loaded = undefined;
          },
        );
      }
      return loaded.value;
    },
    async jwks() {
      const { published } = await store.current();
      const now = hub.clock();
      return { keys: [...published.values()].filter((p) => isKeyPublished(p, now)).map((p) => p.jwk) };
    },
    async jwksDocument() {
      const from = store.current();
      const { published } = await from;
      const now = hub.clock().getTime();
      if (document && document.from === from && now < document.until) return document.doc;
      const keys = [...published.values()].filter((p) => p.until === null || p.until > now);
      const until = Math.min(Infinity, ...keys.map((p) => p.until ?? Infinity));
      const doc = precompute(JSON.stringify({ keys: keys.map((p) => p.jwk) }), JWKS_CONTENT_TYPE, JWKS_MAX_AGE_S);
      document = { from, until, doc };
      return doc;
    },
    jwksDocumentNow() {
      if (!document || !loaded || document.from !== loaded.value || Date.now() - loaded.at > RELOAD_MS)
        return undefined;
      return hub.clock().getTime() < document.until ? document.doc : undefined;
    },
    currentNow() {
      return loaded && Date.now() - loaded.at <= RELOAD_MS ? loaded.settled : undefined;
    },
    invalidate() {
      loaded = undefined;
    },
    async rotate(nextAlg = 'ES256', options = {}) {
      await bootstrap();
      return hub.database.withAdvisoryLock(KEY_LOCK, async () =>
        hub.db.transaction(async (tx) => {
          const keys = await listSigningKeys(tx);
          const now = hub.clock();
          const active = keys.find((k) => k.status === 'active');
          const next = keys.find((k) => k.status === 'next');
          if (!next) throw new Error('no next key to promote');
          // Verifiers cache the JWKS (max-age 60 s): the key about to sign must have been
          // published at least that long, or a verifier could meet a kid it has never seen.
          const publishedMs = now.getTime() - next.createdAt.getTime();
          if (!options.force && publishedMs < JWKS_MAX_AGE_S * 1000) {
            throw new KeyRotationTooSoon(Math.ceil((JWKS_MAX_AGE_S * 1000 - publishedMs) / 1000));
          }
          if (active) await setKeyStatus(tx, active.kid, { status: 'retired', retiredAt: now });
          await setKeyStatus(tx, next.kid, { status: 'active', activatedAt: now });
          const fresh = await newKey(nextAlg, 'next');
          await insertSigningKey(tx, fresh);
          await hub.audit.record(
            {
              type: 'signing_key_rotated',
              details: { activated: next.kid, retired: active?.kid ?? null, next: fresh.kid, next_alg: nextAlg },
            },
            tx,
          );
          await hub.revocations.publish({ kind: 'keys' }, tx);
          return { activated: next.kid, retired: active?.kid ?? null, next: fresh.kid };
        }),
      );
    },
    async prune() {
      const gone = await deleteRetiredBefore(hub.db, new Date(hub.clock().getTime() - MAX_JWT_TTL_S * 1000));
      if (gone.length) await hub.revocations.publish({ kind: 'keys' });
      return gone;
    },
  };
  return store;
}

function retiredUntil(k: SigningKey): number | null {
  if (k.status !== 'retired') return null;
  return (k.retiredAt?.getTime() ?? 0) + MAX_JWT_TTL_S * 1000;
}
