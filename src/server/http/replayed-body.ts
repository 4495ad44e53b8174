import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyInstance } from 'fastify';

const REPLAYED = Symbol('replayed body');
type Replayable = IncomingMessage & { [REPLAYED]?: Buffer };

/**
 * Hands a request whose body a fast path before routing has already read
 * (oauth/endpoints/introspect-fast-path.ts) to Fastify with that body: the stream is spent, so
 * `registerReplayedBody`'s preParsing hook gives Fastify the same bytes from memory.
 */
export function withReplayedBody(req: IncomingMessage, body: Buffer): IncomingMessage {
  (req as Replayable)[REPLAYED] = body;
  return req;
}

/**
 * Whether a fast path read this request's body before handing it over: it arrived before any
 * drain began refusing (a refusing hub takes no fast path), so it is in flight, not new.
 */
export function hasReplayedBody(req: IncomingMessage): boolean {
  return (req as Replayable)[REPLAYED] !== undefined;
}

export function registerReplayedBody(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = (request.raw as Replayable)[REPLAYED];
    if (!body) return payload;
    const replay = new PassThrough();
    replay.end(body);
    return replay;
  });
}
