/**
 * What each screen of spec §2 must show: its heading and its tab names, written out from the
 * spec here (not imported from the app) so the test checks the screens against the spec.
 */
export interface ScreenExpectation {
  heading: string | RegExp;
  tabs: string[];
}

export const MODULE_SCREENS: Record<string, ScreenExpectation> = {
  fulfils: {
    heading: 'Core Marketplace Admin',
    tabs: ['Order Management', 'Inventory', 'User Management', 'Fulfillment Centers'],
  },
  'role-builder': { heading: 'Role Builder', tabs: ['Active Roles', 'Templates', 'Role Builder Metrics', 'Analytics'] },
  qrc: { heading: 'Quick Role Check', tabs: ['Recent Checks', 'Check Templates', 'Performance', 'Analytics'] },
  sortstak: {
    heading: 'Data Pipeline Admin',
    tabs: ['Active Pipelines', 'Data Quality', 'User Data & Privacy', 'API Management'],
  },
  talentmls: { heading: 'Job Marketplace Admin', tabs: ['Job Listings', 'Employers', 'Analytics', 'Payments'] },
  talentspark: {
    heading: 'Talent Admin',
    tabs: ['Talent Profiles', 'Skills & Certifications', 'Training Programs', 'Matching Algorithm'],
  },
  'ip-filters': {
    heading: 'IP Filters',
    tabs: ['Recent Blocks', 'Geographic Rules', 'Platform Rules', 'Threat Intelligence'],
  },
  'data-mining': {
    heading: 'Data Mining Control Center',
    tabs: ['Mining Jobs', 'Datasets', 'Pattern Analysis', 'Configuration'],
  },
  health: { heading: 'System Health', tabs: ['Platform Status', 'Server Metrics', 'API Health', 'Alerts & Incidents'] },
  settings: {
    heading: 'Settings Admin',
    tabs: ['Global Settings', 'Platform Config', 'User Management', 'Security & APIs', 'Backup & Audit'],
  },
};

export const MODULES = Object.keys(MODULE_SCREENS);

/** Public routes of spec §2 and what they show to anyone. */
export const PUBLIC_SCREENS: Record<string, ScreenExpectation> = {
  '/demo': { heading: 'Ecosystem Demo Dashboard', tabs: [] },
  '/demo/admin': MODULE_SCREENS.fulfils,
  ...Object.fromEntries(MODULES.map((m) => [`/demo/${m}`, MODULE_SCREENS[m]])),
  '/final-todo': { heading: 'Final To-Do Checklist', tabs: ['By Priority', 'By Category'] },
};

/** Guarded routes of spec §2 and what a signed-in ecosystem admin sees there. */
export const GUARDED_SCREENS: Record<string, ScreenExpectation> = {
  ...Object.fromEntries(MODULES.map((m) => [`/${m}`, MODULE_SCREENS[m]])),
  // The hub's own backups (issue 45), beside the spec's four: an admin's live screen only.
  '/health': { ...MODULE_SCREENS.health, tabs: [...MODULE_SCREENS.health.tabs, 'Backups'] },
  '/oauth-admin': {
    heading: 'OAuth Administration',
    tabs: ['OAuth Clients', 'Active Sessions', 'Dynamic registration'],
  },
  '/auth-redirect': { heading: 'Invalid Request', tabs: [] },
  // The six tabs of spec §2, then the team's own: Audit Log, Identity Providers (issue 27), Organizations (issue 29),
  // Integrations (issue 30).
  '/admin': {
    heading: /\S/,
    tabs: [
      'Overview',
      'Users',
      'Security',
      'Security Audit',
      'Analytics',
      'Settings',
      'Audit Log',
      'Identity Providers',
      'Organizations',
      'Integrations',
    ],
  },
};

/** The 16 categories of the /final-todo checklist, in the spec's order (spec §3). */
export const CHECKLIST_CATEGORIES = [
  'Authentication',
  'Security',
  'Database',
  'Deployment',
  'Features',
  'Integration',
  'UI/UX',
  'Testing',
  'Performance',
  'Monitoring',
  'Documentation',
  'Infrastructure',
  'SEO',
  'Accessibility',
  'Localization',
  'PWA',
];
