import { ActivityIcon, BarChart3Icon, LayersIcon, UsersIcon } from 'lucide-react';
import { defineMessage } from 'react-intl';
import type { StatCardData } from '@/modules/types';
import type { Text } from '@/modules/shared/text';

/** The demo dashboard's static figures (spec §2: 5 systems, 247 sessions, 1,234 events). */
export const DEMO_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'demo.stat.connectedSystems', defaultMessage: 'Connected Systems' }),
    value: '5',
    hint: defineMessage({ id: 'demo.hint.allPlatformsLinked', defaultMessage: 'All platforms linked' }),
    icon: LayersIcon,
  },
  {
    label: defineMessage({ id: 'demo.stat.activeSessions', defaultMessage: 'Active Sessions' }),
    value: '247',
    hint: defineMessage({ id: 'demo.hint.12FromLastHour', defaultMessage: '+12% from last hour' }),
    icon: UsersIcon,
  },
  {
    label: defineMessage({ id: 'demo.stat.eventsToday', defaultMessage: 'Events Today' }),
    value: '1,234',
    hint: defineMessage({ id: 'demo.hint.auditAndSecurityEvents', defaultMessage: 'Audit and security events' }),
    icon: ActivityIcon,
  },
  {
    label: defineMessage({ id: 'demo.stat.systemUptime', defaultMessage: 'System Uptime' }),
    value: '99.9%',
    hint: defineMessage({ id: 'demo.hint.last30Days', defaultMessage: 'Last 30 days' }),
    icon: BarChart3Icon,
  },
];

export interface DemoSystem {
  name: string;
  path: string;
  description: Text;
  users: string;
  status: 'healthy' | 'degraded';
}

export const DEMO_SYSTEMS: DemoSystem[] = [
  {
    name: 'Fulfils',
    path: 'fulfils',
    description: defineMessage({
      id: 'demo.system.coreEmploymentMarketplace',
      defaultMessage: 'Core employment marketplace',
    }),
    users: '12,847',
    status: 'healthy',
  },
  {
    name: 'SortStak',
    path: 'sortstak',
    description: defineMessage({
      id: 'demo.system.dataSortingAndPipelines',
      defaultMessage: 'Data sorting and pipelines',
    }),
    users: '3,421',
    status: 'healthy',
  },
  {
    name: 'Role Builder',
    path: 'role-builder',
    description: defineMessage({
      id: 'demo.system.roleDefinitionsAndTemplates',
      defaultMessage: 'Role definitions and templates',
    }),
    users: '1,956',
    status: 'healthy',
  },
  {
    name: 'Quick Role Check',
    path: 'qrc',
    description: defineMessage({ id: 'demo.system.candidatetoroleChecks', defaultMessage: 'Candidate-to-role checks' }),
    users: '2,310',
    status: 'degraded',
  },
  {
    name: 'TalentMLS',
    path: 'talentmls',
    description: defineMessage({
      id: 'demo.system.talentMultilistingService',
      defaultMessage: 'Talent multi-listing service',
    }),
    users: '8,932',
    status: 'healthy',
  },
];

export interface DemoActivity {
  event: Text;
  system: string;
  time: Text;
}

export const DEMO_ACTIVITY: DemoActivity[] = [
  {
    event: defineMessage({ id: 'demo.event.crossplatformSignin', defaultMessage: 'Cross-platform sign-in' }),
    system: 'TalentMLS',
    time: defineMessage({ id: 'demo.time.minAgo2', defaultMessage: '2 min ago' }),
  },
  {
    event: defineMessage({ id: 'demo.event.newRoleTemplatePublished', defaultMessage: 'New role template published' }),
    system: 'Role Builder',
    time: defineMessage({ id: 'demo.time.minAgo8', defaultMessage: '8 min ago' }),
  },
  {
    event: defineMessage({ id: 'demo.event.pipelineRunCompleted', defaultMessage: 'Pipeline run completed' }),
    system: 'SortStak',
    time: defineMessage({ id: 'demo.time.minAgo15', defaultMessage: '15 min ago' }),
  },
  {
    event: defineMessage({ id: 'demo.event.suspiciousIPBlocked', defaultMessage: 'Suspicious IP blocked' }),
    system: 'Fulfils',
    time: defineMessage({ id: 'demo.time.minAgo22', defaultMessage: '22 min ago' }),
  },
  {
    event: defineMessage({ id: 'demo.event.roleCheckBatchFinished', defaultMessage: 'Role check batch finished' }),
    system: 'Quick Role Check',
    time: defineMessage({ id: 'demo.time.minAgo41', defaultMessage: '41 min ago' }),
  },
];
