/**
 * "The database cannot answer now" (as opposed to "this query is wrong"), decided by error class
 * and code only — never by a message's text, which drivers are free to reword.
 *
 * - DatabaseUnavailableError: raised by the hub's own driver layer (db/pg-pool.ts, db/client.ts) when a
 *   connection could not be obtained, the connection broke under a query, or the database did
 *   not answer within the read timeout.
 * - A Node system error code on a socket (ECONNREFUSED, ECONNRESET, …).
 * - A PostgreSQL SQLSTATE: class 08 (connection exception), 57P01–57P03 (shutdown, crash,
 *   cannot connect now), 53300 (too many connections), 57014 (statement_timeout cancelled the
 *   statement), 55P03 (lock_timeout).
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError';
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
  }
}

const SOCKET_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EHOSTUNREACH',
  'EAI_AGAIN',
]);
const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    if (e instanceof DatabaseUnavailableError) return true;
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code))) {
      return true;
    }
  }
  return false;
}
