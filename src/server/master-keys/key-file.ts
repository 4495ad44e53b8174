import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { ConfigError, type HubConfig } from '../config';
import { parseMasterKeyList } from '../crypto/keyring';

/**
 * Embedded mode only: the master keys live next to the data they protect, in
 * `HUB_DATA_DIR/master.key` (mode 0600), one base64 key per line, the first generated on first
 * start and one more by each `master-key rotate`. With DATABASE_URL the keys come from the
 * environment (config.ts), which wins in embedded mode too when it names any.
 */
export function embeddedKeyFile(config: HubConfig): string {
  return path.resolve(config.dataDir, 'master.key');
}

/** The keys of the environment, else of the data directory's key file (created with one key on first start). */
export function loadMasterKeys(config: HubConfig): Buffer[] {
  const fromEnv = [...(config.masterKey ? [config.masterKey] : []), ...(config.masterKeys ?? [])];
  if (fromEnv.length > 0) return fromEnv;
  if (config.databaseUrl) throw new ConfigError('DATABASE_URL is set but HUB_MASTER_KEY is missing');
  const file = embeddedKeyFile(config);
  if (existsSync(file)) {
    const keys = parseMasterKeyList(readFileSync(file, 'utf8'));
    if (keys.length === 0 || keys.some((k) => k.length !== 32))
      throw new ConfigError(`${file} does not hold 32-byte base64 keys, one per line`);
    return keys;
  }
  mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return [key];
}

/** Appends a new random key to the embedded key file (the target of the next rotation) and returns it. */
export function addEmbeddedMasterKey(config: HubConfig): Buffer {
  const file = embeddedKeyFile(config);
  const key = randomBytes(32);
  writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'a' });
  chmodSync(file, 0o600);
  return key;
}
