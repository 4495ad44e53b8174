import type { Hub } from '../hub';
import type { SignedInActor } from '../actor';
import { readSetting, upsertSetting } from '../db/settings-queries';
import {
  DEFAULT_SIGN_IN_SETTINGS,
  signInSettingsSchema,
  type SignInSettings,
  type SignInSettingsView,
} from '../../shared/api/sign-in-settings';

/** The hub_settings key of the administrator's sign-in settings (issue 42). */
const KEY = 'sign_in_settings';

/** What is stored, over the defaults; a malformed value reads as the defaults. */
export async function readSignInSettings(hub: Hub): Promise<SignInSettings> {
  const parsed = signInSettingsSchema.partial().safeParse(await readSetting(hub.db, KEY));
  return { ...DEFAULT_SIGN_IN_SETTINGS, ...(parsed.success ? parsed.data : {}) };
}

/** Whether sign-in by emailed code / link is on: the administrator's setting or HUB_EMAIL_SIGN_IN. */
export async function emailSignInModes(hub: Hub): Promise<{ code: boolean; link: boolean }> {
  const s = await readSignInSettings(hub);
  const env = hub.config.emailSignIn;
  return { code: s.email_code || env.includes('code'), link: s.email_link || env.includes('link') };
}

export async function signInSettingsView(hub: Hub): Promise<SignInSettingsView> {
  const env = hub.config.emailSignIn;
  return {
    ...(await readSignInSettings(hub)),
    environment: { email_code: env.includes('code'), email_link: env.includes('link') },
  };
}

/** PUT /api/admin/sign-in-settings: stored and audited with what changed. */
export async function updateSignInSettings(
  hub: Hub,
  actor: SignedInActor,
  patch: Partial<SignInSettings>,
): Promise<SignInSettingsView> {
  const before = await readSignInSettings(hub);
  const after = { ...before, ...patch };
  await hub.db.transaction(async (tx) => {
    await upsertSetting(tx, KEY, after, hub.clock());
    await hub.audit.record({ type: 'sign_in_settings_updated', ...actor.audit, details: { before, after } }, tx);
  });
  return signInSettingsView(hub);
}
