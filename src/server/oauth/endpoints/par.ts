import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import type { OAuthClient } from '../../db/schema/index';
import { REQUEST_CHECKS } from '../authorize/authorize';
import { AuthorizeRedirectError, pickAuthorizeParams, type AuthorizeContext } from '../authorize/context';
import { authenticateClient } from '../client-auth';
import { PAR_TTL_S } from '../constants';
import { checkDPoPProof, type DPoPProof } from '../dpop';
import { OAuthError, clientRefusal } from '../errors';
import { paramsFromRequestObject } from '../jar';
import { pushRequest } from '../par';
import { claimedClientId } from '../private-key-jwt';
import { formBody, noStore } from './form';

export const PAR_PATH = '/oauth/par';

/**
 * The authorization request a client pushes, checked by the authorization endpoint's own request
 * checks (authorize/authorize.ts REQUEST_CHECKS): what would be redirected back to the client
 * there is answered here, RFC 6749 §5.2 style (RFC 9126 §2.3).
 */
async function checkPushedParams(
  hub: Hub,
  request: FastifyRequest,
  client: OAuthClient,
  body: Record<string, string>,
  proof: DPoPProof | undefined,
) {
  const params = body.request
    ? await paramsFromRequestObject(hub, client, body.request)
    : { ...pickAuthorizeParams(body), client_id: client.clientId };
  if (proof) {
    if (params.dpop_jkt !== undefined && params.dpop_jkt !== proof.jkt)
      throw new OAuthError('invalid_dpop_proof', 'dpop_jkt differs from the key of the DPoP proof.');
    params.dpop_jkt = proof.jkt;
  }
  const ctx: AuthorizeContext = {
    hub,
    request,
    params,
    query: '',
    responseMode: 'query',
    scopes: [],
    prompt: new Set(),
    client,
  };
  try {
    for (const step of REQUEST_CHECKS) await step(ctx);
  } catch (e) {
    if (e instanceof AuthorizeRedirectError) throw new OAuthError(e.error, e.description, 400);
    throw e;
  }
  return params;
}

/**
 * POST /oauth/par (RFC 9126): an authenticated client pushes its authorization request and gets
 * a request_uri for /oauth/authorize, single use, first usable for 60 s, on any node.
 */
export async function handlePushedRequest(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  let clientId: string | null = body.client_id ?? claimedClientId(body) ?? null;
  try {
    const { client } = await authenticateClient(hub, request, body, { allowPublic: true });
    clientId = client.clientId;
    if (body.request_uri !== undefined)
      throw new OAuthError('invalid_request', 'request_uri cannot be pushed (RFC 9126 §2.1).');
    // RFC 9449 §10.1: a proof sent here binds the code to its key (as dpop_jkt would).
    const proof = await checkDPoPProof(hub, request, { path: PAR_PATH });
    const params = await checkPushedParams(hub, request, client, body, proof);
    const requestUri = await pushRequest(hub, client, params);
    return noStore(reply).code(201).send({ request_uri: requestUri, expires_in: PAR_TTL_S });
  } catch (e) {
    // The error hook (plugins/errors.ts) writes this event and renders the refusal.
    if (e instanceof OAuthError) e.audit ??= clientRefusal(e, { endpoint: 'par', clientId });
    throw e;
  }
}
