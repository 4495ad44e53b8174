import SCIMMY from 'scimmy';
import { ScimError } from './errors';

/**
 * The one place the hub touches scimmy (npm `scimmy`, MIT, maintained, Node ≥ 16): its User
 * schema with the enterprise extension, Group schema, filter parser (SCIMMY.Types.Filter) and its
 * RFC 7644 §3.5.2 PatchOp. The hub uses the library's schemas and messages only, not its global
 * resource registry, since every organization has its own base URL.
 */
function hasEnterpriseExtension(): boolean {
  try {
    return Boolean(SCIMMY.Schemas.User.definition.attribute(SCIMMY.Schemas.EnterpriseUser.id));
  } catch {
    return false;
  }
}
// The library's documented call (its typings ask for an instance; it takes the schema class).
if (!hasEnterpriseExtension()) SCIMMY.Schemas.User.extend(SCIMMY.Schemas.EnterpriseUser as never, false);

export const USER_SCHEMA = SCIMMY.Schemas.User.id;
export const GROUP_SCHEMA = SCIMMY.Schemas.Group.id;
export const ENTERPRISE_SCHEMA = SCIMMY.Schemas.EnterpriseUser.id;
const LIST_RESPONSE_SCHEMA = SCIMMY.Messages.ListResponse.id;

export type ScimFilter = InstanceType<typeof SCIMMY.Types.Filter>;
export type Json = Record<string, unknown>;

/** scimmy's errors (its SCIMError, and the TypeErrors its coercion throws) as the hub's ScimError. */
export function asScimError(e: unknown): unknown {
  if (e instanceof SCIMMY.Types.Error) return new ScimError(e.status, e.scimType as never, e.message);
  if (e instanceof TypeError) return new ScimError(400, 'invalidValue', e.message);
  return e;
}

function wrap<T>(fn: () => T): T {
  try {
    return fn();
  } catch (e) {
    throw asScimError(e);
  }
}

/** RFC 7644 §3.4.2: one page of resources, `totalResults` counting every match. */
export function listResponse(resources: Json[], totalResults: number, startIndex: number): Json {
  return {
    schemas: [LIST_RESPONSE_SCHEMA],
    totalResults,
    startIndex,
    itemsPerPage: resources.length,
    Resources: resources,
  };
}

/** Parses a `filter` query parameter (400 invalidFilter when it is not one). */
export function parseFilter(expression: string): ScimFilter {
  return wrap(() => new SCIMMY.Types.Filter(expression));
}

/** `attributes` / `excludedAttributes` as scimmy's resources read them: a presence filter. */
export function projectionOf(params: { attributes?: string; excludedAttributes?: string }): ScimFilter | undefined {
  const list = (s: string) =>
    s
      .split(',')
      .map((a) => a.trim())
      .filter(Boolean);
  if (params.attributes)
    return parseFilter(
      list(params.attributes)
        .map((a) => `${a} pr`)
        .join(' and '),
    );
  if (params.excludedAttributes)
    return parseFilter(
      list(params.excludedAttributes)
        .map((a) => `${a} np`)
        .join(' and '),
    );
  return undefined;
}

function plain(value: object): Json {
  return JSON.parse(JSON.stringify(value)) as Json;
}

/** A User body as the schema reads it (types checked, unknown attributes dropped). */
export function readUser(body: Json): Json {
  return wrap(() => plain(new SCIMMY.Schemas.User(body, 'in')));
}

/** A User as answered, with only the attributes asked for (schemas and id always). */
export function writeUser(resource: Json, projection?: ScimFilter): Json {
  const out = wrap(() => plain(new SCIMMY.Schemas.User(resource, 'out', undefined, projection)));
  return { schemas: resource.schemas, id: resource.id, ...out };
}

export function writeGroup(resource: Json, projection?: ScimFilter): Json {
  const out = wrap(() => plain(new SCIMMY.Schemas.Group(resource, 'out', undefined, projection)));
  return { schemas: [GROUP_SCHEMA], id: resource.id, ...out };
}

/** Applies a PatchOp message to a resource: scimmy's implementation of RFC 7644 §3.5.2. */
async function applyPatch(
  schema: typeof SCIMMY.Schemas.User | typeof SCIMMY.Schemas.Group,
  current: Json,
  message: Json,
) {
  try {
    const patch = new SCIMMY.Messages.PatchOp(message as never);
    // scimmy answers undefined when the operations change nothing.
    const changed = await patch.apply(new schema(current, 'in'));
    return changed ? plain(changed) : current;
  } catch (e) {
    throw asScimError(e);
  }
}

export const patchUser = (current: Json, message: Json): Promise<Json> =>
  applyPatch(SCIMMY.Schemas.User, current, message);
export const patchGroup = (current: Json, message: Json): Promise<Json> =>
  applyPatch(SCIMMY.Schemas.Group, current, message);

/** Whether a parsed resource matches a filter (Groups: a handful of roles, matched in memory). */
export function matches(filter: ScimFilter, resource: Json): boolean {
  return filter.match([resource]).length > 0;
}

/** The Schemas endpoint's documents (RFC 7643 §7), from the library's definitions. */
export function schemaDocuments(base: string): Json[] {
  return [SCIMMY.Schemas.User, SCIMMY.Schemas.EnterpriseUser, SCIMMY.Schemas.Group].map((s) =>
    plain(s.definition.describe(`${base}/Schemas`)),
  );
}
