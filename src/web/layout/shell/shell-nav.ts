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

export interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
}

interface ModuleNavItem {
  /** Path of the guarded screen, without the leading slash; the demo twin is /demo/<path>. */
  path: string;
  label: string;
  icon: LucideIcon;
}

/** Every module screen the sidebar links (spec §2: each has a /demo twin). */
const MODULE_NAV: ModuleNavItem[] = [
  { path: 'fulfils', label: 'Core Marketplace', icon: ShoppingCartIcon },
  { path: 'role-builder', label: 'Role Builder', icon: WrenchIcon },
  { path: 'qrc', label: 'Quick Role Check', icon: UserCheckIcon },
  { path: 'sortstak', label: 'Data Pipeline', icon: DatabaseIcon },
  { path: 'talentmls', label: 'Job Marketplace', icon: BriefcaseIcon },
  { path: 'talentspark', label: 'Talent Admin', icon: SparklesIcon },
  { path: 'ip-filters', label: 'IP Filters', icon: ShieldBanIcon },
  { path: 'data-mining', label: 'Data Mining', icon: PickaxeIcon },
  { path: 'health', label: 'System Health', icon: ActivityIcon },
  { path: 'settings', label: 'Settings', icon: SettingsIcon },
];

/** The demo's own screens, listed above its modules. */
export const DEMO_NAV: NavItem[] = [
  { to: '/demo', label: 'Dashboard', icon: LayoutDashboardIcon },
  { to: '/demo/admin', label: 'Admin Demo', icon: BarChart3Icon },
];

/**
 * The signed-in hub screens, only those the role may open: everyone has their account, sessions
 * and connected apps; ecosystem administrators also the admin dashboard, OAuth admin and the
 * audit log.
 */
export function hubNav(isEcosystemAdmin: boolean): NavItem[] {
  const own: NavItem[] = [
    { to: '/account', label: 'Account', icon: UserCircle2Icon },
    { to: '/account?tab=sessions', label: 'Sessions', icon: MonitorSmartphoneIcon },
    { to: '/account?tab=apps', label: 'Connected apps', icon: AppWindowIcon },
  ];
  if (!isEcosystemAdmin) return own;
  return [
    { to: '/admin', label: 'Admin', icon: LayoutDashboardIcon },
    { to: '/oauth-admin', label: 'OAuth Admin', icon: KeyRoundIcon },
    { to: '/admin?tab=audit-log', label: 'Audit Log', icon: ScrollTextIcon },
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
