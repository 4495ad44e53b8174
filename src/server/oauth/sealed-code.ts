import { randomUUID } from 'node:crypto';
import type { Hub } from '../hub';
import { SecretBoxError } from '../crypto/secrets';
import { sha256Hex } from '../crypto/tokens';
import type { ActClaim } from './act';
import type { CodeRow } from './queries';

/** The secret box's context for authorization codes: a code opens as nothing else, and nothing else as a code. */
const CODE_CONTEXT = 'oauth_authorization_code';

/** What a code carries: everything of its row but what only the exchange writes. */
export type CodeGrant = Omit<CodeRow, 'codeHash' | 'consumedAt' | 'issuedSessionId' | 'codeChallengeMethod'>;

/** The sealed form, in short keys (a code travels in a URL). */
interface Sealed {
  i: string;
  c: string;
  u: string;
  b: string | null;
  r: string;
  s: string[];
  p: string | null;
  n: string | null;
  t: number;
  m: string[];
  x: string | null;
  z: number;
  e: number;
  k: string | null;
  a: ActClaim | null;
}

/**
 * Sealed authorization codes (issue 44): the authorize step writes nothing; the code is the
 * secret box's authenticated encryption of what the exchange needs, and only the exchange writes
 * (its row in `oauth_authorization_codes`, the used-code set, keyed by the code's own random id —
 * never by its text, whose encoding a replay could vary). The one place codes are sealed and
 * opened, so that a key rotation of the secret box applies to codes here.
 */
export function sealCode(hub: Hub, g: CodeGrant): string {
  const sealed: Sealed = {
    i: randomUUID(),
    c: g.clientId,
    u: g.userId,
    b: g.browserSessionId,
    r: g.redirectUri,
    s: g.scopes,
    p: g.codeChallenge,
    n: g.nonce,
    t: g.authTime.getTime(),
    m: g.amr,
    x: g.resource,
    z: g.createdAt.getTime(),
    e: g.expiresAt.getTime(),
    k: g.dpopJkt,
    a: g.act,
  };
  return hub.secrets.seal(JSON.stringify(sealed), CODE_CONTEXT);
}

/** The code's row as its exchange would write it (not yet consumed), or undefined for a code the hub did not seal. */
export function openCode(hub: Hub, code: string): CodeRow | undefined {
  let s: Sealed;
  try {
    s = JSON.parse(hub.secrets.open(code, CODE_CONTEXT)) as Sealed;
  } catch (e) {
    if (e instanceof SecretBoxError || e instanceof SyntaxError) return undefined;
    throw e;
  }
  return {
    codeHash: sha256Hex(s.i),
    clientId: s.c,
    userId: s.u,
    browserSessionId: s.b,
    redirectUri: s.r,
    scopes: s.s,
    codeChallenge: s.p,
    codeChallengeMethod: s.p ? 'S256' : null,
    nonce: s.n,
    authTime: new Date(s.t),
    amr: s.m,
    resource: s.x,
    createdAt: new Date(s.z),
    expiresAt: new Date(s.e),
    consumedAt: null,
    issuedSessionId: null,
    dpopJkt: s.k,
    act: s.a,
  };
}
