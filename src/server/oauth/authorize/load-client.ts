import { loadClient } from '../clients/service';
import { AuthorizePageError } from '../errors';
import { isMetadataDocumentClientId, resolveMetadataDocumentClient } from '../registration/metadata-document';
import type { AuthorizeContext } from './context';

/**
 * Step 1: the client must exist and be active. Nothing can be redirected before this and step 2.
 * A client_id that is a URL is a client ID metadata document, when the policy allows them (issue 40).
 */
export async function loadAuthorizeClient(ctx: AuthorizeContext): Promise<void> {
  const clientId = ctx.params.client_id;
  if (!clientId) throw new AuthorizePageError('invalid_request', 'The request has no client_id.');
  const client = isMetadataDocumentClientId(ctx.hub, clientId)
    ? await resolveMetadataDocumentClient(ctx.hub, clientId)
    : await loadClient(ctx.hub, clientId);
  if (!client) throw new AuthorizePageError('invalid_client', 'No application is registered with this client_id.');
  if (!client.isActive) throw new AuthorizePageError('invalid_client', 'This application is not active.');
  ctx.client = client;
}
