import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Hub } from '../../hub';
import { basicClientNow } from '../client-auth';
import { introspectFromCaches } from './introspect';
import type { FastPathObserver } from './well-known';
import { noStoreJsonHeaders, readBody, readPlainForm, sendJson, takesFastPath } from './fast-path-request';

const INTROSPECT_PATH = '/oauth/introspect';
const FIELDS = new Set(['token', 'token_type_hint']);

/**
 * The fast path in front of the router for the introspection of an access token this node holds:
 * a request of fast-path-request.ts's kind with a form of `token` (and `token_type_hint`) only,
 * the client authenticated by client_secret_basic from the client cache, the token's claims and
 * its session in the caches — then the answer is `introspectFromCaches`'s, with the headers the
 * route sends (tests/server/oauth/introspect-fast-path.test.ts compares them), a request id, an
 * access-log line and the metrics. Anything else — another client authentication, a refusal, a
 * token whose state must be read — goes to the router with the body as it came (`route`), where
 * every error is answered and audited as before. Returns false when it did not take the request at all.
 */
export function createIntrospectFastPath(
  hub: Hub,
  requestId: (req: IncomingMessage) => string,
  observe: FastPathObserver,
  route: (req: IncomingMessage, res: ServerResponse, body: Buffer) => void,
) {
  const common = noStoreJsonHeaders(hub);
  /** The answer from the caches, or undefined for the route to give. */
  const answerOf = (req: IncomingMessage, body: Buffer): Record<string, unknown> | undefined => {
    const form = readPlainForm(body, FIELDS);
    const client = form && basicClientNow(hub, req.headers.authorization);
    return form?.token && client ? introspectFromCaches(hub, client, form.token) : undefined;
  };
  return (req: IncomingMessage, res: ServerResponse): boolean => {
    if (!takesFastPath(hub, req, INTROSPECT_PATH)) return false;
    const startedAt = performance.now();
    readBody(req, res, (body, whole) => {
      let found: Record<string, unknown> | undefined;
      try {
        found = whole ? answerOf(req, body) : undefined;
      } catch {
        found = undefined; // whatever went wrong, the route answers it as it always would
      }
      // Fastify reads the same bytes again and decides as it always does (a wrong length too).
      if (!found) return route(req, res, body);
      const id = requestId(req);
      sendJson(hub, res, common, id, found);
      observe(req, INTROSPECT_PATH, 200, id, startedAt);
    });
    return true;
  };
}
