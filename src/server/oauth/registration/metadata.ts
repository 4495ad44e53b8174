import type { Hub } from '../../hub';
import type { DcrPolicy } from '../../../shared/api/dcr';
import { discoveryDocument } from '../endpoints/discovery';
import { issuerOf } from '../jwt';

export const AS_METADATA_PATH = '/.well-known/oauth-authorization-server';

/**
 * RFC 8414 authorization-server metadata: the OpenID discovery document (the same issuer,
 * endpoints and capabilities, so the two never disagree) plus what the registration policy
 * offers now: the registration endpoint unless registration is off, and client ID metadata
 * documents when enabled (draft-ietf-oauth-client-id-metadata-document §5).
 */
export function authorizationServerMetadata(hub: Hub, policy: DcrPolicy) {
  return {
    ...discoveryDocument(hub),
    ...(policy.mode === 'off' ? {} : { registration_endpoint: `${issuerOf(hub)}/oauth/register` }),
    ...(policy.client_id_metadata_documents ? { client_id_metadata_document_supported: true } : {}),
  };
}
