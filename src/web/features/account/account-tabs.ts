import { lazy } from 'react';
import { defineMessages } from 'react-intl';

const labels = defineMessages({
  profile: { id: 'account.tabs.profile', defaultMessage: 'Profile' },
  security: { id: 'account.tabs.security', defaultMessage: 'Security' },
  sessions: { id: 'account.tabs.sessions', defaultMessage: 'Sessions' },
  apps: { id: 'account.tabs.apps', defaultMessage: 'Connected apps' },
  organizations: { id: 'account.tabs.organizations', defaultMessage: 'Organizations' },
  privacy: { id: 'account.tabs.privacy', defaultMessage: 'Privacy' },
});

/** The sections of /account (issue 13), each its own chunk; the section lives in the URL (?tab=). */
export const ACCOUNT_TABS = [
  { key: 'profile', label: labels.profile, Tab: lazy(() => import('./profile-tab')) },
  { key: 'security', label: labels.security, Tab: lazy(() => import('./security-tab')) },
  { key: 'sessions', label: labels.sessions, Tab: lazy(() => import('./sessions-tab')) },
  { key: 'apps', label: labels.apps, Tab: lazy(() => import('./apps-tab')) },
  { key: 'organizations', label: labels.organizations, Tab: lazy(() => import('./orgs-tab')) },
  { key: 'privacy', label: labels.privacy, Tab: lazy(() => import('./privacy-tab')) },
] as const;

export function accountTabOf(param: string | null): (typeof ACCOUNT_TABS)[number] {
  return ACCOUNT_TABS.find((t) => t.key === param) ?? ACCOUNT_TABS[0];
}
