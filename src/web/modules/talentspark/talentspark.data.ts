import { defineMessage } from 'react-intl';
import { AwardIcon, GraduationCapIcon, TargetIcon, UsersIcon } from 'lucide-react';
import type {
  CrossPlatformAlert,
  MatchingCriterion,
  SkillCertification,
  StatCardData,
  Talent,
  TrainingProgram,
} from '../types';

/** Talent admin (TalentSpark) sample data (spec §2 item 5, §3 talent … cross-platform alert). */
export const TALENTSPARK_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.talentspark.talentProfiles', defaultMessage: 'Talent Profiles' }),
    value: '18,240',
    hint: defineMessage({ id: 'modules.talentspark.n312ThisWeek', defaultMessage: '+312 this week' }),
    icon: UsersIcon,
  },
  {
    label: defineMessage({ id: 'modules.talentspark.certifications', defaultMessage: 'Certifications' }),
    value: '6,915',
    hint: defineMessage({ id: 'modules.talentspark.n428Pending', defaultMessage: '428 pending' }),
    icon: AwardIcon,
  },
  {
    label: defineMessage({ id: 'modules.talentspark.inTraining', defaultMessage: 'In Training' }),
    value: '1,207',
    hint: defineMessage({ id: 'modules.talentspark.across4Programs', defaultMessage: 'Across 4 programs' }),
    icon: GraduationCapIcon,
  },
  {
    label: defineMessage({ id: 'modules.talentspark.matchAccuracy', defaultMessage: 'Match Accuracy' }),
    value: '91.4%',
    hint: defineMessage({ id: 'modules.talentspark.n21ThisMonth', defaultMessage: '+2.1% this month' }),
    icon: TargetIcon,
  },
];

export const TALENTS: Talent[] = [
  {
    name: 'Elena Garcia',
    skills: ['React', 'TypeScript', 'GraphQL'],
    verified: true,
    engagement: 92,
    cross_platform: true,
    status: 'active',
  },
  {
    name: 'Kwame Mensah',
    skills: ['Python', 'ML', 'SQL'],
    verified: true,
    engagement: 85,
    cross_platform: true,
    status: 'active',
  },
  {
    name: 'Hannah Schmidt',
    skills: ['Figma', 'UX Research'],
    verified: false,
    engagement: 64,
    cross_platform: false,
    status: 'pending_verification',
  },
  {
    name: 'Tomás Silva',
    skills: ['AWS', 'Terraform', 'Kubernetes'],
    verified: true,
    engagement: 78,
    cross_platform: false,
    status: 'active',
  },
];

export const CROSS_PLATFORM_ALERTS: CrossPlatformAlert[] = [
  {
    talent: 'Hannah Schmidt',
    issue: defineMessage({
      id: 'modules.talentspark.workHistoryDiffersBetweenPlatforms',
      defaultMessage: 'Work history differs between platforms',
    }),
    platforms: ['TalentMLS', 'Fulfils'],
    severity: 'medium',
  },
  {
    talent: defineMessage({ id: 'modules.talentspark.unknownProfile', defaultMessage: 'Unknown profile #4821' }),
    issue: defineMessage({
      id: 'modules.talentspark.sameEMailOnTwoSeparate',
      defaultMessage: 'Same e-mail on two separate accounts',
    }),
    platforms: ['Fulfils', 'Quick Role Check'],
    severity: 'high',
  },
];

export const SKILL_CERTIFICATIONS: SkillCertification[] = [
  { skill: 'JavaScript', certified: 1842, pending: 96, pass_rate: 78 },
  { skill: 'Python', certified: 1530, pending: 121, pass_rate: 74 },
  { skill: 'Cloud Architecture', certified: 612, pending: 58, pass_rate: 62 },
  { skill: 'Project Management', certified: 944, pending: 40, pass_rate: 81 },
];

export const TRAINING_PROGRAMS: TrainingProgram[] = [
  {
    name: defineMessage({ id: 'modules.talentspark.fullStackBootcamp', defaultMessage: 'Full-Stack Bootcamp' }),
    enrolled: 420,
    completed: 312,
    duration: defineMessage({ id: 'modules.talentspark.n12Weeks', defaultMessage: '12 weeks' }),
  },
  {
    name: defineMessage({ id: 'modules.talentspark.dataScienceEssentials', defaultMessage: 'Data Science Essentials' }),
    enrolled: 365,
    completed: 241,
    duration: defineMessage({ id: 'modules.talentspark.n8Weeks', defaultMessage: '8 weeks' }),
  },
  {
    name: defineMessage({
      id: 'modules.talentspark.cloudCertificationPrep',
      defaultMessage: 'Cloud Certification Prep',
    }),
    enrolled: 238,
    completed: 171,
    duration: defineMessage({ id: 'modules.talentspark.n6Weeks', defaultMessage: '6 weeks' }),
  },
  {
    name: defineMessage({ id: 'modules.talentspark.leadershipFoundations', defaultMessage: 'Leadership Foundations' }),
    enrolled: 184,
    completed: 150,
    duration: defineMessage({ id: 'modules.talentspark.n4Weeks', defaultMessage: '4 weeks' }),
  },
];

export const MATCHING_CRITERIA: MatchingCriterion[] = [
  {
    criteria: defineMessage({ id: 'modules.talentspark.skillOverlap', defaultMessage: 'Skill overlap' }),
    accuracy: 94,
    improvement: '+3.2%',
  },
  {
    criteria: defineMessage({ id: 'modules.talentspark.experienceLevel', defaultMessage: 'Experience level' }),
    accuracy: 89,
    improvement: '+1.8%',
  },
  {
    criteria: defineMessage({ id: 'modules.talentspark.locationPreference', defaultMessage: 'Location preference' }),
    accuracy: 92,
    improvement: '+0.9%',
  },
  {
    criteria: defineMessage({ id: 'modules.talentspark.salaryAlignment', defaultMessage: 'Salary alignment' }),
    accuracy: 86,
    improvement: '+4.1%',
  },
];
