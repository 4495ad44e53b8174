import { randomBytes } from 'node:crypto';

/** One signed-in browser of this app. */
export interface LocalSession {
  id: string;
  /** How the user arrived: an OpenID Connect sign-in, or the hub's cross-platform hand-off. */
  via: 'oidc' | 'handoff';
  sub: string;
  /** The hub session (ID token `sid`) this one hangs off: a back-channel logout names it. */
  sid?: string;
  idToken?: string;
  idTokenClaims?: Record<string, unknown>;
  userinfo?: Record<string, unknown>;
  /** What the hub said about a hand-off session token (RFC 7662 introspection). */
  introspection?: Record<string, unknown>;
  accessToken?: string;
  refreshToken?: string;
  /** When the current access token expires (ms since the epoch). */
  accessTokenExpiresAt?: number;
  refreshCount: number;
  expiresAt: number;
}

/** A sign-in under way: what the callback must find again (state, nonce, PKCE verifier). */
export interface PendingLogin {
  state: string;
  nonce: string;
  codeVerifier: string;
  expiresAt: number;
}

const SESSION_TTL_MS = 8 * 3_600_000;
const PENDING_TTL_MS = 10 * 60_000;

/**
 * Sessions in this process's memory: enough for an example and a single instance. A real
 * deployment with more than one instance (or restarts that must keep users signed in) keeps them
 * in its shared store (Redis, its database) — the back-channel logout may reach any instance.
 */
export class SessionStore {
  private sessions = new Map<string, LocalSession>();
  private pending = new Map<string, PendingLogin>();

  constructor(private now: () => number = Date.now) {}

  createSession(data: Omit<LocalSession, 'id' | 'expiresAt' | 'refreshCount'>): LocalSession {
    this.prune();
    const session: LocalSession = {
      ...data,
      id: randomId(),
      refreshCount: 0,
      expiresAt: this.now() + SESSION_TTL_MS,
    };
    this.sessions.set(session.id, session);
    return session;
  }

  getSession(id: string | undefined): LocalSession | undefined {
    const session = id ? this.sessions.get(id) : undefined;
    if (!session || session.expiresAt <= this.now()) return undefined;
    return session;
  }

  deleteSession(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }

  /** Back-Channel Logout §2.7: end every session of that hub session (`sid`), or of the user (`sub` only). */
  endByHubSession(by: { sid?: string; sub?: string }): number {
    let ended = 0;
    for (const [id, s] of this.sessions) {
      const matches = by.sid ? s.sid === by.sid : !!by.sub && s.sub === by.sub;
      if (matches) {
        this.sessions.delete(id);
        ended += 1;
      }
    }
    return ended;
  }

  createPending(data: Omit<PendingLogin, 'expiresAt'>): string {
    this.prune();
    const id = randomId();
    this.pending.set(id, { ...data, expiresAt: this.now() + PENDING_TTL_MS });
    return id;
  }

  /** A pending sign-in is used once: taking it removes it. */
  takePending(id: string | undefined): PendingLogin | undefined {
    if (!id) return undefined;
    const login = this.pending.get(id);
    this.pending.delete(id);
    return login && login.expiresAt > this.now() ? login : undefined;
  }

  private prune() {
    const now = this.now();
    for (const [id, s] of this.sessions) if (s.expiresAt <= now) this.sessions.delete(id);
    for (const [id, p] of this.pending) if (p.expiresAt <= now) this.pending.delete(id);
  }
}

function randomId(): string {
  return randomBytes(32).toString('base64url');
}
