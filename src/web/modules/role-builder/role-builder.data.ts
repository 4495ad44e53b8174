import type { Text } from '../shared/text';
import { defineMessage } from 'react-intl';
import { ClockIcon, FileStackIcon, UserPlusIcon, WrenchIcon } from 'lucide-react';
import type { RoleDefinition, RoleTemplate, StatCardData } from '../types';

/** Role Builder sample data (spec §2 stat cards and tabs, §3 role definition and template). */
export const ROLE_BUILDER_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.roleBuilder.activeRoles', defaultMessage: 'Active Roles' }),
    value: '156',
    hint: defineMessage({ id: 'modules.roleBuilder.n12ThisWeek', defaultMessage: '+12 this week' }),
    icon: WrenchIcon,
  },
  {
    label: defineMessage({ id: 'modules.roleBuilder.roleTemplates', defaultMessage: 'Role Templates' }),
    value: '48',
    hint: defineMessage({ id: 'modules.roleBuilder.n6AddedThisMonth', defaultMessage: '6 added this month' }),
    icon: FileStackIcon,
  },
  {
    label: defineMessage({ id: 'modules.roleBuilder.assignmentsToday', defaultMessage: 'Assignments Today' }),
    value: '89',
    hint: defineMessage({ id: 'modules.roleBuilder.n23VsYesterday', defaultMessage: '+23% vs yesterday' }),
    icon: UserPlusIcon,
  },
  {
    label: defineMessage({ id: 'modules.roleBuilder.avgBuildTime', defaultMessage: 'Avg Build Time' }),
    value: '4.2 min',
    hint: defineMessage({ id: 'modules.roleBuilder.n08MinThisMonth', defaultMessage: '-0.8 min this month' }),
    icon: ClockIcon,
  },
];

export const ROLE_DEFINITIONS: RoleDefinition[] = [
  {
    title: defineMessage({
      id: 'modules.roleBuilder.seniorSoftwareEngineer',
      defaultMessage: 'Senior Software Engineer',
    }),
    company: 'TechCorp Inc.',
    status: 'Active',
    assignments: 24,
    completion: 100,
  },
  {
    title: defineMessage({ id: 'modules.roleBuilder.dataAnalyst', defaultMessage: 'Data Analyst' }),
    company: 'DataFlow Systems',
    status: 'Active',
    assignments: 18,
    completion: 95,
  },
  {
    title: defineMessage({ id: 'modules.roleBuilder.productManager', defaultMessage: 'Product Manager' }),
    company: 'InnovateLabs',
    status: 'Draft',
    assignments: 0,
    completion: 60,
  },
  {
    title: defineMessage({ id: 'modules.roleBuilder.uxDesigner', defaultMessage: 'UX Designer' }),
    company: 'DesignHub',
    status: 'Review',
    assignments: 7,
    completion: 85,
  },
  {
    title: defineMessage({ id: 'modules.roleBuilder.devopsEngineer', defaultMessage: 'DevOps Engineer' }),
    company: 'CloudScale',
    status: 'Active',
    assignments: 12,
    completion: 100,
  },
];

export const ROLE_TEMPLATES: RoleTemplate[] = [
  {
    name: defineMessage({ id: 'modules.roleBuilder.softwareEngineer', defaultMessage: 'Software Engineer' }),
    category: defineMessage({ id: 'modules.roleBuilder.engineering', defaultMessage: 'Engineering' }),
    usage: 342,
    rating: 4.8,
  },
  {
    name: defineMessage({ id: 'modules.roleBuilder.salesRepresentative', defaultMessage: 'Sales Representative' }),
    category: defineMessage({ id: 'modules.roleBuilder.sales', defaultMessage: 'Sales' }),
    usage: 218,
    rating: 4.6,
  },
  {
    name: defineMessage({ id: 'modules.roleBuilder.marketingManager', defaultMessage: 'Marketing Manager' }),
    category: defineMessage({ id: 'modules.roleBuilder.marketing', defaultMessage: 'Marketing' }),
    usage: 156,
    rating: 4.5,
  },
  {
    name: defineMessage({ id: 'modules.roleBuilder.customerSuccessLead', defaultMessage: 'Customer Success Lead' }),
    category: defineMessage({ id: 'modules.roleBuilder.support', defaultMessage: 'Support' }),
    usage: 129,
    rating: 4.7,
  },
  {
    name: defineMessage({ id: 'modules.roleBuilder.financialAnalyst', defaultMessage: 'Financial Analyst' }),
    category: defineMessage({ id: 'modules.roleBuilder.finance', defaultMessage: 'Finance' }),
    usage: 97,
    rating: 4.4,
  },
];

export interface BuilderMetric {
  label: Text;
  value: number;
}

/** Role Builder metrics tab: shares of the build funnel, in percent. */
export const BUILDER_METRICS: BuilderMetric[] = [
  {
    label: defineMessage({
      id: 'modules.roleBuilder.rolesBuiltFromTemplates',
      defaultMessage: 'Roles built from templates',
    }),
    value: 78,
  },
  {
    label: defineMessage({
      id: 'modules.roleBuilder.rolesApprovedOnFirstReview',
      defaultMessage: 'Roles approved on first review',
    }),
    value: 64,
  },
  {
    label: defineMessage({
      id: 'modules.roleBuilder.skillsAutoSuggestedAndKept',
      defaultMessage: 'Skills auto-suggested and kept',
    }),
    value: 82,
  },
  {
    label: defineMessage({
      id: 'modules.roleBuilder.rolesSharedAcrossPlatforms',
      defaultMessage: 'Roles shared across platforms',
    }),
    value: 47,
  },
];

export interface SkillUsage {
  skill: string;
  roles: number;
}

/** Analytics tab: the most used skills, drawn as bars. */
export const MOST_USED_SKILLS: SkillUsage[] = [
  { skill: 'JavaScript', roles: 89 },
  { skill: 'Python', roles: 76 },
  { skill: 'Project Management', roles: 64 },
  { skill: 'SQL', roles: 58 },
  { skill: 'Communication', roles: 52 },
];
