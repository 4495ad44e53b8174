import { lazy } from 'react';

/** The sections of /account (issue 13), each its own chunk; the section lives in the URL (?tab=). */
export const ACCOUNT_TABS = [
  { key: 'profile', label: 'Profile', Tab: lazy(() => import('./profile-tab')) },
  { key: 'security', label: 'Security', Tab: lazy(() => import('./security-tab')) },
  { key: 'sessions', label: 'Sessions', Tab: lazy(() => import('./sessions-tab')) },
  { key: 'apps', label: 'Connected apps', Tab: lazy(() => import('./apps-tab')) },
  { key: 'organizations', label: 'Organizations', Tab: lazy(() => import('./orgs-tab')) },
  { key: 'privacy', label: 'Privacy', Tab: lazy(() => import('./privacy-tab')) },
] as const;

export function accountTabOf(param: string | null): (typeof ACCOUNT_TABS)[number] {
  return ACCOUNT_TABS.find((t) => t.key === param) ?? ACCOUNT_TABS[0];
}
