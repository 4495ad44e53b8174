import { expect } from 'vitest';
import type { Hub } from '../../../src/server/hub';
import { SEALED_COLUMNS, contextOf } from '../../../src/server/master-keys/inventory';
import { countByKeyId, findSealedBatch } from '../../../src/server/master-keys/queries';
import type { readMasterKeyStatus } from '../../../src/server/master-keys/service';

/** Every stored value opens, and each is under `keyId` (the columns the keyring seals). */
export async function expectAllSealedUnder(hub: Hub, keyId: string) {
  for (const column of SEALED_COLUMNS.filter((c) => c.throughKeyring)) {
    const counts = await countByKeyId(hub.db, column);
    expect(
      counts.filter((c) => c.key_id !== keyId),
      column.name,
    ).toEqual([]);
    for (const row of await findSealedBatch(hub.db, column, keyId, null, 10_000))
      expect(() => hub.keyring.open(row.sealed, contextOf(column, row.by)), column.name).not.toThrow();
  }
}

/** Values under `keyId` in the columns the keyring seals (subject keys are the audit module's own: counted, never moved). */
export function sealedThroughKeyring(status: Awaited<ReturnType<typeof readMasterKeyStatus>>, keyId: string): number {
  return status.columns.filter((c) => c.through_keyring).reduce((n, c) => n + (c.sealed[keyId] ?? 0), 0);
}
