import { z } from 'zod';
import { authSessionSchema } from '../admin-api';

/** Wire schemas of /api/me/* (the signed-in user's own sessions). */
export const mySessionSchema = authSessionSchema
  .omit({ user_email: true, user_id: true })
  .extend({ is_current: z.boolean() });
export type MySession = z.output<typeof mySessionSchema>;
export const mySessionListSchema = z.object({ sessions: z.array(mySessionSchema) });

export const revokedSchema = z.object({ revoked: z.boolean() });
