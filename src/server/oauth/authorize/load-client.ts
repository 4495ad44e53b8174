import { loadClient } from '../clients/service';
import { AuthorizePageError } from '../errors';
import type { AuthorizeContext } from './context';

/** Step 1: the client must exist and be active. Nothing can be redirected before this and step 2. */
export async function loadAuthorizeClient(ctx: AuthorizeContext): Promise<void> {
  const clientId = ctx.params.client_id;
  if (!clientId) throw new AuthorizePageError('invalid_request', 'The request has no client_id.');
  const client = await loadClient(ctx.hub, clientId);
  if (!client) throw new AuthorizePageError('invalid_client', 'No application is registered with this client_id.');
  if (!client.isActive) throw new AuthorizePageError('invalid_client', 'This application is not active.');
  ctx.client = client;
}
