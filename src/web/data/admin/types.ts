import type { z } from 'zod';
import type {
  adminUserSchema,
  analyticsSchema,
  appSafeSchema,
  credentialRequestSchema,
  grantSchema,
  overviewSchema,
  sessionSafeSchema,
  userListSchema,
} from '@shared/admin-api';

/** Wire types of /api/admin: inferred from the schemas the server parses every answer with. */
export type AdminUser = z.output<typeof adminUserSchema>;
export type UserPage = z.output<typeof userListSchema>;
export type Overview = z.output<typeof overviewSchema>;
export type AppSafe = z.output<typeof appSafeSchema>;
export type SessionSafe = z.output<typeof sessionSafeSchema>;
export type { CredentialType } from '@shared/credential-access';
export type CredentialRequest = z.output<typeof credentialRequestSchema>;
export type Grant = z.output<typeof grantSchema>;
export type Analytics = z.output<typeof analyticsSchema>;
export interface RoleAssignment {
  id: string;
  role: string;
  is_active: boolean;
  granted_by: string | null;
  granted_at: string;
  expires_at: string | null;
}
