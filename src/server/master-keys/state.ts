import type { DbOrTx } from '../db/client';
import type { MasterKeyring } from '../crypto/keyring';
import type { Revocations } from '../revocations';
import { findSealedLookupKey, insertFirstCurrentKey, insertSealedLookupKey, listMasterKeys } from './queries';
import { LOOKUP_KEY_CONTEXT } from './inventory';

/**
 * The database's word on the keyring (crypto/keyring.ts): which key is current, which are
 * retired, and the lookup key. Every node reads it at start, on every `master-keys` message
 * (revocations.ts) and every `KEY_STATE_POLL_MS`, so a node that missed a message follows within
 * that time. The first start records the first key of the ring as current and the lookup key.
 */
export const KEY_STATE_POLL_MS = 30_000;

export async function loadKeyringState(db: DbOrTx, keyring: MasterKeyring, now: Date): Promise<void> {
  let rows = await listMasterKeys(db);
  if (rows.length === 0) {
    await insertFirstCurrentKey(db, keyring.current.id, now);
    rows = await listMasterKeys(db);
  }
  const current = rows.find((r) => r.status === 'current')!;
  const retiredIds = rows.filter((r) => r.status === 'retired').map((r) => r.keyId);
  // Throws MasterKeyMissingError when this process lacks the current key: nothing it sealed would open elsewhere.
  keyring.apply({ currentId: current.keyId, retiredIds });
  let sealed = await findSealedLookupKey(db);
  if (!sealed) {
    // The first start on this database (or the first since issue 45): the MACs made so far are under the
    // current key, so it stays their key, whatever key seals values from now on.
    await insertSealedLookupKey(db, keyring.seal(keyring.current.key.toString('base64'), LOOKUP_KEY_CONTEXT));
    sealed = (await findSealedLookupKey(db))!;
  }
  keyring.apply({
    currentId: current.keyId,
    retiredIds,
    lookupKey: Buffer.from(keyring.open(sealed, LOOKUP_KEY_CONTEXT), 'base64'),
  });
}

/**
 * Every hub follows the state as soon as it is built: on each `master-keys` message and after a
 * resync (messages may have been missed) it reads the state again; the worker (worker.ts) polls too.
 */
export function followKeyringState(
  hub: { db: DbOrTx; keyring: MasterKeyring; clock: () => Date; revocations: Revocations },
  onError: (error: unknown) => void,
): void {
  const reload = () => void loadKeyringState(hub.db, hub.keyring, hub.clock()).catch(onError);
  hub.revocations.subscribe((_ids, message) => {
    if (message.kind === 'master-keys') reload();
  });
  hub.revocations.onResync(reload);
}
