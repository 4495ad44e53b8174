import {
  ActivityIcon,
  BarChart3Icon,
  BriefcaseIcon,
  DatabaseIcon,
  LayoutDashboardIcon,
  PickaxeIcon,
  SettingsIcon,
  ShieldBanIcon,
  ShoppingCartIcon,
  SparklesIcon,
  UserCheckIcon,
  WrenchIcon,
  type LucideIcon,
} from 'lucide-react';

export interface ModuleNavItem {
  /** Path of the guarded screen, without the leading slash; the demo twin is /demo/<path>. */
  path: string;
  label: string;
  icon: LucideIcon;
}

/** Every module screen the sidebar links (spec §2: each has a /demo twin). */
export const MODULE_NAV: ModuleNavItem[] = [
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

/** Links above the modules: the demo has its dashboard and admin demo; signed-in admins their /admin. */
export function leadingNav(mode: 'demo' | 'live'): { to: string; label: string; icon: LucideIcon }[] {
  return mode === 'demo'
    ? [
        { to: '/demo', label: 'Dashboard', icon: LayoutDashboardIcon },
        { to: '/demo/admin', label: 'Admin Demo', icon: BarChart3Icon },
      ]
    : [{ to: '/admin', label: 'Admin Dashboard', icon: LayoutDashboardIcon }];
}

export function moduleHref(mode: 'demo' | 'live', path: string): string {
  return mode === 'demo' ? `/demo/${path}` : `/${path}`;
}
