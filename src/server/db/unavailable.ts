import { causesOf, hasCauseCode, NETWORK_ERROR_CODES } from '../error-causes';

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

const SQLSTATES = new Set(['57P01', '57P02', '57P03', '53300', '57014', '55P03']);

export function isDatabaseUnavailable(error: unknown): boolean {
  for (const e of causesOf(error)) if (e instanceof DatabaseUnavailableError) return true;
  return hasCauseCode(
    error,
    (code) => NETWORK_ERROR_CODES.has(code) || SQLSTATES.has(code) || /^08[0-9A-Z]{3}$/.test(code),
  );
}
