import type { SidebarUser } from '@/layout/shell/app-sidebar';

/** Demo mode shows whoever is looking as this demo user (spec §2); nothing is fetched. */
export const DEMO_USER: SidebarUser = { name: 'Demo User', detail: 'demo@ecosystem-hub.example' };
