import type { FastifyInstance, HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { CSRF_HEADER } from '../../src/server/plugins/csrf';

/** Headers every state-changing API call from the SPA carries. */
export const CSRF = { [CSRF_HEADER]: '1' } as const;

/** How a test sends one request; every field is optional and they combine. */
export interface RequestOptions {
  /** A JSON body (an object) or a raw one (a string, sent as given). */
  body?: InjectOptions['payload'];
  /** Form fields, sent as application/x-www-form-urlencoded (the OAuth endpoints' body). */
  form?: Record<string, string>;
  /** The Cookie header: `name=value` pairs, as sessionCookieFor and cookieFrom give them. */
  cookie?: string;
  /** Send the header every state-changing call from the SPA carries. */
  csrf?: boolean;
  /** Headers of this request; they win over the ones the other options add. */
  headers?: Record<string, string>;
  /** The client's address (rate limits key on it). */
  remoteAddress?: string;
}

type Send = (url: string, options?: RequestOptions) => Promise<LightMyRequestResponse>;

/** The one way server tests talk to the app: `inject`, never a port. */
export interface TestClient {
  request(method: HTTPMethods, url: string, options?: RequestOptions): Promise<LightMyRequestResponse>;
  get: Send;
  post: Send;
  put: Send;
  patch: Send;
  delete: Send;
  /** The hub's own pages in a browser holding `cookie` (none: signed out): cookie and CSRF header on every request. */
  asBrowser(cookie?: string): TestClient;
}

export function createTestClient(app: FastifyInstance, defaults: RequestOptions = {}): TestClient {
  const request = (method: HTTPMethods, url: string, options: RequestOptions = {}) => {
    const { body, form, cookie, csrf, headers, remoteAddress } = mergeOptions(defaults, options);
    return app.inject({
      method,
      url,
      headers: {
        ...(csrf ? CSRF : {}),
        ...(form ? { 'content-type': 'application/x-www-form-urlencoded' } : {}),
        ...(cookie ? { cookie } : {}),
        ...headers,
      },
      ...(form ? { payload: new URLSearchParams(form).toString() } : body === undefined ? {} : { payload: body }),
      ...(remoteAddress ? { remoteAddress } : {}),
    });
  };
  return {
    request,
    get: (url, options) => request('GET', url, options),
    post: (url, options) => request('POST', url, options),
    put: (url, options) => request('PUT', url, options),
    patch: (url, options) => request('PATCH', url, options),
    delete: (url, options) => request('DELETE', url, options),
    asBrowser: (cookie) => createTestClient(app, mergeOptions(defaults, { cookie, csrf: true })),
  };
}

function mergeOptions(base: RequestOptions, over: RequestOptions): RequestOptions {
  return { ...base, ...over, headers: { ...base.headers, ...over.headers } };
}
