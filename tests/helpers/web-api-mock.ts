import { vi } from 'vitest';

/**
 * The hub as the web tests see it: a table of routes (method and path) and their JSON answers,
 * standing in for `fetch`, the one door of src/web/lib/api.ts. It records every request, and a
 * request the table does not answer is a failure of the test (web-setup.ts checks after each
 * one): a screen that starts calling a new route shows up here, not as a silent 404.
 */

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** `'METHOD /path'` answers that path with any query; `'METHOD /path?query'` only that exact URL (checked first). */
export type RouteKey = `${Method} /${string}`;

/** One answer: a status and a JSON body, with extra headers (e.g. retry-after) if any. */
export interface Reply {
  status: number;
  body: unknown;
  headers?: Record<string, string>;
}

/** A request the app sent: its method, its URL as given to fetch, its JSON body (undefined: none). */
export interface ApiCall {
  method: string;
  url: string;
  body: unknown;
}

/**
 * What a route answers: one reply, every time; a list, one reply per request in order (a request
 * after the last is unexpected); or a function of the request (undefined: unexpected).
 */
export type Answer = Reply | Reply[] | ((call: ApiCall) => Reply | undefined);

export type Routes = Partial<Record<RouteKey, Answer>>;

export interface WebApiMock {
  /** Every request, in order. */
  calls: ApiCall[];
  /** The requests no route answered (each was answered 501 `unexpected_request`). */
  unexpected: ApiCall[];
}

export const reply = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});
export const ok = (body: unknown): Reply => reply(200, body);
/** The hub's error shape (DESIGN §5): `{ error: { code, message, ...extra } }`. */
export const refusal = (status: number, code: string, message: string, extra: Record<string, unknown> = {}): Reply =>
  reply(status, { error: { code, message, ...extra } });

/** The mocks of the running test (a test may replace its mock midway). */
const mocksOfTest: WebApiMock[] = [];

/** Replaces `fetch` with the routes given, for the rest of the test. */
export function mockWebApi(routes: Routes = {}): WebApiMock {
  const queues = new Map<string, Answer>(
    Object.entries(routes).map(([key, answer]) => [key, Array.isArray(answer) ? [...answer] : answer!]),
  );
  // The exact URL first, then its path alone.
  const routeOf = (call: ApiCall) =>
    [`${call.method} ${call.url}`, `${call.method} ${call.url.split('?')[0]}`].find((key) => queues.has(key));
  const mock: WebApiMock = { calls: [], unexpected: [] };
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
      const call = {
        method: init?.method ?? 'GET',
        url,
        body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
      };
      mock.calls.push(call);
      const answer = answerOf(queues.get(routeOf(call) ?? ''), call);
      if (answer) return toResponse(answer);
      mock.unexpected.push(call);
      return toResponse(
        refusal(501, 'unexpected_request', `The test's web API mock has no route for ${call.method} ${url}.`),
      );
    }),
  );
  mocksOfTest.push(mock);
  return mock;
}

function answerOf(answer: Answer | undefined, call: ApiCall): Reply | undefined {
  if (typeof answer === 'function') return answer(call);
  if (Array.isArray(answer)) return answer.shift();
  return answer;
}

function toResponse({ status, body, headers }: Reply): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json', ...headers } });
}

/** Fails the test that just ran if its app sent a request the mock had no route for (web-setup.ts, after each test). */
export function expectNoUnexpectedRequests(): void {
  const unexpected = mocksOfTest.splice(0).flatMap((mock) => mock.unexpected);
  if (unexpected.length > 0) {
    const list = unexpected.map((c) => `${c.method} ${c.url}`).join(', ');
    throw new Error(`the app sent requests the test's web API mock has no route for: ${list}`);
  }
}
