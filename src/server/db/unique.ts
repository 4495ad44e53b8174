import { hasCauseCode } from '../error-causes';

/** PostgreSQL's unique_violation: another row already holds the value a unique index guards. */
const UNIQUE_VIOLATION = '23505';

/** Whether `error` is a unique violation, as the driver raises it or wrapped by Drizzle (its `cause`). */
function isUniqueViolation(error: unknown): boolean {
  return hasCauseCode(error, (code) => code === UNIQUE_VIOLATION);
}

/**
 * Runs `fn`; when two requests race for one unique value (an email, a slug, a verified domain),
 * the index decides and the loser hears `conflict` (a 409 HubError), not a 500.
 */
export async function conflictOnUnique<T>(fn: () => Promise<T>, conflict: Error): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    if (isUniqueViolation(error)) throw conflict;
    throw error;
  }
}
