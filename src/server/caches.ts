import type { KeyObject } from 'node:crypto';
import type { JSONWebKeySet, JWTPayload } from 'jose';
import type { Configuration } from 'openid-client';
import type { HubConfig } from './config';
import type { AuthSession, OAuthClient, PlatformUser } from './db/schema/index';
import type { PrecomputedDocument } from './http/precomputed';
import type { RevocationKind } from './revocations';
import { deriveSubkey } from './crypto/secrets';
import type { JwsHeader } from './crypto/jws';
import { MAX_JWT_TTL_S } from './oauth/constants';
import { LookupCache, RecentMap } from './oauth/lookup-cache';
import { createSessionStateCache, type SessionStateCache } from './oauth/token-cache';
import { createKeyStore, type KeyStore, type KeyStoreDeps } from './oauth/keys/key-store';

/** A DPoP proof's checked header and public key as oauth/dpop.ts imported them, kept in `dpopKeys` by header segment. */
export interface ProofKey {
  /** The proof's protected header, checked (crypto/jws.ts `parseJwsHeader`). */
  header: JwsHeader;
  key: KeyObject;
  /** RFC 7638 SHA-256 thumbprint of the JWK. */
  jkt: string;
}

/** A live browser session and its user, without the roles (what the authorization endpoint needs). */
export interface SignedInSession {
  session: AuthSession;
  user: PlatformUser;
}

/** Every per-process cache of a hub, built with it (createHubCaches) and declared in CACHES. */
export interface HubCaches {
  /** OAuth clients by client_id (oauth/clients/service.ts). */
  clients: LookupCache<OAuthClient | undefined>;
  /** Resource indicators found registered (an active client's app_url), by URL (oauth/resource.ts). */
  registeredResources: LookupCache<true>;
  /** Sessions behind access and hand-off tokens (oauth/token-cache.ts). */
  sessionStates: SessionStateCache;
  /** Browser sessions by cookie-token hash, for the authorization endpoint (auth/session-cache.ts). */
  signedInSessions: {
    entries: LookupCache<SignedInSession | undefined>;
    /** session id → the token hash its entry is kept under (revocations name sessions). */
    hashOf: Map<string, string>;
  };
  /** The signing keys and the JWKS built from them (oauth/keys/key-store.ts). */
  keys: KeyStore;
  /** Access tokens whose signature this process checked or made, by token (oauth/jwt.ts). */
  verifiedTokens: RecentMap<{ claims: JWTPayload; kid: string }>;
  /** Access tokens this process signed and nobody asked about here yet, by token (oauth/jwt.ts). */
  issuedTokens: RecentMap<{ claims: JWTPayload; kid: string }>;
  /** The discovery document as bytes, for the issuer it was built for (oauth/endpoints/well-known.ts). */
  discovery: { document?: PrecomputedDocument & { issuer: string } };
  /** The recovery-code HMAC key (account/totp.ts). */
  recoveryCodeKey: Buffer;
  /** Upstream OpenID Connect providers' discovered configurations, by provider row (federation/sign-in/provider.ts). */
  oidcConfigurations: Map<string, { config: Configuration; until: number }>;
  /** Verified email domain → its organization, a hint for sign-in's domain membership (orgs/domain-join.ts). */
  claimedDomains: { domains: Map<string, string> | null; until: number };
  /** Public keys of DPoP proofs, imported, with their thumbprints, by alg and JWK (oauth/dpop.ts). */
  dpopKeys: Map<string, ProofKey>;
  /** Clients' key sets fetched from their jwks_uri, by client_id (oauth/client-jwks.ts). */
  clientJwks: Map<string, { uri: string; jwks: JSONWebKeySet; fetchedAt: number }>;
}

interface CacheDeclaration {
  /** The most entries held at once. */
  maxEntries: number;
  /** The longest an entry is used without reading the database again (ms). */
  ttlMs: number;
  /**
   * The kinds of hub.revocations message that drop entries sooner. A cache dropped by messages
   * is also emptied on every resync and is not served while revocations cannot be heard.
   * `never`: why no message has to (the reason it cannot serve anything stale).
   */
  clearedBy: RevocationKind[] | { never: string };
}

const MINUTE = 60_000;

/** The one list of a hub's caches: how large each may grow, how long it serves, what clears it. */
export const CACHES = {
  // Rows hold sealed values: a master-key rotation drops them (the old key stops opening at its retirement).
  clients: { maxEntries: 10_000, ttlMs: MINUTE, clearedBy: ['client', 'master-keys'] },
  // Only what was found registered is kept (a client registered since is read, never refused from
  // here); a client message empties it whole, since it names the client, not its app_url.
  registeredResources: { maxEntries: 1000, ttlMs: MINUTE, clearedBy: ['client'] },
  // Three maps of this size: token hash → session id (never changes), session id → state, and
  // jti → revoked, for the access tokens no session row stands behind (client_credentials); the
  // last two keep what the token endpoint primes apart, as many as issuedTokens (lookup-cache.ts).
  sessionStates: { maxEntries: 100_000, ttlMs: 5 * MINUTE, clearedBy: ['sessions', 'all-sessions', 'tokens'] },
  // Vouches only for a session touched less than a minute ago; anything else is read again.
  signedInSessions: { maxEntries: 10_000, ttlMs: 5 * MINUTE, clearedBy: ['sessions', 'all-sessions'] },
  // One key set, read again every minute or when a rotation or prune says so.
  keys: { maxEntries: 1, ttlMs: MINUTE, clearedBy: ['keys', 'master-keys'] },
  verifiedTokens: {
    maxEntries: 20_000,
    ttlMs: MAX_JWT_TTL_S * 1000,
    clearedBy: {
      never:
        "every hit checks the token's exp and that its key is still published; whether its session is live is asked of sessionStates",
    },
  },
  issuedTokens: {
    maxEntries: 20_000,
    ttlMs: MAX_JWT_TTL_S * 1000,
    clearedBy: {
      never:
        'what verifiedTokens would hold once the token is first looked up (it moves there then), kept apart ' +
        'so that tokens issued and never looked up here do not push out the ones that are',
    },
  },
  discovery: {
    maxEntries: 1,
    ttlMs: Infinity,
    clearedBy: { never: 'built from the configuration alone; rebuilt when the public URL differs' },
  },
  oidcConfigurations: {
    maxEntries: 100,
    ttlMs: 10 * MINUTE,
    clearedBy: {
      never:
        "keyed by the provider row's id and updated_at, so an edit is a new key; the provider's own key " +
        'rotation is met by openid-client, which fetches its JWKS again for a key it does not know',
    },
  },
  claimedDomains: {
    maxEntries: 100_000,
    ttlMs: MINUTE,
    clearedBy: {
      never:
        'a hint only: the join re-checks the verified claim in SQL, so a stale entry costs one query and joins no one; ' +
        'a domain verified on another node is joined at sign-ins from a minute later (this node forgets at once)',
    },
  },
  dpopKeys: {
    maxEntries: 10_000,
    ttlMs: Infinity,
    clearedBy: {
      never: 'an entry is what the proof header it is keyed by says (its alg and JWK): nothing about it can change',
    },
  },
  // A client's keys are fetched again after ten minutes, or (at most once a minute) for a kid they lack.
  clientJwks: { maxEntries: 1000, ttlMs: 10 * MINUTE, clearedBy: ['client'] },
  recoveryCodeKey: {
    maxEntries: 1,
    ttlMs: Infinity,
    clearedBy: { never: "derived from the keyring's lookup key, which no master-key rotation changes" },
  },
} satisfies Record<keyof HubCaches, CacheDeclaration>;

/**
 * The caches of a hub being built, wired to its revocations: each message drops what CACHES says
 * it clears, on this node at once and on every other within milliseconds; a resync empties every
 * cache a message could have cleared.
 */
export function createHubCaches(hub: KeyStoreDeps & { config: HubConfig }): HubCaches {
  const live = hub.revocations.live;
  const caches: HubCaches = {
    clients: new LookupCache(CACHES.clients.ttlMs, CACHES.clients.maxEntries, live),
    registeredResources: new LookupCache(CACHES.registeredResources.ttlMs, CACHES.registeredResources.maxEntries, live),
    // Primed at issue and not yet used: as many as the signed tokens kept for their first use.
    sessionStates: createSessionStateCache(
      hub.db,
      { ...CACHES.sessionStates, primed: CACHES.issuedTokens.maxEntries },
      live,
    ),
    signedInSessions: {
      entries: new LookupCache(CACHES.signedInSessions.ttlMs, CACHES.signedInSessions.maxEntries, live),
      hashOf: new Map(),
    },
    keys: createKeyStore(hub),
    verifiedTokens: new RecentMap(CACHES.verifiedTokens.maxEntries),
    issuedTokens: new RecentMap(CACHES.issuedTokens.maxEntries),
    discovery: {},
    recoveryCodeKey: deriveSubkey(hub.config.masterKey!, 'ecosystem-hub/recovery-codes/v1'),
    oidcConfigurations: new Map(),
    claimedDomains: { domains: null, until: 0 },
    clientJwks: new Map(),
    dpopKeys: new Map(),
  };
  const { clients, registeredResources, sessionStates, signedInSessions, keys } = caches;
  const forgetSignedIn = (sessionId?: string) => {
    if (sessionId === undefined) {
      signedInSessions.hashOf.clear();
      return signedInSessions.entries.invalidate();
    }
    const hash = signedInSessions.hashOf.get(sessionId);
    signedInSessions.hashOf.delete(sessionId);
    // Even an unknown id is invalidated: that stops a lookup in flight (whose session this may
    // be) from storing what it read before the revocation.
    signedInSessions.entries.invalidate(hash ?? sessionId);
  };
  hub.revocations.subscribe((sessionIds, message) => {
    if (message.kind === 'client') {
      clients.invalidate(message.clientId);
      registeredResources.invalidate();
      caches.clientJwks.delete(message.clientId);
    } else if (message.kind === 'keys') keys.invalidate();
    else if (message.kind === 'master-keys') {
      clients.invalidate();
      keys.invalidate();
    } else if (message.kind === 'tokens') for (const jti of message.jtis) sessionStates.invalidateToken(jti);
    else if (message.kind === 'all-sessions') {
      sessionStates.invalidateAll();
      forgetSignedIn();
    }
    for (const id of sessionIds) {
      sessionStates.invalidate(id);
      forgetSignedIn(id);
    }
  });
  hub.revocations.onResync(() => {
    clients.invalidate();
    registeredResources.invalidate();
    caches.clientJwks.clear();
    sessionStates.invalidateAll();
    forgetSignedIn();
    keys.invalidate();
  });
  return caches;
}
