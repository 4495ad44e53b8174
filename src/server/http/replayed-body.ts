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

export function registerReplayedBody(app: FastifyInstance) {
  app.addHook('preParsing', async (request, _reply, payload) => {
    const body = (request.raw as Replayable)[REPLAYED];
    if (!body) return payload;
    const replay = new PassThrough();
    replay.end(body);
    return replay;
  });
}
