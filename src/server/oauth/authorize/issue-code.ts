import type { Hub } from '../../hub';
import { randomToken, sha256Hex } from '../../crypto/tokens';
import { AUTH_CODE_TTL_S } from '../constants';
import { insertCode, type CodeRow } from '../queries';
import { rememberCode } from '../code-cache';
import type { AuthorizeContext } from './context';

/** Step 7: a single-use code, valid 60 s, bound to client, redirect URI, PKCE challenge and nonce. */
export async function issueCode(ctx: AuthorizeContext): Promise<string> {
  const code = randomToken();
  const now = ctx.hub.clock();
  const row: CodeRow = {
    codeHash: sha256Hex(code),
    clientId: ctx.client!.clientId,
    userId: ctx.auth!.user.id,
    browserSessionId: ctx.auth!.session.id,
    redirectUri: ctx.redirectUri!,
    scopes: ctx.scopes,
    codeChallenge: ctx.params.code_challenge ?? null,
    codeChallengeMethod: ctx.params.code_challenge ? 'S256' : null,
    nonce: ctx.params.nonce ?? null,
    authTime: ctx.auth!.session.authTime,
    amr: ctx.auth!.session.amr,
    resource: ctx.resource ?? null,
    createdAt: now,
    expiresAt: new Date(now.getTime() + AUTH_CODE_TTL_S * 1000),
    consumedAt: null,
    issuedSessionId: null,
    dpopJkt: ctx.params.dpop_jkt ?? null,
  };
  await storeCode(ctx.hub, row);
  rememberCode(ctx.hub, row);
  return code;
}

/** At most this many codes in one insert. */
const MAX_CODES_PER_INSERT = 64;

interface PendingCode {
  row: CodeRow;
  stored: () => void;
  failed: (e: unknown) => void;
}

interface CodeInserts {
  queue: PendingCode[];
  inFlight: boolean;
}

const insertsOf = new WeakMap<Hub, CodeInserts>();

/**
 * Stores a code before it is answered, sharing the statement with the codes issued while the
 * previous insert was on the wire: a browser alone waits for nothing more, concurrent ones send one
 * insert (one commit) for several codes instead of one each. Every code is still committed before
 * its redirect leaves. A shared insert that fails (a client or user deleted between the checks and
 * the insert) is tried again code by code, so only a request whose own row cannot be stored fails.
 */
function storeCode(hub: Hub, row: CodeRow): Promise<void> {
  let inserts = insertsOf.get(hub);
  if (!inserts) insertsOf.set(hub, (inserts = { queue: [], inFlight: false }));
  const state = inserts;
  return new Promise((stored, failed) => {
    state.queue.push({ row, stored, failed });
    if (!state.inFlight) insertQueued(hub, state);
  });
}

function insertQueued(hub: Hub, state: CodeInserts) {
  const batch = state.queue.splice(0, MAX_CODES_PER_INSERT);
  state.inFlight = true;
  void insertCode(
    hub.db,
    batch.map((p) => p.row),
  )
    .then(
      () => batch.forEach((p) => p.stored()),
      async (e: unknown) => {
        if (batch.length === 1) batch[0].failed(e);
        else await Promise.all(batch.map((p) => insertCode(hub.db, p.row).then(p.stored, p.failed)));
      },
    )
    .finally(() => {
      state.inFlight = false;
      if (state.queue.length) insertQueued(hub, state);
    });
}
