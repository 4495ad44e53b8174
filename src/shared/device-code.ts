/**
 * RFC 8628 §6.1 user codes (issue 42): 8 characters from 20 consonants with no look-alikes
 * (≈ 34 bits), shown as XXXX-XXXX. Entry is case- and dash-insensitive (and ignores spaces); the
 * server and the /device page normalize through this one module.
 */
export const USER_CODE_ALPHABET = 'BCDFGHJKLMNPQRSTVWXZ';
export const USER_CODE_LENGTH = 8;

/** The canonical 8 letters of an entered code, or null when it cannot be one. */
export function normalizeUserCode(input: string): string | null {
  const letters = input.toUpperCase().replace(/[\s-]/g, '');
  if (letters.length !== USER_CODE_LENGTH) return null;
  for (const c of letters) if (!USER_CODE_ALPHABET.includes(c)) return null;
  return letters;
}

/** XXXX-XXXX, as the device shows it. */
export function formatUserCode(code: string): string {
  return `${code.slice(0, 4)}-${code.slice(4)}`;
}
