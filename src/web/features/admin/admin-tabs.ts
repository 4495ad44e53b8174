import { lazy } from 'react';

/**
 * The dashboard's tabs: the six of spec §2 in its order, then the team's own — the audit
 * pipeline's Audit Log, issue 27's Identity Providers, issue 29's Organizations and issue 30's
 * Integrations. Each is its own chunk: opening /admin downloads the Overview only; recharts
 * arrives with Analytics.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: 'Overview', Tab: lazy(() => import('./overview-tab')) },
  { key: 'users', label: 'Users', Tab: lazy(() => import('./users-tab')) },
  { key: 'security', label: 'Security', Tab: lazy(() => import('./security-tab')) },
  { key: 'security-audit', label: 'Security Audit', Tab: lazy(() => import('./security-audit-tab')) },
  { key: 'analytics', label: 'Analytics', Tab: lazy(() => import('./analytics-tab')) },
  { key: 'settings', label: 'Settings', Tab: lazy(() => import('./settings-tab')) },
  { key: 'audit-log', label: 'Audit Log', Tab: lazy(() => import('@/features/audit-log/audit-log-tab')) },
  {
    key: 'identity-providers',
    label: 'Identity Providers',
    Tab: lazy(() => import('@/features/identity-providers/identity-providers-tab')),
  },
  // Issue 29: every organization, opening the organization page in admin mode.
  { key: 'organizations', label: 'Organizations', Tab: lazy(() => import('@/features/orgs/admin-orgs-tab')) },
  { key: 'integrations', label: 'Integrations', Tab: lazy(() => import('@/features/integrations/integrations-tab')) },
] as const;

export function adminTabOf(param: string | null): (typeof ADMIN_TABS)[number] {
  return ADMIN_TABS.find((t) => t.key === param) ?? ADMIN_TABS[0];
}
