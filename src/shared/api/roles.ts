import { z } from 'zod';
import { PLATFORM_ROLES } from '../roles';

/** Wire schemas of GET/PUT /api/admin/users/:id/roles (the roles dialog). */
export const roleAssignmentSchema = z.object({
  id: z.string(),
  role: z.string(),
  is_active: z.boolean(),
  granted_by: z.string().nullable(),
  granted_at: z.string(),
  expires_at: z.string().nullable(),
});
export type RoleAssignment = z.output<typeof roleAssignmentSchema>;
export const roleAssignmentListSchema = z.object({ roles: z.array(roleAssignmentSchema) });

/** The desired set of active roles. */
export const setRolesInputSchema = z
  .object({ roles: z.array(z.enum(PLATFORM_ROLES)).max(PLATFORM_ROLES.length) })
  .strict();
