import type { Hub } from '../hub';
import { insertSettingIfAbsent, readSetting, upsertSetting } from '../db/settings-queries';
import { randomToken, safeEqual, sha256Hex } from '../crypto/tokens';

const SETUP_KEY_SETTING = 'setup_key_hash';

/**
 * Makes sure a setup key exists. With HUB_SETUP_KEY set, that key is the one (its hash is
 * stored); otherwise a key is generated on the very first start and returned so main.ts can
 * print it once. Only its SHA-256 is stored.
 *
 * @returns the newly generated key, or undefined when none was generated now
 */
export async function ensureSetupKey(hub: Hub): Promise<string | undefined> {
  if (hub.config.setupKey) {
    const hash = sha256Hex(hub.config.setupKey);
    await upsertSetting(hub.db, SETUP_KEY_SETTING, { hash }, hub.clock());
    return undefined;
  }
  const key = randomToken(24);
  const inserted = await insertSettingIfAbsent(hub.db, SETUP_KEY_SETTING, { hash: sha256Hex(key) });
  return inserted ? key : undefined;
}

/** Constant-time check of a presented setup key against the stored hash. */
export async function verifySetupKey(hub: Hub, presented: string | undefined): Promise<boolean> {
  if (!presented) return false;
  const stored = ((await readSetting(hub.db, SETUP_KEY_SETTING)) as { hash?: string } | undefined)?.hash;
  if (!stored) return false;
  return safeEqual(sha256Hex(presented), stored);
}
