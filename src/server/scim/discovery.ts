import { ENTERPRISE_SCHEMA, GROUP_SCHEMA, USER_SCHEMA, schemaDocuments, type Json } from './scimmy';
import { MAX_COUNT } from './users-service';

/** RFC 7643 §5–7: what the service provider supports, its resource types, and their schemas. */

export function serviceProviderConfig(base: string): Json {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    documentationUri: 'https://datatracker.ietf.org/doc/html/rfc7644',
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: MAX_COUNT },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: true },
    authenticationSchemes: [
      {
        type: 'oauthbearertoken',
        name: 'Organization SCIM token',
        description: 'A bearer token created on the organization page (POST /api/orgs/:id/scim-tokens).',
        primary: true,
      },
    ],
    meta: { resourceType: 'ServiceProviderConfig', location: `${base}/ServiceProviderConfig` },
  };
}

export function resourceTypes(base: string): Json[] {
  const type = (id: string, endpoint: string, schema: string, extensions: Json[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id,
    name: id,
    endpoint,
    schema,
    schemaExtensions: extensions,
    meta: { resourceType: 'ResourceType', location: `${base}/ResourceTypes/${id}` },
  });
  return [
    type('User', '/Users', USER_SCHEMA, [{ schema: ENTERPRISE_SCHEMA, required: false }]),
    type('Group', '/Groups', GROUP_SCHEMA, []),
  ];
}

export function schemas(base: string): Json[] {
  return schemaDocuments(base);
}
