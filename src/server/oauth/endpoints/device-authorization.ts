import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Hub } from '../../hub';
import { authenticateClient } from '../client-auth';
import { OAuthError, clientRefusal } from '../errors';
import { claimedClientId } from '../private-key-jwt';
import { startDeviceAuthorization } from '../device/service';
import { formBody, noStore } from './form';

export const DEVICE_AUTHORIZATION_PATH = '/oauth/device_authorization';

/**
 * POST /oauth/device_authorization (RFC 8628 §3.1): a client allowed the device grant (a
 * confidential one authenticated as at the token endpoint, a public one by its client_id) gets a
 * device code, a user code and where the person enters it. Refusals are audited.
 */
export async function handleDeviceAuthorization(hub: Hub, request: FastifyRequest, reply: FastifyReply) {
  const body = formBody(request);
  let clientId: string | null = body.client_id ?? claimedClientId(body) ?? null;
  try {
    const { client } = await authenticateClient(hub, request, body, { allowPublic: true });
    clientId = client.clientId;
    return noStore(reply).send(await startDeviceAuthorization(hub, client, body));
  } catch (e) {
    if (e instanceof OAuthError) e.audit ??= clientRefusal(e, { endpoint: 'device_authorization', clientId });
    throw e;
  }
}
