import { hash, verify } from '@node-rs/argon2';

/** DESIGN §2: argon2id, m = 19456 KiB, t = 2, p = 1 (OWASP's first recommended set). */
const ARGON2 = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2);
}

let dummyHash: Promise<string> | undefined;

/**
 * Verifies a password against a stored hash. With no hash (unknown email, account without a
 * password) it verifies against a fixed dummy hash of the same cost, so the answer takes as
 * long either way and timing does not reveal which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null | undefined, password: string): Promise<boolean> {
  dummyHash ??= hash('dummy-password-for-equal-timing', ARGON2);
  const target = storedHash ?? (await dummyHash);
  let ok = false;
  try {
    ok = await verify(target, password);
  } catch {
    ok = false;
  }
  return ok && !!storedHash;
}
