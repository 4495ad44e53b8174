import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { basicClientNow } from '../client-auth';
import {
  exchangeCommitted,
  planExchange,
  type CommitGrant,
  type DPoPBinding,
  type GrantResult,
} from '../grants/authorization-code';
import { grantClientCredentials } from '../grants/client-credentials';
import { oauthRuntime } from '../runtime';
import { checkDPoPProof, requireDPoPFor } from '../dpop';
import { userAgent } from '../../http/request-info';
import { TOKEN_PATH, commitTokenGrant, commitWithProof, primeIssued } from './token';
import {
  callerAddress,
  noStoreJsonHeaders,
  readBody,
  readPlainForm,
  sendJson,
  takesFastPath,
} from './fast-path-request';
import type { FastPathObserver } from './well-known';

/** The proof's target: this endpoint; its jti is recorded with the grant (commitWithProof). */
const DPOP_TARGET = { path: TOKEN_PATH, deferJti: true } as const;

/** The fields of the two grants taken here; a form with any other (client_id, a secret, an assertion) goes to the route. */
const FIELDS = new Set(['grant_type', 'scope', 'resource', 'code', 'redirect_uri', 'code_verifier']);

/**
 * The token endpoint in front of the router (issue 44), as introspection is
 * (introspect-fast-path.ts): a request of fast-path-request.ts's kind — a client_secret_basic
 * client this process holds — for a client_credentials grant (with or without a DPoP proof) or a
 * code exchange (without one)
 * is granted here by the same grant functions and committed by the same record
 * (token.ts `commitTokenGrant`), and answered with the route's headers, a request id, an
 * access-log line and the metrics. Only a grant that commits is answered here: anything else — a
 * refusal of any kind, an error, a code this path cannot consume with the grant's record — has
 * written nothing, and goes to the route with the body as it came, which decides, answers and
 * audits it as it always has. Returns false when it did not take the request at all.
 */
export function createTokenFastPath(
  hub: Hub,
  requestId: (req: IncomingMessage) => string,
  observe: FastPathObserver,
  route: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
) {
  const common = noStoreJsonHeaders(hub);
  const grant = async (req: IncomingMessage, body: Buffer): Promise<GrantResult | undefined> => {
    const form = readPlainForm(body, FIELDS, true);
    const grantType = form?.grant_type;
    if (!form) return undefined;
    if (grantType !== 'client_credentials' && grantType !== 'authorization_code') return undefined;
    const client = basicClientNow(hub, req.headers.authorization);
    if (!client || !client.grantTypes.includes(grantType)) return undefined;
    // A DPoP proof (RFC 9449), checked by the route's own function, on a client_credentials grant
    // (the other grants spend its jti apart from their record): any refusal goes to the route.
    const dpop = req.headers.dpop === undefined ? undefined : await checkDPoPProof(hub, req, DPOP_TARGET);
    if (dpop && grantType !== 'client_credentials') return undefined;
    // A client that must prove a DPoP key sent none: the route refuses it (RFC 9449, fapi).
    requireDPoPFor(client, dpop);
    const mark = oauthRuntime(hub).sessions.mark();
    // The address Fastify's request.ip would give the route (the socket's, or a trusted proxy's X-Forwarded-For).
    const who = { ipAddress: callerAddress(hub, req) ?? null, userAgent: userAgent(req) };
    const commit = commitWithProof(
      (g, writes) => commitTokenGrant(hub, { grantType, client, who }, g, writes),
      () => dpop?.unspentJti,
      () => undefined,
    );
    const result = await grantOf(hub, client, grantType, form, commit, dpop && { jkt: dpop.jkt });
    if (result) primeIssued(hub, result, mark);
    return result;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!takesFastPath(hub, req, TOKEN_PATH, { dpop: true })) return false;
    const startedAt = performance.now();
    readBody(req, res, (body, whole) => {
      const granted = whole ? grant(req, body).catch(() => undefined) : Promise.resolve(undefined);
      void granted.then((result) => {
        // Nothing was written: Fastify reads the same bytes again and decides as it always does.
        if (!result) return route(req, res, body);
        const id = requestId(req);
        sendJson(hub, res, common, id, result.response);
        observe(req, TOKEN_PATH, 200, id, startedAt);
      });
    });
    return true;
  };
}

/** The grant, committed with its record; undefined (nothing written) when it is not this path's to give. */
async function grantOf(
  hub: Hub,
  client: OAuthClient,
  grantType: 'client_credentials' | 'authorization_code',
  form: Record<string, string>,
  commit: CommitGrant,
  /** The DPoP proof's key (client_credentials only, checked by the caller). */
  dpop: DPoPBinding,
): Promise<GrantResult | undefined> {
  if (grantType === 'client_credentials') return grantClientCredentials(hub, client, form, commit, dpop);
  const { code, redirect_uri } = form;
  if (!code || !redirect_uri) return undefined;
  return exchangeCommitted(hub, planExchange(hub, client, { ...form, code, redirect_uri }), commit);
}
