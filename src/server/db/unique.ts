/** PostgreSQL's unique_violation: another row already holds the value a unique index guards. */
const UNIQUE_VIOLATION = '23505';

/** Whether `error` is a unique violation, as the driver raises it or wrapped by Drizzle (its `cause`). */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    if ((e as { code?: unknown }).code === UNIQUE_VIOLATION) return true;
  }
  return false;
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
