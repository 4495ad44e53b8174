/**
 * Platform roles (spec §6), in the order the roles dialog lists them. `support` (issue 42) is a
 * permission an administrator holds on top of an admin role: "View as this user" (impersonation).
 */
export const PLATFORM_ROLES = ['user', 'platform_admin', 'super_admin', 'support'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Issue 42: "View as this user" lasts at most this long. */
export const IMPERSONATION_MAX_MINUTES = 60;

/** Issue 42: who may start "View as this user": an ecosystem admin who also holds `support`. */
export function hasSupportPermission(roles: readonly string[]): boolean {
  return isEcosystemAdminRoles(roles) && roles.includes('support');
}

/** Ecosystem admin = an effective platform_admin or super_admin (DESIGN §4). */
export function isEcosystemAdminRoles(roles: readonly string[]): boolean {
  return roles.includes('platform_admin') || roles.includes('super_admin');
}
