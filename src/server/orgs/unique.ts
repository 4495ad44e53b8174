import { HubError } from '../errors';

/** Two requests racing for one unique value (a slug, a verified domain): the index decides, and the loser hears 409, not 500. */
export async function conflictOnUnique<T>(fn: () => Promise<T>, message: string, field: string): Promise<T> {
  try {
    return await fn();
  } catch (error) {
    const code =
      (error as { code?: string; cause?: { code?: string } }).code ??
      (error as { cause?: { code?: string } }).cause?.code;
    if (code === '23505') throw new HubError('conflict', message, { field });
    throw error;
  }
}
