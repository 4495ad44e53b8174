/** An RFC 9562 UUID in its text form (any version, either case), as PostgreSQL's uuid type reads it. */
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Whether `value` can be given to a `uuid` column: the one check before any id from a request, a
 * token or a stored claim reaches a query (PostgreSQL refuses anything else with an error, a 500).
 */
export function isUuid(value: unknown): boolean {
  return typeof value === 'string' && UUID.test(value);
}
