import { sql, type SQL } from 'drizzle-orm';
import { likeContains, likePrefix, likeSuffix } from '../../db/like';
import { ScimError } from '../errors';

/**
 * A SCIM filter, as scimmy's maintained parser (SCIMMY.Types.Filter) produced it, as SQL over
 * scim_users: the parser's expression is a list of alternatives (or), each an object of
 * attribute → comparison (and), a complex attribute holding its sub-attributes' comparisons
 * (`emails[type eq "work" and value co "x"]` → {emails: {type: […], value: […]}}). Nothing here
 * reads filter text; it only maps the parsed attributes onto columns. An attribute the hub does
 * not filter on answers 400 invalidFilter.
 */
export type ParsedFilter = readonly Record<string, unknown>[];

const ENTERPRISE_URN = 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User';
/** Lower-cased, as attribute paths are compared (RFC 7643 §2.1: attribute names are case-insensitive). */
const ENTERPRISE = `${ENTERPRISE_URN.toLowerCase()}:`;

interface Leaf {
  op: string;
  value: unknown;
  negate: boolean;
}

function leavesOf(cond: unknown): Leaf[] {
  if (!Array.isArray(cond) || cond.length === 0) throw invalid('a comparison');
  if (Array.isArray(cond[0])) return cond.flatMap(leavesOf);
  if (cond[0] === 'not') return [{ op: String(cond[1]).toLowerCase(), value: cond[2], negate: true }];
  return [{ op: String(cond[0]).toLowerCase(), value: cond[1], negate: false }];
}

const invalid = (what: string) => new ScimError(400, 'invalidFilter', `The filter cannot compare ${what}.`);

function not(expr: SQL, negate: boolean): SQL {
  return negate ? sql`not coalesce(${expr}, false)` : expr;
}

function compareText(col: SQL, leaf: Leaf, caseExact: boolean): SQL {
  const { op } = leaf;
  if (op === 'pr') return not(sql`(${col} is not null and ${col} <> '')`, leaf.negate);
  if (leaf.value === null && (op === 'eq' || op === 'ne'))
    return not(op === 'eq' ? sql`${col} is null` : sql`${col} is not null`, leaf.negate);
  if (typeof leaf.value !== 'string' && typeof leaf.value !== 'number') throw invalid(`text with ${op}`);
  const v = String(leaf.value);
  const c = caseExact ? col : sql`lower(${col})`;
  const val = caseExact ? v : v.toLowerCase();
  let expr: SQL;
  if (op === 'eq') expr = sql`${c} = ${val}`;
  else if (op === 'ne') expr = sql`${c} is distinct from ${val}`;
  else if (op === 'co') expr = sql`${c} like ${likeContains(val)}`;
  else if (op === 'sw') expr = sql`${c} like ${likePrefix(val)}`;
  else if (op === 'ew') expr = sql`${c} like ${likeSuffix(val)}`;
  else if (op === 'gt') expr = sql`${c} > ${val}`;
  else if (op === 'ge') expr = sql`${c} >= ${val}`;
  else if (op === 'lt') expr = sql`${c} < ${val}`;
  else if (op === 'le') expr = sql`${c} <= ${val}`;
  else throw invalid(`with the operator ${op}`);
  return not(expr, leaf.negate);
}

function asBoolean(value: unknown): boolean {
  if (typeof value === 'boolean') return value;
  // Entra ID writes booleans as strings ("False") in PATCH bodies, and some directories in filters.
  if (typeof value === 'string' && /^(true|false)$/i.test(value)) return value.toLowerCase() === 'true';
  throw invalid('a boolean with a value that is not true or false');
}

function compareBoolean(col: SQL, leaf: Leaf): SQL {
  if (leaf.op === 'pr') return not(sql`true`, leaf.negate);
  if (leaf.op === 'eq') return not(sql`${col} = ${asBoolean(leaf.value)}`, leaf.negate);
  if (leaf.op === 'ne') return not(sql`${col} <> ${asBoolean(leaf.value)}`, leaf.negate);
  throw invalid(`a boolean with ${leaf.op}`);
}

const TIME_OPS: Record<string, string> = { eq: '=', ne: '<>', gt: '>', ge: '>=', lt: '<', le: '<=' };

function compareTime(col: SQL, leaf: Leaf): SQL {
  if (leaf.op === 'pr') return not(sql`true`, leaf.negate);
  const op = TIME_OPS[leaf.op];
  const at = typeof leaf.value === 'string' ? new Date(leaf.value) : null;
  if (!op || !at || Number.isNaN(at.getTime())) throw invalid(`a date with ${leaf.op} ${String(leaf.value)}`);
  return not(sql`${col} ${sql.raw(op)} ${at.toISOString()}::timestamptz`, leaf.negate);
}

function all(parts: SQL[]): SQL {
  return parts.length === 1 ? parts[0] : sql`(${sql.join(parts, sql` and `)})`;
}

type Attr = (leaf: Leaf) => SQL;

const text =
  (col: SQL, caseExact = false): Attr =>
  (leaf) =>
    compareText(col, leaf, caseExact);
const resourceText = (...path: string[]): Attr => text(sql`(resource #>> ${`{${path.join(',')}}`}::text[])`);

/** The single-valued attributes of a User the hub filters on, by lower-cased path. */
const USER_ATTRS: Record<string, Attr> = {
  id: text(sql`user_id::text`, true),
  username: (leaf) =>
    // eq on userName, what every directory asks before a create, reads the unique index.
    leaf.op === 'eq' && typeof leaf.value === 'string' && !leaf.negate
      ? sql`user_name_key = ${leaf.value.toLowerCase()}`
      : compareText(sql`user_name_key`, leaf, false),
  externalid: text(sql`external_id`, true),
  active: (leaf) => compareBoolean(sql`active`, leaf),
  displayname: resourceText('displayName'),
  title: resourceText('title'),
  'name.givenname': resourceText('name', 'givenName'),
  'name.familyname': resourceText('name', 'familyName'),
  'name.formatted': resourceText('name', 'formatted'),
  'meta.lastmodified': (leaf) => compareTime(sql`updated_at`, leaf),
  'meta.created': (leaf) => compareTime(sql`created_at`, leaf),
  [`${ENTERPRISE}employeenumber`]: resourceText(ENTERPRISE_URN, 'employeeNumber'),
  [`${ENTERPRISE}department`]: resourceText(ENTERPRISE_URN, 'department'),
  [`${ENTERPRISE}manager.value`]: resourceText(ENTERPRISE_URN, 'manager', 'value'),
};

/** Sub-attributes of the multi-valued `emails` (one element must match every comparison). */
const EMAIL_SUBS: Record<string, (leaf: Leaf) => SQL> = {
  value: (leaf) => compareText(sql`(e->>'value')`, leaf, false),
  type: (leaf) => compareText(sql`(e->>'type')`, leaf, false),
  primary: (leaf) => compareBoolean(sql`coalesce((e->>'primary')::boolean, false)`, leaf),
};

function emailsCondition(subs: Record<string, unknown>): SQL {
  const parts = Object.entries(subs).flatMap(([k, cond]) => {
    const sub = EMAIL_SUBS[k.toLowerCase()];
    if (!sub) throw invalid(`emails.${k}`);
    return leavesOf(cond).map(sub);
  });
  return sql`exists (select 1 from jsonb_array_elements(coalesce(resource->'emails', '[]'::jsonb)) e where ${all(parts)})`;
}

function attributeConditions(key: string, cond: unknown, prefix = ''): SQL[] {
  const path = prefix + key.toLowerCase();
  if (path === 'emails') {
    return [emailsCondition(Array.isArray(cond) ? { value: cond } : (cond as Record<string, unknown>))];
  }
  if (cond && typeof cond === 'object' && !Array.isArray(cond)) {
    return Object.entries(cond as Record<string, unknown>).flatMap(([k, c]) => attributeConditions(k, c, `${path}.`));
  }
  const attr = USER_ATTRS[path.startsWith(ENTERPRISE) ? path : path.replace(/^urn:[^ ]*:user:/, '')];
  if (!attr) throw invalid(key);
  return leavesOf(cond).map(attr);
}

/** The WHERE condition of a parsed filter over scim_users (one organization's rows). */
export function userFilterSql(filter: ParsedFilter): SQL {
  if (filter.length === 0) return sql`true`;
  const alternatives = filter.map((branch) =>
    all(Object.entries(branch).flatMap(([key, cond]) => attributeConditions(key, cond))),
  );
  return alternatives.length === 1 ? alternatives[0] : sql`(${sql.join(alternatives, sql` or `)})`;
}
