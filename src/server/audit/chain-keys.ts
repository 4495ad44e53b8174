import { keyIdOf } from '../crypto/secrets';
import { MasterKeyMissingError, type MasterKeyring } from '../crypto/keyring';
import { deriveChainKey } from './chain';

/**
 * The audit chain's key epochs (issue 45). A chain's rows are MAC'd under the chain key of one
 * master key at a time, its epoch, which the chain's anchor names (`audit_chain_head.key_id`):
 *
 * - Every chain began in the **lookup key's epoch** (`null`): the first master key the database
 *   recorded (crypto/keyring.ts), whose key stays readable after its master key is retired.
 * - A master-key rotation moves every chain to the new key's epoch with one `audit_key_epoch` row
 *   (audit/append.ts crossEpoch): the row itself is MAC'd under the old epoch's key like every row
 *   before it, and its details carry a second MAC under the new key over the row's place and the
 *   hash it follows, so the whole chain before it is pinned under the new key too. Rows after it,
 *   and the anchor, are under the new key.
 * - Once the old master key is retired, an anchor under its epoch is not authentic: every chain was
 *   moved before the retirement (master-keys/rotator.ts), so such an anchor was put there by
 *   someone holding the old key. What a holder of the old key can still do is in docs/security.md.
 */
export interface ChainKeys {
  /** The epoch a new chain starts in and a rotation moves chains to: the current master key's (null: the lookup key's). */
  current(): string | null;
  /** The chain key of an epoch; undefined when this process holds no key for it. */
  get(epoch: string | null): Buffer | undefined;
  /** Like get, but a missing key is a configuration error, loud (MasterKeyMissingError). */
  require(epoch: string | null): Buffer;
  /** Whether an anchor may stand in this epoch: its master key is held and not retired. */
  acceptable(epoch: string | null): boolean;
}

/** The chain keys of a keyring; `MasterKeyring` or, for a process that knows one key (tests, tools), that key. */
export function createChainKeys(keyring: Pick<MasterKeyring, 'lookupKey' | 'current' | 'byId' | 'canOpen'>): ChainKeys {
  const derived = new Map<string, Buffer>();
  let lookup: { master: Buffer; id: string; key: Buffer } | undefined;
  const lookupEpoch = () => {
    // The lookup key is set once, at start, from the database (master-keys/state.ts).
    if (lookup?.master !== keyring.lookupKey) {
      const master = keyring.lookupKey;
      lookup = { master, id: keyIdOf(master), key: deriveChainKey(master) };
    }
    return lookup;
  };
  const get = (epoch: string | null): Buffer | undefined => {
    if (epoch === null) return lookupEpoch().key;
    const cached = derived.get(epoch);
    if (cached) return cached;
    const master = keyring.byId(epoch);
    if (!master) return undefined;
    const key = deriveChainKey(master.key);
    derived.set(epoch, key);
    return key;
  };
  return {
    current: () => (keyring.current.id === lookupEpoch().id ? null : keyring.current.id),
    get,
    require(epoch) {
      const key = get(epoch);
      if (!key) throw new MasterKeyMissingError(epoch ?? lookupEpoch().id);
      return key;
    },
    acceptable: (epoch) => keyring.canOpen(epoch ?? lookupEpoch().id),
  };
}
