import type { ValidationIssue } from '@shared/api/errors';
import { activeIntl } from '@/i18n/active-intl';

/**
 * The one place the browser talks to the hub's JSON API. Every request carries the CSRF
 * header the server requires and the caller's AbortSignal (TanStack Query cancels a query it
 * no longer needs); every failure arrives as an ApiError with the server's code and message
 * (DESIGN §5 error shape), a network failure as code `network_error`. Components never call
 * fetch: data/<domain>/ does.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    /** Everything else the server put in the error object (e.g. attempts_remaining). */
    readonly details: Record<string, unknown> = {},
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** The issues of a 400 that failed the request schema, or the one field a service named (lib/form-errors.ts words them). */
export function issuesOf(error: ApiError): ValidationIssue[] {
  const { issues, field } = error.details;
  if (Array.isArray(issues)) return issues as ValidationIssue[];
  return typeof field === 'string' ? [{ field, code: 'refused', message: error.message }] : [];
}

/** A refusal a form shows beside its fields (so no toast says it again: data/query-client.ts). */
export function isFieldRefusal(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500 && issuesOf(error).length > 0;
}

const CSRF_HEADER = 'x-hub-csrf';

/**
 * What the app does when the server refuses for a reason the user can fix on the spot: asked
 * to re-authenticate (step-up) it opens a dialog and, once the user has, the request is sent
 * again; asked to enrol a second factor it takes them to enrolment. A handler answers whether
 * the request should be retried (once). The signed-in shell registers them.
 */
export type RefusalHandler = (error: ApiError) => Promise<boolean> | boolean;
const refusalHandlers = new Map<string, RefusalHandler>();

export function handleRefusal(code: string, handler: RefusalHandler): () => void {
  refusalHandlers.set(code, handler);
  return () => {
    if (refusalHandlers.get(code) === handler) refusalHandlers.delete(code);
  };
}

type ApiInit = RequestInit & { json?: unknown; isRetry?: boolean };

export async function apiFetch<T>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, headers, isRetry, ...rest } = init;
  let response: Response;
  try {
    response = await fetch(path, {
      credentials: 'same-origin',
      ...rest,
      headers: {
        accept: 'application/json',
        [CSRF_HEADER]: '1',
        // The server writes the messages a person reads in the page's language (issue 39).
        'accept-language': activeIntl().locale,
        ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      body: json !== undefined ? JSON.stringify(json) : rest.body,
    });
  } catch (error) {
    // A cancelled request stays an AbortError, which TanStack Query recognises and ignores.
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError(0, 'network_error', 'The hub could not be reached.');
  }
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    const retry = response.headers.get('retry-after');
    const { code = 'http_error', message = `Request failed (${response.status})`, ...details } = err ?? {};
    const error = new ApiError(response.status, code, message, details, retry ? Number(retry) : undefined);
    const handler = refusalHandlers.get(code);
    if (handler && !isRetry && (await handler(error))) return apiFetch<T>(path, { ...init, isRetry: true });
    throw error;
  }
  return body as T;
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

type Signal = AbortSignal | undefined;

export const api = {
  get: <T>(path: string, signal?: Signal) => apiFetch<T>(path, { signal }),
  post: <T>(path: string, json?: unknown, signal?: Signal) =>
    apiFetch<T>(path, { method: 'POST', json: json ?? {}, signal }),
  put: <T>(path: string, json?: unknown, signal?: Signal) =>
    apiFetch<T>(path, { method: 'PUT', json: json ?? {}, signal }),
  patch: <T>(path: string, json?: unknown, signal?: Signal) =>
    apiFetch<T>(path, { method: 'PATCH', json: json ?? {}, signal }),
  delete: <T>(path: string, signal?: Signal) => apiFetch<T>(path, { method: 'DELETE', signal }),
};

/** 4xx answers are final; outages (network, 5xx) are worth another try. */
export function isRetryable(error: unknown): boolean {
  return !(error instanceof ApiError && error.status >= 400 && error.status < 500);
}
