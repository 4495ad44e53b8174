import { dictionary } from '@zxcvbn-ts/language-common';

/**
 * The 10,000 most common passwords (zxcvbn-ts's maintained list, ranked by frequency), checked
 * offline (OWASP ASVS 5.0 §6.2.4). Server-side only: the list would bloat the browser bundle.
 */
export const COMMON_PASSWORD_COUNT = 10_000;

let common: Set<string> | undefined;

function list(): Set<string> {
  common ??= new Set(dictionary['passwords-common'].slice(0, COMMON_PASSWORD_COUNT).map((p) => p.toLowerCase()));
  return common;
}

/**
 * True when the password, case-insensitively, is on the list, or is a listed word only dressed
 * up with digits and symbols at its ends ('Sonyericsson1!', 'Qwerty123456!'): the decoration
 * attackers' rule sets try first.
 */
export function isCommonPassword(password: string): boolean {
  const lower = password.toLowerCase();
  const set = list();
  if (set.has(lower)) return true;
  const core = lower.replace(/^[^a-z]+|[^a-z]+$/g, '');
  return core.length >= 6 && core !== lower && set.has(core);
}
