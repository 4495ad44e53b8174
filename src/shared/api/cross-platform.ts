import { z } from 'zod';

/** Wire schemas of the cross-platform hand-off and app tokens (spec §1, §7). */
export const handoffInputSchema = z.object({
  app_id: z.string().trim().min(1).max(200),
  redirect_url: z.string().trim().min(1).max(2000),
  /** Space-separated scopes, each registered for the app (default: read:profile). */
  scope: z.string().trim().max(1000).optional(),
});
export const handoffSessionSchema = z.object({
  session_token: z.string(),
  user_id: z.string(),
  timestamp: z.number(),
  redirect_url: z.string(),
});
export type HandoffSession = z.output<typeof handoffSessionSchema>;

export const appTokenSchema = z.object({
  access_token: z.string(),
  token_type: z.string(),
  expires_in: z.number(),
  scope: z.string(),
});
export type AppToken = z.output<typeof appTokenSchema>;
