import { z } from 'zod';

/**
 * Issue 42: the hub-wide sign-in settings an administrator chooses (GET/PUT
 * /api/admin/sign-in-settings): sign-in by emailed one-time code or link (off by default), and
 * what a sign-in with a breached password leads to ('ask': the person is asked to change it;
 * 'require': they must change it before anything else).
 */
export const signInSettingsSchema = z
  .object({
    email_code: z.boolean(),
    email_link: z.boolean(),
    breached_password: z.enum(['ask', 'require']),
  })
  .strict();
export type SignInSettings = z.infer<typeof signInSettingsSchema>;

export const signInSettingsPatchSchema = signInSettingsSchema
  .partial()
  .strict()
  .refine((patch) => Object.keys(patch).length > 0, 'Nothing to change.');

export const DEFAULT_SIGN_IN_SETTINGS: SignInSettings = {
  email_code: false,
  email_link: false,
  breached_password: 'ask',
};

/** The answer adds what the environment turns on (HUB_EMAIL_SIGN_IN), which the screen shows as fixed. */
export const signInSettingsViewSchema = signInSettingsSchema.extend({
  environment: z.object({ email_code: z.boolean(), email_link: z.boolean() }),
});
export type SignInSettingsView = z.infer<typeof signInSettingsViewSchema>;
