import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { clientIp, userAgent } from '../../http/request-info';
import { authenticateClient } from '../client-auth';
import { DEVICE_CODE_GRANT, GRANT_TYPES, TOKEN_EXCHANGE_GRANT } from '../constants';
import { OAuthError, clientRefusal } from '../errors';
import { exchangeAuthorizationCode, type CommitGrant, type GrantResult } from '../grants/authorization-code';
import { grantClientCredentials } from '../grants/client-credentials';
import { exchangeRefreshToken } from '../grants/refresh-token';
import { oauthRuntime } from '../runtime';
import type { CacheMark } from '../token-cache';
import { formBody, noStore } from './form';
import { checkDPoPProof, replayedProof, requireDPoPFor } from '../dpop';
import { acceptJtiOnce, jtiOnceWrite, type UsedJti } from '../jti-once';
import { isWriteNotApplied, hasRequiredWrite, type Write } from '../../db/writes';
import { claimedClientId } from '../private-key-jwt';
import { POLL_ANSWERS, exchangeDeviceCode } from '../device/service';
import { exchangeToken } from '../grants/token-exchange';

export const TOKEN_PATH = '/oauth/token';

/** Who asked for a grant, as its audit record names them. */
export interface TokenCaller {
  ipAddress: string | null;
  userAgent: string | null;
}

/**
 * Commits a grant's `oauth_token_issued` record with its writes: the one home of the record for
 * both entries of the token endpoint (the route, and token-fast-path.ts before routing).
 */
export function commitTokenGrant(
  hub: Hub,
  ctx: { grantType: string; client: OAuthClient; who: TokenCaller },
  g: Parameters<CommitGrant>[0],
  writes: readonly Write[],
): Promise<void> {
  return hub.unitOfWork.commit(
    {
      type: 'oauth_token_issued',
      userId: g.userId,
      sessionId: g.sessionId,
      ...ctx.who,
      // A token no session stands behind is named by its jti (what its revocation names).
      details: {
        grant_type: ctx.grantType,
        client_id: ctx.client.clientId,
        scope: g.scope,
        ...(g.jti ? { jti: g.jti } : {}),
        ...(g.exchanged ? { audience: g.exchanged.audience, act: { ...g.exchanged.act } } : {}),
      },
    },
    writes,
    // A grant's required writes (a proof's jti, a code's consumption) fail only on a replay or
    // a lost race: the grant joins the group commit, and a batch one of them fails commits
    // again in halves, so that only that grant fails (audit/unit-of-work.ts).
    { batchRequired: true },
  );
}

/**
 * A grant's commit with its DPoP proof's jti (RFC 9449 §11.1), when `jti()` still names one, as one
 * more required write of the grant's unit of work: it commits with the grant's rows and record, or
 * the unit fails as a whole and nothing of the grant is written. `spent` is told once it is
 * recorded. The one home of that rule for both entries of the token endpoint.
 */
export function commitWithProof(
  commitGrant: (g: Parameters<CommitGrant>[0], writes: readonly Write[]) => Promise<void>,
  jti: () => UsedJti | undefined,
  spent: () => void,
): CommitGrant {
  return async (g) => {
    const proofJti = jti();
    const writes = g.writes ?? [];
    try {
      await commitGrant(g, proofJti ? [jtiOnceWrite(proofJti), ...writes] : writes);
    } catch (e) {
      // With no other required write in the unit, only the jti can have failed it: a replay.
      // Otherwise the grant decides (a code exchange falls back to a path that calls spendJti).
      if (proofJti && isWriteNotApplied(e) && !hasRequiredWrite(writes)) throw replayedProof({});
      throw e;
    }
    spent();
  };
}

/** Committed and about to be answered: the token's first introspection on this node is a hit. */
export function primeIssued(hub: Hub, result: GrantResult, mark: CacheMark): void {
  const sessions = oauthRuntime(hub).sessions;
  if (result.state) sessions.prime(result.state, mark);
  if (result.jti) sessions.primeToken(result.jti, mark);
}

/** POST /oauth/token: client authentication, then one grant; every grant and refusal is audited. */
export async function handleToken(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  const grantType = body.grant_type;
  const who = { ipAddress: clientIp(request), userAgent: userAgent(request) };
  let clientId: string | undefined = body.client_id ?? claimedClientId(body);
  const sessions = oauthRuntime(hub).sessions;
  // Taken before the grant reads or writes anything: a revocation heard after it keeps the new
  // session out of the cache (the first introspection then reads the row).
  const mark = sessions.mark();
  try {
    if (!grantType) throw new OAuthError('invalid_request', 'grant_type is required.');
    if (!(GRANT_TYPES as readonly string[]).includes(grantType))
      throw new OAuthError('unsupported_grant_type', `Unsupported grant_type: ${grantType}.`);
    const { client } = await authenticateClient(hub, request, body, {
      // Acting for itself or exchanging a person's token needs a client that can keep a secret.
      allowPublic: grantType !== 'client_credentials' && grantType !== TOKEN_EXCHANGE_GRANT,
    });
    clientId = client.clientId;
    if (!client.grantTypes.includes(grantType))
      throw new OAuthError('unauthorized_client', `This client may not use ${grantType}.`);
    // RFC 9449 §5: a proof, when sent (or required for this client), binds the tokens to its key.
    // Its jti is recorded with the grant below: the checks that need no database stay in front.
    const dpop = await checkDPoPProof(hub, request, { path: TOKEN_PATH, deferJti: true });
    requireDPoPFor(client, dpop);
    let unspentJti = dpop?.unspentJti;
    // A grant that commits apart from its audit record (a code another node issued, a refresh)
    // records the jti first, on its own, as before: never a token answered for a replayed proof.
    const spendJti = async () => {
      const jti = unspentJti;
      unspentJti = undefined;
      if (jti && !(await acceptJtiOnce(hub, jti))) throw replayedProof({});
    };
    const binding = dpop && { jkt: dpop.jkt, spendJti };
    const issued = commitWithProof(
      (g, writes) => commitTokenGrant(hub, { grantType, client, who }, g, writes),
      () => unspentJti,
      () => (unspentJti = undefined),
    );
    let result: GrantResult;
    if (grantType === 'authorization_code')
      result = await exchangeAuthorizationCode(hub, client, body, issued, binding);
    else if (grantType === 'refresh_token') {
      await spendJti();
      result = await exchangeRefreshToken(hub, client, body, binding);
    } else if (grantType === DEVICE_CODE_GRANT) {
      await spendJti();
      result = await exchangeDeviceCode(hub, client, body, binding);
    } else if (grantType === TOKEN_EXCHANGE_GRANT) {
      await spendJti();
      result = await exchangeToken(hub, client, body, binding);
    } else result = await grantClientCredentials(hub, client, body, issued, binding);
    if (!result.committed) await issued({ ...result, scope: result.response.scope });
    primeIssued(hub, result, mark);
    return noStore(reply).send(result.response);
  } catch (e) {
    // The error hook (plugins/errors.ts) writes this event and renders the refusal.
    // A device's poll that is told to wait (RFC 8628 §3.5) is news, not a refusal: not audited.
    if (e instanceof OAuthError && !POLL_ANSWERS.has(e.error))
      e.audit ??= clientRefusal(e, { grantType: grantType ?? null, clientId: clientId ?? null });
    throw e;
  }
}
