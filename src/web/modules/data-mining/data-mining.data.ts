import type { Text } from '../shared/text';
import { defineMessage } from 'react-intl';
import { BrainCircuitIcon, DatabaseIcon, PickaxeIcon, SparklesIcon } from 'lucide-react';
import type { MiningAlgorithm, MiningDataset, MiningJob, Pattern, StatCardData } from '../types';

/** Data Mining Control Center sample data (spec §2 item 9, §3 mining records, §9 data mining options). */
export const DATA_MINING_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.dataMining.activeJobs', defaultMessage: 'Active Jobs' }),
    value: '2',
    hint: defineMessage({ id: 'modules.dataMining.n1Paused', defaultMessage: '1 paused' }),
    icon: PickaxeIcon,
  },
  {
    label: defineMessage({ id: 'modules.dataMining.datasets', defaultMessage: 'Datasets' }),
    value: '5',
    hint: defineMessage({ id: 'modules.dataMining.n42mRecordsInTotal', defaultMessage: '4.2M records in total' }),
    icon: DatabaseIcon,
  },
  {
    label: defineMessage({ id: 'modules.dataMining.patternsFound', defaultMessage: 'Patterns Found' }),
    value: '127',
    hint: defineMessage({ id: 'modules.dataMining.n18ThisWeek', defaultMessage: '+18 this week' }),
    icon: SparklesIcon,
  },
  {
    label: defineMessage({ id: 'modules.dataMining.avgConfidence', defaultMessage: 'Avg Confidence' }),
    value: '84%',
    hint: defineMessage({ id: 'modules.dataMining.acrossAllPatterns', defaultMessage: 'Across all patterns' }),
    icon: BrainCircuitIcon,
  },
];

/** The five data sources of spec §9, which are also the datasets on screen. */
export const MINING_DATASETS: MiningDataset[] = [
  {
    id: 'talent-profiles',
    name: defineMessage({ id: 'modules.dataMining.talentProfiles', defaultMessage: 'Talent Profiles' }),
    records: '1.8M',
    type: 'Structured',
  },
  {
    id: 'job-postings',
    name: defineMessage({ id: 'modules.dataMining.jobPostings', defaultMessage: 'Job Postings' }),
    records: '920K',
    type: 'Semi-structured',
  },
  {
    id: 'compensation-data',
    name: defineMessage({ id: 'modules.dataMining.compensationData', defaultMessage: 'Compensation Data' }),
    records: '640K',
    type: 'Structured',
  },
  {
    id: 'skills-database',
    name: defineMessage({ id: 'modules.dataMining.skillsDatabase', defaultMessage: 'Skills Database' }),
    records: '85K',
    type: 'Graph',
  },
  {
    id: 'market-trends',
    name: defineMessage({ id: 'modules.dataMining.marketTrends', defaultMessage: 'Market Trends' }),
    records: '730K',
    type: 'Time Series',
  },
];

/** The five algorithms of spec §9 with their stated complexity. */
export const MINING_ALGORITHMS: MiningAlgorithm[] = [
  {
    id: 'skill-clustering',
    name: defineMessage({ id: 'modules.dataMining.skillClustering', defaultMessage: 'Skill Clustering' }),
    description: defineMessage({
      id: 'modules.dataMining.groupsSkillsThatTendToAppear',
      defaultMessage: 'Groups skills that tend to appear together',
    }),
    complexity: 'Medium',
  },
  {
    id: 'salary-prediction',
    name: defineMessage({ id: 'modules.dataMining.salaryPrediction', defaultMessage: 'Salary Prediction' }),
    description: defineMessage({
      id: 'modules.dataMining.predictsCompensationFromRoleSkillsAnd',
      defaultMessage: 'Predicts compensation from role, skills and location',
    }),
    complexity: 'High',
  },
  {
    id: 'talent-matching',
    name: defineMessage({ id: 'modules.dataMining.talentMatching', defaultMessage: 'Talent Matching' }),
    description: defineMessage({
      id: 'modules.dataMining.ranksTalentAgainstOpenRoles',
      defaultMessage: 'Ranks talent against open roles',
    }),
    complexity: 'High',
  },
  {
    id: 'trend-analysis',
    name: defineMessage({ id: 'modules.dataMining.trendAnalysis', defaultMessage: 'Trend Analysis' }),
    description: defineMessage({
      id: 'modules.dataMining.findsRisingAndFallingDemandOver',
      defaultMessage: 'Finds rising and falling demand over time',
    }),
    complexity: 'Medium',
  },
  {
    id: 'career-path-discovery',
    name: defineMessage({ id: 'modules.dataMining.careerPathDiscovery', defaultMessage: 'Career Path Discovery' }),
    description: defineMessage({
      id: 'modules.dataMining.mapsCommonMovesBetweenRoles',
      defaultMessage: 'Maps common moves between roles',
    }),
    complexity: 'Low',
  },
];

export const MINING_JOBS: MiningJob[] = [
  {
    id: 'job-001',
    name: defineMessage({ id: 'modules.dataMining.q4SkillClusters', defaultMessage: 'Q4 Skill Clusters' }),
    status: 'running',
    progress: 64,
    dataset: defineMessage({ id: 'modules.dataMining.talentProfiles', defaultMessage: 'Talent Profiles' }),
  },
  {
    id: 'job-002',
    name: defineMessage({ id: 'modules.dataMining.salaryBenchmarks2026', defaultMessage: 'Salary Benchmarks 2026' }),
    status: 'completed',
    progress: 100,
    dataset: defineMessage({ id: 'modules.dataMining.compensationData', defaultMessage: 'Compensation Data' }),
  },
  {
    id: 'job-003',
    name: defineMessage({ id: 'modules.dataMining.emergingRolesTrend', defaultMessage: 'Emerging Roles Trend' }),
    status: 'paused',
    progress: 38,
    dataset: defineMessage({ id: 'modules.dataMining.marketTrends', defaultMessage: 'Market Trends' }),
  },
];

export const PATTERNS: Pattern[] = [
  {
    pattern: defineMessage({
      id: 'modules.dataMining.reactDevelopersWithTypescriptEarn18',
      defaultMessage: 'React developers with TypeScript earn 18% more than those without',
    }),
    confidence: 92,
    category: defineMessage({ id: 'modules.dataMining.compensation', defaultMessage: 'Compensation' }),
  },
  {
    pattern: defineMessage({
      id: 'modules.dataMining.dataAnalystsMoveIntoDataScience',
      defaultMessage: 'Data analysts move into data science within 3 years in 41% of cases',
    }),
    confidence: 87,
    category: defineMessage({ id: 'modules.dataMining.careerPaths', defaultMessage: 'Career Paths' }),
  },
  {
    pattern: defineMessage({
      id: 'modules.dataMining.demandForCloudSecuritySkillsGrew',
      defaultMessage: 'Demand for cloud security skills grew 34% quarter on quarter',
    }),
    confidence: 81,
    category: defineMessage({ id: 'modules.dataMining.marketTrends', defaultMessage: 'Market Trends' }),
  },
  {
    pattern: defineMessage({
      id: 'modules.dataMining.kubernetesAndTerraformAppearTogetherIn',
      defaultMessage: 'Kubernetes and Terraform appear together in 76% of DevOps roles',
    }),
    confidence: 95,
    category: defineMessage({ id: 'modules.dataMining.skillClusters', defaultMessage: 'Skill Clusters' }),
  },
];

export interface Option {
  value: string;
  label: Text;
}

/** Schedule types of spec §9. */
export const SCHEDULE_TYPES: Option[] = [
  { value: 'immediate', label: defineMessage({ id: 'modules.dataMining.immediate', defaultMessage: 'Immediate' }) },
  { value: 'daily', label: defineMessage({ id: 'modules.dataMining.daily', defaultMessage: 'Daily' }) },
  { value: 'weekly', label: defineMessage({ id: 'modules.dataMining.weekly', defaultMessage: 'Weekly' }) },
  { value: 'monthly', label: defineMessage({ id: 'modules.dataMining.monthly', defaultMessage: 'Monthly' }) },
  { value: 'custom', label: defineMessage({ id: 'modules.dataMining.customCron', defaultMessage: 'Custom (cron)' }) },
];

/** Priorities of spec §9; the select's placeholder reads Normal. */
export const PRIORITIES: Option[] = [
  { value: 'low', label: defineMessage({ id: 'modules.dataMining.low', defaultMessage: 'Low' }) },
  { value: 'normal', label: defineMessage({ id: 'modules.dataMining.normal', defaultMessage: 'Normal' }) },
  { value: 'high', label: defineMessage({ id: 'modules.dataMining.high', defaultMessage: 'High' }) },
  { value: 'critical', label: defineMessage({ id: 'modules.dataMining.critical', defaultMessage: 'Critical' }) },
];

/** Placeholders of spec §9 (dialog and Configuration tab). */
export const PLACEHOLDERS = {
  timeout: '60',
  cron: '0 */6 * * *',
  batchSize: '1000',
  frequency: defineMessage({ id: 'modules.dataMining.every6Hours', defaultMessage: 'Every 6 hours' }),
  retention: '90',
  confidence: '75',
  learningRate: '0.001',
} as const;
