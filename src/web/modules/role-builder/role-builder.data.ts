import { ClockIcon, FileStackIcon, UserPlusIcon, WrenchIcon } from 'lucide-react';
import type { RoleDefinition, RoleTemplate, StatCardData } from '../types';

/** Role Builder sample data (spec §2 stat cards and tabs, §3 role definition and template). */
export const ROLE_BUILDER_STATS: StatCardData[] = [
  { label: 'Active Roles', value: '156', hint: '+12 this week', icon: WrenchIcon },
  { label: 'Role Templates', value: '48', hint: '6 added this month', icon: FileStackIcon },
  { label: 'Assignments Today', value: '89', hint: '+23% vs yesterday', icon: UserPlusIcon },
  { label: 'Avg Build Time', value: '4.2 min', hint: '-0.8 min this month', icon: ClockIcon },
];

export const ROLE_DEFINITIONS: RoleDefinition[] = [
  { title: 'Senior Software Engineer', company: 'TechCorp Inc.', status: 'Active', assignments: 24, completion: 100 },
  { title: 'Data Analyst', company: 'DataFlow Systems', status: 'Active', assignments: 18, completion: 95 },
  { title: 'Product Manager', company: 'InnovateLabs', status: 'Draft', assignments: 0, completion: 60 },
  { title: 'UX Designer', company: 'DesignHub', status: 'Review', assignments: 7, completion: 85 },
  { title: 'DevOps Engineer', company: 'CloudScale', status: 'Active', assignments: 12, completion: 100 },
];

export const ROLE_TEMPLATES: RoleTemplate[] = [
  { name: 'Software Engineer', category: 'Engineering', usage: 342, rating: 4.8 },
  { name: 'Sales Representative', category: 'Sales', usage: 218, rating: 4.6 },
  { name: 'Marketing Manager', category: 'Marketing', usage: 156, rating: 4.5 },
  { name: 'Customer Success Lead', category: 'Support', usage: 129, rating: 4.7 },
  { name: 'Financial Analyst', category: 'Finance', usage: 97, rating: 4.4 },
];

export interface BuilderMetric {
  label: string;
  value: number;
}

/** Role Builder metrics tab: shares of the build funnel, in percent. */
export const BUILDER_METRICS: BuilderMetric[] = [
  { label: 'Roles built from templates', value: 78 },
  { label: 'Roles approved on first review', value: 64 },
  { label: 'Skills auto-suggested and kept', value: 82 },
  { label: 'Roles shared across platforms', value: 47 },
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
