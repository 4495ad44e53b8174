import { defineMessage } from 'react-intl';
import { ActivityIcon, AlertTriangleIcon, ServerIcon, TimerIcon } from 'lucide-react';
import type { AlertRule, Incident, PlatformHealth, ServerMetric, StatCardData } from '../types';

/** System Health sample data (spec §2 item 7, §3 platform health … alert rule, §9 alert rules). */
export const HEALTH_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.health.overallUptime', defaultMessage: 'Overall Uptime' }),
    value: '99.94%',
    hint: defineMessage({ id: 'modules.health.last30Days', defaultMessage: 'Last 30 days' }),
    icon: ActivityIcon,
  },
  {
    label: defineMessage({ id: 'modules.health.avgResponse', defaultMessage: 'Avg Response' }),
    value: '142 ms',
    hint: defineMessage({ id: 'modules.health.n8MsThisWeek', defaultMessage: '-8 ms this week' }),
    icon: TimerIcon,
  },
  {
    label: defineMessage({ id: 'modules.health.servers', defaultMessage: 'Servers' }),
    value: '4',
    hint: defineMessage({ id: 'modules.health.allReporting', defaultMessage: 'All reporting' }),
    icon: ServerIcon,
  },
  {
    label: defineMessage({ id: 'modules.health.openIncidents', defaultMessage: 'Open Incidents' }),
    value: '1',
    hint: defineMessage({ id: 'modules.health.monitoring', defaultMessage: 'Monitoring' }),
    icon: AlertTriangleIcon,
  },
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
    title: defineMessage({ id: 'modules.health.elevatedScoringLatency', defaultMessage: 'Elevated scoring latency' }),
    platform: 'Quick Role Check',
    severity: 'medium',
    status: 'monitoring',
    duration: defineMessage({ id: 'modules.health.n47Min', defaultMessage: '47 min' }),
    time: defineMessage({ id: 'modules.health.today0912', defaultMessage: 'Today 09:12' }),
  },
  {
    title: defineMessage({
      id: 'modules.health.searchIndexRebuildSlowedQueries',
      defaultMessage: 'Search index rebuild slowed queries',
    }),
    platform: 'TalentMLS',
    severity: 'low',
    status: 'resolved',
    duration: defineMessage({ id: 'modules.health.n22Min', defaultMessage: '22 min' }),
    time: defineMessage({ id: 'modules.health.yesterday1640', defaultMessage: 'Yesterday 16:40' }),
  },
  {
    title: defineMessage({ id: 'modules.health.paymentWebhookFailures', defaultMessage: 'Payment webhook failures' }),
    platform: 'Fulfils',
    severity: 'high',
    status: 'resolved',
    duration: defineMessage({ id: 'modules.health.n1H05Min', defaultMessage: '1 h 05 min' }),
    time: 'Nov 18 11:03',
  },
];

/** The alerting rules of spec §9, verbatim thresholds. */
export const ALERT_RULES: AlertRule[] = [
  {
    rule: defineMessage({ id: 'modules.health.responseTime500ms', defaultMessage: 'Response time > 500ms' }),
    platforms: defineMessage({ id: 'modules.health.allPlatforms', defaultMessage: 'All platforms' }),
    active: true,
    triggered: defineMessage({ id: 'modules.health.n2TimesToday', defaultMessage: '2 times today' }),
  },
  {
    rule: defineMessage({ id: 'modules.health.errorRate1', defaultMessage: 'Error rate > 1%' }),
    platforms: defineMessage({ id: 'modules.health.allPlatforms', defaultMessage: 'All platforms' }),
    active: true,
    triggered: defineMessage({ id: 'modules.health.n1TimeToday', defaultMessage: '1 time today' }),
  },
  {
    rule: defineMessage({ id: 'modules.health.cpuUsage90', defaultMessage: 'CPU usage > 90%' }),
    platforms: defineMessage({ id: 'modules.health.allServers', defaultMessage: 'All servers' }),
    active: true,
    triggered: defineMessage({ id: 'modules.health.n0TimesToday', defaultMessage: '0 times today' }),
  },
  {
    rule: defineMessage({ id: 'modules.health.diskSpace10', defaultMessage: 'Disk space < 10%' }),
    platforms: defineMessage({ id: 'modules.health.allServers', defaultMessage: 'All servers' }),
    active: true,
    triggered: defineMessage({ id: 'modules.health.n0TimesThisWeek', defaultMessage: '0 times this week' }),
  },
];
