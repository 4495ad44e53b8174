import { ActivityIcon, BarChart3Icon, LayersIcon, UsersIcon } from 'lucide-react';
import type { StatCardData } from '@/modules/types';

/** The demo dashboard's static figures (spec §2: 5 systems, 247 sessions, 1,234 events). */
export const DEMO_STATS: StatCardData[] = [
  { label: 'Connected Systems', value: '5', hint: 'All platforms linked', icon: LayersIcon },
  { label: 'Active Sessions', value: '247', hint: '+12% from last hour', icon: UsersIcon },
  { label: 'Events Today', value: '1,234', hint: 'Audit and security events', icon: ActivityIcon },
  { label: 'System Uptime', value: '99.9%', hint: 'Last 30 days', icon: BarChart3Icon },
];

export interface DemoSystem {
  name: string;
  path: string;
  description: string;
  users: string;
  status: 'healthy' | 'degraded';
}

export const DEMO_SYSTEMS: DemoSystem[] = [
  { name: 'Fulfils', path: 'fulfils', description: 'Core employment marketplace', users: '12,847', status: 'healthy' },
  { name: 'SortStak', path: 'sortstak', description: 'Data sorting and pipelines', users: '3,421', status: 'healthy' },
  {
    name: 'Role Builder',
    path: 'role-builder',
    description: 'Role definitions and templates',
    users: '1,956',
    status: 'healthy',
  },
  {
    name: 'Quick Role Check',
    path: 'qrc',
    description: 'Candidate-to-role checks',
    users: '2,310',
    status: 'degraded',
  },
  {
    name: 'TalentMLS',
    path: 'talentmls',
    description: 'Talent multi-listing service',
    users: '8,932',
    status: 'healthy',
  },
];

export interface DemoActivity {
  event: string;
  system: string;
  time: string;
}

export const DEMO_ACTIVITY: DemoActivity[] = [
  { event: 'Cross-platform sign-in', system: 'TalentMLS', time: '2 min ago' },
  { event: 'New role template published', system: 'Role Builder', time: '8 min ago' },
  { event: 'Pipeline run completed', system: 'SortStak', time: '15 min ago' },
  { event: 'Suspicious IP blocked', system: 'Fulfils', time: '22 min ago' },
  { event: 'Role check batch finished', system: 'Quick Role Check', time: '41 min ago' },
];
