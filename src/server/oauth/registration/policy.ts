import type { Hub } from '../../hub';
import type { Actor } from '../../actor';
import { readSetting, upsertSetting } from '../../db/settings-queries';
import { DEFAULT_DCR_SCOPES, DEFAULT_DCR_UNUSED_EXPIRY_DAYS } from '../../../shared/oauth';
import { dcrPolicySchema, type DcrPolicy } from '../../../shared/api/dcr';

const POLICY_KEY = 'oauth.dcr_policy';

/**
 * The dynamic registration policy: the administrator's (hub_settings), or until one is set the
 * default of HUB_DCR with the default scopes, metadata documents off and 30 days for unused
 * registrations. Read per registration (one indexed row): every node sees a change at once.
 */
export async function loadDcrPolicy(hub: Hub): Promise<{ policy: DcrPolicy; source: 'config' | 'admin' }> {
  const stored = dcrPolicySchema.safeParse(await readSetting(hub.db, POLICY_KEY));
  if (stored.success) return { policy: stored.data, source: 'admin' };
  return {
    policy: {
      mode: hub.config.dcr,
      allowed_scopes: DEFAULT_DCR_SCOPES,
      client_id_metadata_documents: false,
      unused_expiry_days: DEFAULT_DCR_UNUSED_EXPIRY_DAYS,
    },
    source: 'config',
  };
}

export async function saveDcrPolicy(hub: Hub, policy: DcrPolicy, actor: Actor): Promise<DcrPolicy> {
  const saved = { ...policy, allowed_scopes: [...new Set(policy.allowed_scopes)] };
  await hub.db.transaction(async (tx) => {
    await upsertSetting(tx, POLICY_KEY, saved, hub.clock());
    await hub.audit.record(
      {
        type: 'dcr_policy_updated',
        ...actor.audit,
        details: {
          mode: saved.mode,
          allowed_scopes: saved.allowed_scopes,
          client_id_metadata_documents: saved.client_id_metadata_documents,
        },
      },
      tx,
    );
  });
  return saved;
}
