import type { LightMyRequestResponse } from 'fastify';
import type { TestHub } from '../../helpers/test-hub';

/** A directory's client: every call with its bearer token, bodies as application/scim+json. */
export function directory(t: TestHub, base: string, token: string) {
  const call = (method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE', path: string, body?: unknown, headers = {}) =>
    t.client.request(method, `${base}${path}`, {
      headers: {
        authorization: `Bearer ${token}`,
        ...(body === undefined ? {} : { 'content-type': 'application/scim+json' }),
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
  return {
    get: (path: string, headers?: Record<string, string>) => call('GET', path, undefined, headers),
    post: (path: string, body: unknown) => call('POST', path, body),
    put: (path: string, body: unknown, headers?: Record<string, string>) => call('PUT', path, body, headers),
    patch: (path: string, body: unknown, headers?: Record<string, string>) => call('PATCH', path, body, headers),
    delete: (path: string, headers?: Record<string, string>) => call('DELETE', path, undefined, headers),
  };
}

export const USER = 'urn:ietf:params:scim:schemas:core:2.0:User';
export const ENTERPRISE = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
export const PATCH_OP = 'urn:ietf:params:scim:api:messages:2.0:PatchOp';
export const ERROR = 'urn:ietf:params:scim:api:messages:2.0:Error';

export function patchOp(...Operations: Record<string, unknown>[]) {
  return { schemas: [PATCH_OP], Operations };
}

export function userBody(userName: string, extra: Record<string, unknown> = {}) {
  return {
    schemas: [USER, ENTERPRISE],
    userName,
    externalId: `ext-${userName}`,
    name: { givenName: 'Ada', familyName: 'Lovelace' },
    displayName: 'Ada Lovelace',
    emails: [{ value: userName, type: 'work', primary: true }],
    active: true,
    [ENTERPRISE]: { employeeNumber: '1001', department: 'Talent', manager: { value: 'mgr-1' } },
    ...extra,
  };
}

/** The parsed body (light-my-request parses whatever the content type). */
export function json(res: LightMyRequestResponse) {
  return res.json();
}
