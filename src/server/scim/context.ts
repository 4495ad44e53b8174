import type { FastifyBaseLogger } from 'fastify';
import type { Hub } from '../hub';
import type { AuditActorFields } from '../audit/record';
import type { Mailer } from '../auth/mailer';
import { ScimError } from './errors';
import type { Json } from './scimmy';

/** One SCIM call: the organization, the token acting (the audit actor), where the call came from. */
export interface ScimContext {
  hub: Hub;
  mailer: Mailer;
  log: FastifyBaseLogger;
  orgId: string;
  tokenId: string;
  /** `<public URL>/scim/v2/orgs/<org id>`: meta.location is under it. */
  base: string;
  /** No user acts: the token does, named in every event's details as `scim_token_id`. */
  audit: AuditActorFields;
}

/** meta.version of a row version (a weak ETag: the representation may differ by attributes asked). */
export function etagOf(version: number): string {
  return `W/"${version}"`;
}

/** RFC 7644 §3.14: a PUT, PATCH or DELETE with If-Match applies only to the version it names. */
export function checkIfMatch(ifMatch: string | undefined, version: number): void {
  if (!ifMatch) return;
  const tags = ifMatch.split(',').map((t) => t.trim());
  if (tags.includes('*') || tags.includes(etagOf(version)) || tags.includes(`"${version}"`)) return;
  throw new ScimError(412, null, 'The resource changed since the version If-Match names; read it again.');
}

function asBooleanIfText(value: unknown): unknown {
  return typeof value === 'string' && /^(true|false)$/i.test(value) ? value.toLowerCase() === 'true' : value;
}

/**
 * What real directories send that the schema does not accept as it is, made what they meant:
 * Entra ID's `"active": "False"` (a boolean as a string), in a body, a PATCH value, or a value
 * object without a path. Its capitalised `"op": "Replace"` scimmy reads as it is.
 */
export function normalizeUserBody(body: Json): Json {
  return 'active' in body ? { ...body, active: asBooleanIfText(body.active) } : body;
}

export function normalizePatch(message: Json): Json {
  const ops = Array.isArray(message.Operations) ? (message.Operations as Json[]) : null;
  if (!ops) throw new ScimError(400, 'invalidSyntax', 'A PatchOp message needs Operations.');
  return {
    ...message,
    Operations: ops.map((op) => {
      if (!op || typeof op !== 'object') return op;
      const path = typeof op.path === 'string' ? op.path.toLowerCase() : undefined;
      if (path === 'active') return { ...op, value: asBooleanIfText(op.value) };
      if (path === undefined && op.value && typeof op.value === 'object' && !Array.isArray(op.value))
        return { ...op, value: normalizeUserBody(op.value as Json) };
      return op;
    }),
  };
}
