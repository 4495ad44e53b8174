/**
 * The one place the browser talks to the hub's JSON API. Every request carries the CSRF
 * header the server requires; every error arrives as an ApiError with the server's code
 * and message (DESIGN §5 error shape). Components never call fetch: data/<domain>/ does.
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

export const CSRF_HEADER = 'x-hub-csrf';

export async function apiFetch<T>(path: string, init: RequestInit & { json?: unknown } = {}): Promise<T> {
  const { json, headers, ...rest } = init;
  const response = await fetch(path, {
    credentials: 'same-origin',
    ...rest,
    headers: {
      accept: 'application/json',
      [CSRF_HEADER]: '1',
      ...(json !== undefined ? { 'content-type': 'application/json' } : {}),
      ...headers,
    },
    body: json !== undefined ? JSON.stringify(json) : rest.body,
  });
  const text = await response.text();
  const body = text ? safeJson(text) : undefined;
  if (!response.ok) {
    const err = (body as { error?: { code?: string; message?: string } } | undefined)?.error;
    const retry = response.headers.get('retry-after');
    const { code = 'http_error', message = `Request failed (${response.status})`, ...details } = err ?? {};
    throw new ApiError(response.status, code, message, details, retry ? Number(retry) : undefined);
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

export const api = {
  get: <T>(path: string) => apiFetch<T>(path),
  post: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'POST', json: json ?? {} }),
  put: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PUT', json: json ?? {} }),
  patch: <T>(path: string, json?: unknown) => apiFetch<T>(path, { method: 'PATCH', json: json ?? {} }),
  delete: <T>(path: string) => apiFetch<T>(path, { method: 'DELETE' }),
};
