import type { ChecklistTask } from './final-todo.types';

/**
 * The 20 tasks of the final to-do checklist (spec §3, §9): 4 Critical (8, 6, 4 and 6 hours),
 * 7 High (five feature tasks, cross-platform API integration, responsive design), 5 Medium and
 * 4 Low across the spec's 16 categories, in that order. All start unchecked.
 */
export const CHECKLIST_TASKS: ChecklistTask[] = [
  { id: 1, title: 'Complete production authentication', description: 'Finish sign-in, sign-up, session refresh and sign-out against the production identity store, with rate limiting on.', priority: 'Critical', category: 'Authentication', completed: false, estimatedHours: 8, notes: 'Blocks every guarded screen.' },
  { id: 2, title: 'Credential encryption migration', description: 'Move API keys, webhook secrets and client secrets to encrypted-at-rest storage and rotate the old values.', priority: 'Critical', category: 'Security', completed: false, estimatedHours: 6, dependencies: [1], notes: 'Schedule a maintenance window for the rotation.' },
  { id: 3, title: 'Production database policies', description: 'Apply row-level access policies, least-privilege roles and backups to the production database.', priority: 'Critical', category: 'Database', completed: false, estimatedHours: 4, dependencies: [1] },
  { id: 4, title: 'Production environment setup', description: 'Provision the production environment: secrets, TLS, domains, CI/CD pipeline and environment variables.', priority: 'Critical', category: 'Deployment', completed: false, estimatedHours: 6, dependencies: [2, 3] },
  { id: 5, title: 'Fulfils order workflow', description: 'Replace the core marketplace sample data with live orders, inventory and fulfillment centers.', priority: 'High', category: 'Features', completed: false, estimatedHours: 16, dependencies: [1] },
  { id: 6, title: 'Role Builder live roles', description: 'Persist role definitions and templates and wire the Templates and New Role actions.', priority: 'High', category: 'Features', completed: false, estimatedHours: 12, dependencies: [1] },
  { id: 7, title: 'Quick Role Check scoring', description: 'Connect Run Check to the scoring engine and store results with their issues.', priority: 'High', category: 'Features', completed: false, estimatedHours: 10, dependencies: [6] },
  { id: 8, title: 'TalentMLS listing sync', description: 'Share job listings and talent profiles across platforms, with fraud checks on new listings.', priority: 'High', category: 'Features', completed: false, estimatedHours: 14, dependencies: [10] },
  { id: 9, title: 'Data mining job runner', description: 'Run mining jobs on a worker queue instead of logging them to the console.', priority: 'High', category: 'Features', completed: false, estimatedHours: 20, dependencies: [3], notes: 'Needs a job queue decision first.' },
  { id: 10, title: 'Cross-platform API integration', description: 'Integrate the sister platforms through the hub API: sessions, app tokens and revocation.', priority: 'High', category: 'Integration', completed: false, estimatedHours: 16, dependencies: [1, 2] },
  { id: 11, title: 'Responsive design pass', description: 'Check every screen from 375 px phones to 1440 px desktops and fix overflow and touch targets.', priority: 'High', category: 'UI/UX', completed: false, estimatedHours: 8 },
  { id: 12, title: 'End-to-end test suite', description: 'Browser journeys for sign-in, admin actions and the cross-platform hand-off.', priority: 'Medium', category: 'Testing', completed: false, estimatedHours: 12, dependencies: [1] },
  { id: 13, title: 'Performance optimisation', description: 'Code-split heavy screens, cache lookups and measure load times.', priority: 'Medium', category: 'Performance', completed: false, estimatedHours: 8 },
  { id: 14, title: 'Monitoring and alerting', description: 'Uptime checks, error tracking and the alert rules of the System Health screen.', priority: 'Medium', category: 'Monitoring', completed: false, estimatedHours: 6, dependencies: [4] },
  { id: 15, title: 'Admin and API documentation', description: 'Document the admin dashboard, the OAuth endpoints and the operator runbook.', priority: 'Medium', category: 'Documentation', completed: false, estimatedHours: 6 },
  { id: 16, title: 'Backups and disaster recovery', description: 'Automated backups, restore drills and infrastructure as code.', priority: 'Medium', category: 'Infrastructure', completed: false, estimatedHours: 10, dependencies: [4], notes: 'Retention follows the Settings admin backup policy.' },
  { id: 17, title: 'SEO metadata', description: 'Titles, descriptions and social cards for the public pages.', priority: 'Low', category: 'SEO', completed: false, estimatedHours: 4 },
  { id: 18, title: 'Accessibility audit', description: 'Keyboard, screen reader and contrast review of every screen.', priority: 'Low', category: 'Accessibility', completed: false, estimatedHours: 8, dependencies: [11] },
  { id: 19, title: 'Localization', description: 'Extract strings and add the first translations.', priority: 'Low', category: 'Localization', completed: false, estimatedHours: 12 },
  { id: 20, title: 'Progressive web app', description: 'Manifest, icons and offline support for the dashboard.', priority: 'Low', category: 'PWA', completed: false, estimatedHours: 10, dependencies: [13] },
];
