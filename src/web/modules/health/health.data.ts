import { ActivityIcon, AlertTriangleIcon, ServerIcon, TimerIcon } from 'lucide-react';
import type { AlertRule, Incident, PlatformHealth, ServerMetric, StatCardData } from '../types';

/** System Health sample data (spec §2 item 7, §3 platform health … alert rule, §9 alert rules). */
export const HEALTH_STATS: StatCardData[] = [
  { label: 'Overall Uptime', value: '99.94%', hint: 'Last 30 days', icon: ActivityIcon },
  { label: 'Avg Response', value: '142 ms', hint: '-8 ms this week', icon: TimerIcon },
  { label: 'Servers', value: '4', hint: 'All reporting', icon: ServerIcon },
  { label: 'Open Incidents', value: '1', hint: 'Monitoring', icon: AlertTriangleIcon },
];

export const PLATFORM_HEALTH: PlatformHealth[] = [
  {
    name: 'Fulfils',
    status: 'healthy',
    uptime: '99.98%',
    response: '120 ms',
    errors: '0.02%',
    users: 4231,
    dependencies: ['Auth Hub', 'Payments'],
  },
  {
    name: 'SortStak',
    status: 'healthy',
    uptime: '99.95%',
    response: '98 ms',
    errors: '0.04%',
    users: 892,
    dependencies: ['Auth Hub', 'Data Lake'],
  },
  {
    name: 'Role Builder',
    status: 'healthy',
    uptime: '99.97%',
    response: '110 ms',
    errors: '0.01%',
    users: 615,
    dependencies: ['Auth Hub'],
  },
  {
    name: 'Quick Role Check',
    status: 'degraded',
    uptime: '99.62%',
    response: '640 ms',
    errors: '1.20%',
    users: 1048,
    dependencies: ['Auth Hub', 'Scoring API'],
  },
  {
    name: 'TalentMLS',
    status: 'healthy',
    uptime: '99.93%',
    response: '135 ms',
    errors: '0.05%',
    users: 2764,
    dependencies: ['Auth Hub', 'Search'],
  },
];

export const SERVER_METRICS: ServerMetric[] = [
  { server: 'app-01', cpu: 45, memory: 62, disk: 38, network: 27 },
  { server: 'app-02', cpu: 52, memory: 58, disk: 41, network: 31 },
  { server: 'db-primary', cpu: 68, memory: 74, disk: 71, network: 44 },
  { server: 'worker-01', cpu: 83, memory: 66, disk: 29, network: 18 },
];

export interface ApiHealthRow {
  endpoint: string;
  status: 'healthy' | 'degraded';
  p95: string;
  successRate: string;
}

export const API_HEALTH: ApiHealthRow[] = [
  { endpoint: 'POST /api/auth/sign-in', status: 'healthy', p95: '180 ms', successRate: '99.9%' },
  { endpoint: 'POST /oauth/token', status: 'healthy', p95: '95 ms', successRate: '99.99%' },
  { endpoint: 'GET /api/admin/users', status: 'healthy', p95: '210 ms', successRate: '99.8%' },
  { endpoint: 'POST /qrc/v1/score', status: 'degraded', p95: '1,240 ms', successRate: '98.8%' },
];

export const INCIDENTS: Incident[] = [
  {
    title: 'Elevated scoring latency',
    platform: 'Quick Role Check',
    severity: 'medium',
    status: 'monitoring',
    duration: '47 min',
    time: 'Today 09:12',
  },
  {
    title: 'Search index rebuild slowed queries',
    platform: 'TalentMLS',
    severity: 'low',
    status: 'resolved',
    duration: '22 min',
    time: 'Yesterday 16:40',
  },
  {
    title: 'Payment webhook failures',
    platform: 'Fulfils',
    severity: 'high',
    status: 'resolved',
    duration: '1 h 05 min',
    time: 'Nov 18 11:03',
  },
];

/** The alerting rules of spec §9, verbatim thresholds. */
export const ALERT_RULES: AlertRule[] = [
  { rule: 'Response time > 500ms', platforms: 'All platforms', active: true, triggered: '2 times today' },
  { rule: 'Error rate > 1%', platforms: 'All platforms', active: true, triggered: '1 time today' },
  { rule: 'CPU usage > 90%', platforms: 'All servers', active: true, triggered: '0 times today' },
  { rule: 'Disk space < 10%', platforms: 'All servers', active: true, triggered: '0 times this week' },
];
