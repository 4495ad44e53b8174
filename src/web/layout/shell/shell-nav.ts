import { defineMessages, type MessageDescriptor } from 'react-intl';
import {
  ActivityIcon,
  AppWindowIcon,
  BarChart3Icon,
  BriefcaseIcon,
  DatabaseIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  MonitorSmartphoneIcon,
  PickaxeIcon,
  ScrollTextIcon,
  SettingsIcon,
  ShieldBanIcon,
  ShoppingCartIcon,
  SparklesIcon,
  UserCheckIcon,
  UserCircle2Icon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';

export type ShellMode = 'demo' | 'live';

const NAV = defineMessages({
  coreMarketplace: { id: 'common.nav.coreMarketplace', defaultMessage: 'Core Marketplace' },
  roleBuilder: { id: 'common.nav.roleBuilder', defaultMessage: 'Role Builder' },
  quickRoleCheck: { id: 'common.nav.quickRoleCheck', defaultMessage: 'Quick Role Check' },
  dataPipeline: { id: 'common.nav.dataPipeline', defaultMessage: 'Data Pipeline' },
  jobMarketplace: { id: 'common.nav.jobMarketplace', defaultMessage: 'Job Marketplace' },
  talentAdmin: { id: 'common.nav.talentAdmin', defaultMessage: 'Talent Admin' },
  ipFilters: { id: 'common.nav.ipFilters', defaultMessage: 'IP Filters' },
  dataMining: { id: 'common.nav.dataMining', defaultMessage: 'Data Mining' },
  systemHealth: { id: 'common.nav.systemHealth', defaultMessage: 'System Health' },
  settings: { id: 'common.nav.settings', defaultMessage: 'Settings' },
  dashboard: { id: 'common.nav.dashboard', defaultMessage: 'Dashboard' },
  adminDemo: { id: 'common.nav.adminDemo', defaultMessage: 'Admin Demo' },
  account: { id: 'common.nav.account', defaultMessage: 'Account' },
  sessions: { id: 'common.nav.sessions', defaultMessage: 'Sessions' },
  connectedApps: { id: 'common.nav.connectedApps', defaultMessage: 'Connected apps' },
  admin: { id: 'common.nav.admin', defaultMessage: 'Admin' },
  oauthAdmin: { id: 'common.nav.oauthAdmin', defaultMessage: 'OAuth Admin' },
  auditLog: { id: 'common.nav.auditLog', defaultMessage: 'Audit Log' },
});

export interface NavItem {
  to: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

interface ModuleNavItem {
  /** Path of the guarded screen, without the leading slash; the demo twin is /demo/<path>. */
  path: string;
  label: MessageDescriptor;
  icon: LucideIcon;
}

/** Every module screen the sidebar links (spec §2: each has a /demo twin). */
const MODULE_NAV: ModuleNavItem[] = [
  { path: 'fulfils', label: NAV.coreMarketplace, icon: ShoppingCartIcon },
  { path: 'role-builder', label: NAV.roleBuilder, icon: WrenchIcon },
  { path: 'qrc', label: NAV.quickRoleCheck, icon: UserCheckIcon },
  { path: 'sortstak', label: NAV.dataPipeline, icon: DatabaseIcon },
  { path: 'talentmls', label: NAV.jobMarketplace, icon: BriefcaseIcon },
  { path: 'talentspark', label: NAV.talentAdmin, icon: SparklesIcon },
  { path: 'ip-filters', label: NAV.ipFilters, icon: ShieldBanIcon },
  { path: 'data-mining', label: NAV.dataMining, icon: PickaxeIcon },
  { path: 'health', label: NAV.systemHealth, icon: ActivityIcon },
  { path: 'settings', label: NAV.settings, icon: SettingsIcon },
];

/** The demo's own screens, listed above its modules. */
export const DEMO_NAV: NavItem[] = [
  { to: '/demo', label: NAV.dashboard, icon: LayoutDashboardIcon },
  { to: '/demo/admin', label: NAV.adminDemo, icon: BarChart3Icon },
];

/**
 * The signed-in hub screens, only those the role may open: everyone has their account, sessions
 * and connected apps; ecosystem administrators also the admin dashboard, OAuth admin and the
 * audit log.
 */
export function hubNav(isEcosystemAdmin: boolean): NavItem[] {
  const own: NavItem[] = [
    { to: '/account', label: NAV.account, icon: UserCircle2Icon },
    { to: '/account?tab=sessions', label: NAV.sessions, icon: MonitorSmartphoneIcon },
    { to: '/account?tab=apps', label: NAV.connectedApps, icon: AppWindowIcon },
  ];
  if (!isEcosystemAdmin) return own;
  return [
    { to: '/admin', label: NAV.admin, icon: LayoutDashboardIcon },
    { to: '/oauth-admin', label: NAV.oauthAdmin, icon: KeyRoundIcon },
    { to: '/admin?tab=audit-log', label: NAV.auditLog, icon: ScrollTextIcon },
    ...own,
  ];
}

/**
 * The module screens the sidebar offers. Spec §1 aims them at internal administrators (super
 * admin, platform admin, support, auditor); the hub's roles have no support or auditor
 * (src/shared/roles.ts), so today that audience is exactly the ecosystem administrators. A plain
 * user is not offered them; the routes themselves stay guarded as spec §2 says (signed in), so
 * this is what the navigation offers, not an access rule. The public demo lists them all.
 */
export function moduleNav(mode: ShellMode, isInternalStaff: boolean): NavItem[] {
  if (mode === 'live' && !isInternalStaff) return [];
  return MODULE_NAV.map((m) => ({ to: moduleHref(mode, m.path), label: m.label, icon: m.icon }));
}

function moduleHref(mode: ShellMode, path: string): string {
  return mode === 'demo' ? `/demo/${path}` : `/${path}`;
}

/**
 * Whether a sidebar link names the current screen. A link with a `tab` (the audit log lives
 * in the admin dashboard) matches that tab only; a plain link matches its path without a tab
 * that another link claims.
 */
export function isCurrent(to: string, pathname: string, search: string, claimedTabs: string[]): boolean {
  const target = new URL(to, 'http://x');
  if (target.pathname !== pathname) return false;
  const tab = new URLSearchParams(search).get('tab');
  const wanted = target.searchParams.get('tab');
  return wanted ? tab === wanted : !(tab && claimedTabs.includes(tab));
}
