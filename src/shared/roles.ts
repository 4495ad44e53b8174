/** Platform roles (spec §6), in the order the roles dialog lists them. */
export const PLATFORM_ROLES = ['user', 'platform_admin', 'super_admin'] as const;
export type PlatformRole = (typeof PLATFORM_ROLES)[number];

/** Ecosystem admin = an effective platform_admin or super_admin (DESIGN §4). */
export function isEcosystemAdminRoles(roles: readonly string[]): boolean {
  return roles.includes('platform_admin') || roles.includes('super_admin');
}
