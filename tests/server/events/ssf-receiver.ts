import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRemoteJWKSet, decodeProtectedHeader, jwtVerify, type JWTPayload } from 'jose';
import { z } from 'zod';

/**
 * An OpenID Shared Signals receiver on 127.0.0.1, as a sister platform writes one (issue 30):
 * it reads the transmitter's /.well-known/ssf-configuration over HTTP, fetches the JWKS it names,
 * and validates every pushed SET (RFC 8935) before it answers 202: the media type, the
 * Authorization header it gave the stream, `typ: secevent+jwt`, the signature, `iss`, `aud`, a
 * `jti` it has not accepted before, exactly one event whose members match its CAEP/RISC/SSF
 * schema, and an RFC 9493 `sub_id`. Anything else is answered 400 `{err, description}`.
 */

const CAEP = 'https://schemas.openid.net/secevent/caep/event-type/';
const RISC = 'https://schemas.openid.net/secevent/risc/event-type/';
const SSF = 'https://schemas.openid.net/secevent/ssf/event-type/';

const initiating = z.enum(['admin', 'user', 'policy', 'system']).optional();
const timestamp = z.number().int().positive();
const text = z.record(z.string(), z.string());

/** The members each event type may carry (CAEP 1.0 §3, RISC 1.0 §2, SSF 1.0 §8.1.4.1). */
const EVENT_SCHEMAS: Record<string, z.ZodType> = {
  [`${CAEP}session-revoked`]: z
    .object({ event_timestamp: timestamp, initiating_entity: initiating, reason_admin: text.optional() })
    .strict(),
  [`${CAEP}credential-change`]: z
    .object({
      event_timestamp: timestamp,
      credential_type: z.enum(['password', 'pin', 'x509', 'fido2-platform', 'fido2-roaming', 'fido-u2f', 'app']),
      change_type: z.enum(['create', 'revoke', 'update', 'delete']),
      initiating_entity: initiating,
    })
    .strict(),
  [`${CAEP}token-claims-change`]: z
    .object({ event_timestamp: timestamp, claims: z.record(z.string(), z.unknown()), initiating_entity: initiating })
    .strict(),
  [`${CAEP}assurance-level-change`]: z
    .object({
      event_timestamp: timestamp,
      namespace: z.string(),
      current_level: z.string(),
      previous_level: z.string().optional(),
      change_direction: z.enum(['increase', 'decrease']).optional(),
      initiating_entity: initiating,
    })
    .strict(),
  [`${RISC}account-disabled`]: z
    .object({
      event_timestamp: timestamp,
      reason: z.enum(['hijacking', 'bulk-account']).optional(),
      initiating_entity: initiating,
    })
    .strict(),
  [`${RISC}account-enabled`]: z.object({ event_timestamp: timestamp }).strict(),
  [`${RISC}account-purged`]: z.object({ event_timestamp: timestamp }).strict(),
  [`${RISC}credential-compromise`]: z
    .object({ event_timestamp: timestamp, credential_type: z.string(), reason_admin: text.optional() })
    .strict(),
  [`${SSF}verification`]: z.object({ state: z.string().optional() }).strict(),
};

const subIdSchema = z.union([
  z.object({ format: z.literal('iss_sub'), iss: z.string(), sub: z.string() }).strict(),
  z.object({ format: z.literal('email'), email: z.string() }).strict(),
  z.object({ format: z.literal('opaque'), id: z.string() }).strict(),
]);

/** A SET the receiver accepted. */
export interface AcceptedSet {
  claims: JWTPayload;
  type: string;
  event: Record<string, unknown>;
  subId: z.infer<typeof subIdSchema>;
}

export interface SsfReceiver {
  url: string;
  accepted: AcceptedSet[];
  /** What it refused, and why (the `err` it answered). */
  refused: { err: string; description: string }[];
  /** jtis presented again after being accepted (answered 202, not accepted twice). */
  duplicates: string[];
  /** Statuses to answer the next requests with instead of validating (shifted per request). */
  answers: number[];
  /** The Authorization header it expects (the one it gave the stream); '': none at all; null: not checked. */
  authorization: string | null;
  /** The audience its SETs must carry (its client_id, learnt when the stream is created). */
  audience: string;
  close(): Promise<void>;
}

export async function startSsfReceiver(transmitter: string, now: () => Date): Promise<SsfReceiver> {
  const configuration = (await (await fetch(`${transmitter}/.well-known/ssf-configuration`)).json()) as {
    issuer: string;
    jwks_uri: string;
  };
  const jwks = createRemoteJWKSet(new URL(configuration.jwks_uri));
  const seen = new Set<string>();
  const state = {
    accepted: [] as AcceptedSet[],
    refused: [] as { err: string; description: string }[],
    duplicates: [] as string[],
    answers: [] as number[],
    authorization: null as string | null,
    audience: '',
  };

  async function validate(req: http.IncomingMessage, body: string): Promise<AcceptedSet | 'duplicate'> {
    const fail = (err: string, description: string) => Object.assign(new Error(description), { err });
    if (req.headers['content-type'] !== 'application/secevent+jwt') throw fail('invalid_request', 'media type');
    if (state.authorization !== null && (req.headers.authorization ?? '') !== state.authorization)
      throw fail('authentication_failed', 'authorization header');
    if (decodeProtectedHeader(body).typ !== 'secevent+jwt') throw fail('invalid_request', 'typ');
    let claims: JWTPayload;
    try {
      ({ payload: claims } = await jwtVerify(body, jwks, {
        issuer: configuration.issuer,
        audience: state.audience,
        algorithms: ['ES256', 'RS256'],
        currentDate: now(),
      }));
    } catch (e) {
      throw fail('invalid_key', (e as Error).message);
    }
    if (typeof claims.jti !== 'string' || typeof claims.iat !== 'number') throw fail('invalid_request', 'jti/iat');
    if ('sub' in claims || 'exp' in claims)
      throw fail('invalid_request', 'a SET carries no sub or exp (RFC 8417 §2.2)');
    if (seen.has(claims.jti)) return 'duplicate';
    const events = claims.events as Record<string, Record<string, unknown>> | undefined;
    const types = Object.keys(events ?? {});
    if (!events || types.length !== 1) throw fail('invalid_request', 'exactly one event');
    const schema = EVENT_SCHEMAS[types[0]];
    if (!schema) throw fail('invalid_request', `unknown event ${types[0]}`);
    const event = schema.safeParse(events[types[0]]);
    if (!event.success) throw fail('invalid_request', `event schema: ${event.error.message}`);
    const subId = subIdSchema.safeParse(claims.sub_id);
    if (!subId.success) throw fail('invalid_request', 'sub_id');
    seen.add(claims.jti);
    return { claims, type: types[0], event: events[types[0]], subId: subId.data };
  }

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const answer = (status: number, body?: object) => {
        res.writeHead(status, body ? { 'content-type': 'application/json' } : {});
        res.end(body ? JSON.stringify(body) : undefined);
      };
      const forced = state.answers.shift();
      if (forced !== undefined) return answer(forced);
      validate(req, Buffer.concat(chunks).toString('utf8')).then(
        (result) => {
          if (result === 'duplicate') state.duplicates.push('jti');
          else state.accepted.push(result);
          answer(202);
        },
        (e: Error & { err?: string }) => {
          const refusal = { err: e.err ?? 'invalid_request', description: e.message };
          state.refused.push(refusal);
          answer(400, refusal);
        },
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return Object.assign(state, {
    url: `http://127.0.0.1:${port}/events`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  });
}
