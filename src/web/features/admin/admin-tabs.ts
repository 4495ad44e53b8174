import { lazy } from 'react';
import { defineMessages } from 'react-intl';

const labels = defineMessages({
  overview: { id: 'admin.tabs.overview', defaultMessage: 'Overview' },
  users: { id: 'admin.tabs.users', defaultMessage: 'Users' },
  security: { id: 'admin.tabs.security', defaultMessage: 'Security' },
  securityAudit: { id: 'admin.tabs.securityAudit', defaultMessage: 'Security Audit' },
  analytics: { id: 'admin.tabs.analytics', defaultMessage: 'Analytics' },
  settings: { id: 'admin.tabs.settings', defaultMessage: 'Settings' },
  auditLog: { id: 'admin.tabs.auditLog', defaultMessage: 'Audit Log' },
  identityProviders: { id: 'admin.tabs.identityProviders', defaultMessage: 'Identity Providers' },
  organizations: { id: 'admin.tabs.organizations', defaultMessage: 'Organizations' },
  integrations: { id: 'admin.tabs.integrations', defaultMessage: 'Integrations' },
});

/**
 * The dashboard's tabs: the six of spec §2 in its order, then the team's own — the audit
 * pipeline's Audit Log, issue 27's Identity Providers, issue 29's Organizations and issue 30's
 * Integrations. Each is its own chunk: opening /admin downloads the Overview only; recharts
 * arrives with Analytics.
 */
export const ADMIN_TABS = [
  { key: 'overview', label: labels.overview, Tab: lazy(() => import('./overview-tab')) },
  { key: 'users', label: labels.users, Tab: lazy(() => import('./users-tab')) },
  { key: 'security', label: labels.security, Tab: lazy(() => import('./security-tab')) },
  { key: 'security-audit', label: labels.securityAudit, Tab: lazy(() => import('./security-audit-tab')) },
  { key: 'analytics', label: labels.analytics, Tab: lazy(() => import('./analytics-tab')) },
  { key: 'settings', label: labels.settings, Tab: lazy(() => import('./settings-tab')) },
  { key: 'audit-log', label: labels.auditLog, Tab: lazy(() => import('@/features/audit-log/audit-log-tab')) },
  {
    key: 'identity-providers',
    label: labels.identityProviders,
    Tab: lazy(() => import('@/features/identity-providers/identity-providers-tab')),
  },
  // Issue 29: every organization, opening the organization page in admin mode.
  { key: 'organizations', label: labels.organizations, Tab: lazy(() => import('@/features/orgs/admin-orgs-tab')) },
  {
    key: 'integrations',
    label: labels.integrations,
    Tab: lazy(() => import('@/features/integrations/integrations-tab')),
  },
] as const;

export function adminTabOf(param: string | null): (typeof ADMIN_TABS)[number] {
  return ADMIN_TABS.find((t) => t.key === param) ?? ADMIN_TABS[0];
}
