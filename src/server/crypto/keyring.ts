import { checkMasterKeyLength, keyIdOf, openWith, sealUnder, SecretBoxError, type SecretBox } from './secrets';

/**
 * The master keys of this process, and the one home of "which master key seals or MACs what":
 *
 * - **Sealing** (crypto/secrets.ts's `v1.<kid>.…` form): new values are sealed under `current`;
 *   a value opens under any key the ring holds that is not retired. The database decides which
 *   key is current and which are retired (master-keys/state.ts), so every node agrees; a
 *   rotation (master-keys/rotator.ts) moves every stored value to the new key in batches.
 * - **Keyed MACs and lookups** (crypto/keyed-mac.ts, auth/counter-key.ts, the recovery-code
 *   key, SIEM checkpoint keys): under `lookupKey`, which does NOT change with a rotation. Those
 *   MACs are stored (recovery-code hashes, rate-limit counter keys) or handed out (a SIEM
 *   receiver's checkpoint key), and cannot be recomputed without what they cover. The lookup key
 *   is the first master key the database ever recorded, kept sealed in the database
 *   (`master_key_lookup`) under the current key, so it stays when its master key is retired.
 *   docs/security.md says what that means after a compromise.
 * - **The audit chain's key epochs**: `current` (id and key) and `byId` for an earlier epoch's
 *   key, retired or not, so a verifier can check a checkpoint made under both keys.
 *
 * Key ids are derived from the keys (`keyIdOf`), so they are never configured apart.
 */
export interface MasterKey {
  id: string;
  key: Buffer;
}

export interface MasterKeyring extends SecretBox {
  /** The key new values are sealed under. */
  readonly current: MasterKey;
  /** The key of keyed MACs and lookups (stable across rotations; see above). */
  readonly lookupKey: Buffer;
  /** Every key this process holds, the current first. */
  keys(): MasterKey[];
  /** A key by id, retired or not (audit epochs verify with it); undefined when this process does not hold it. */
  byId(id: string): MasterKey | undefined;
  /** Whether a value sealed under `id` would open (the ring holds it and it is not retired). */
  canOpen(id: string): boolean;
  /** Seals under a named key (the rotator seals under its target even before this node heard of the switch). */
  sealWith(id: string, plaintext: string, context?: string): string;
  /** Adds a key (one just generated into the embedded key file) and returns it with its id. */
  add(key: Buffer): MasterKey;
  /** The database's word (master-keys/state.ts): which key is current, which are retired, the lookup key. */
  apply(state: { currentId: string; retiredIds: readonly string[]; lookupKey?: Buffer }): void;
}

export class MasterKeyMissingError extends SecretBoxError {
  constructor(readonly keyId: string) {
    super(
      `the database names master key ${keyId} as current, but this process does not hold it ` +
        '(every node needs every key of HUB_MASTER_KEYS until a rotation has retired the old one)',
    );
    this.name = 'MasterKeyMissingError';
  }
}

/** `HUB_MASTER_KEYS`: base64 keys separated by commas (or white space), each 32 bytes. */
export function parseMasterKeyList(list: string): Buffer[] {
  return list
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((k) => Buffer.from(k, 'base64'));
}

/** A ring of `keys` (distinct by id, the first current until the database says otherwise). */
export function createMasterKeyring(keys: readonly Buffer[]): MasterKeyring {
  if (keys.length === 0) throw new SecretBoxError('no master key');
  const ring = new Map<string, Buffer>();
  for (const k of keys) {
    checkMasterKeyLength(k);
    if (!ring.has(keyIdOf(k))) ring.set(keyIdOf(k), k);
  }
  let current: MasterKey = { id: keyIdOf(keys[0]), key: keys[0] };
  let lookupKey = keys[0];
  let retired = new Set<string>();
  const openable = (id: string) => (retired.has(id) ? undefined : ring.get(id));

  return {
    get kid() {
      return current.id;
    },
    get current() {
      return current;
    },
    get lookupKey() {
      return lookupKey;
    },
    keys: () => [current, ...[...ring].filter(([id]) => id !== current.id).map(([id, key]) => ({ id, key }))],
    byId: (id) => (ring.has(id) ? { id, key: ring.get(id)! } : undefined),
    canOpen: (id) => openable(id) !== undefined,
    seal: (plaintext, context) => sealUnder(current.key, current.id, plaintext, context),
    sealWith(id, plaintext, context) {
      const key = openable(id);
      if (!key) throw new MasterKeyMissingError(id);
      return sealUnder(key, id, plaintext, context);
    },
    open: (sealed, context) => openWith(openable, sealed, context),
    add(key) {
      checkMasterKeyLength(key);
      ring.set(keyIdOf(key), key);
      return { id: keyIdOf(key), key };
    },
    apply(state) {
      const key = ring.get(state.currentId);
      if (!key) throw new MasterKeyMissingError(state.currentId);
      current = { id: state.currentId, key };
      retired = new Set(state.retiredIds.filter((id) => id !== state.currentId));
      if (state.lookupKey) lookupKey = state.lookupKey;
    },
  };
}
