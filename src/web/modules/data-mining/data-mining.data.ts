import { BrainCircuitIcon, DatabaseIcon, PickaxeIcon, SparklesIcon } from 'lucide-react';
import type { MiningAlgorithm, MiningDataset, MiningJob, Pattern, StatCardData } from '../types';

/** Data Mining Control Center sample data (spec §2 item 9, §3 mining records, §9 data mining options). */
export const DATA_MINING_STATS: StatCardData[] = [
  { label: 'Active Jobs', value: '2', hint: '1 paused', icon: PickaxeIcon },
  { label: 'Datasets', value: '5', hint: '4.2M records in total', icon: DatabaseIcon },
  { label: 'Patterns Found', value: '127', hint: '+18 this week', icon: SparklesIcon },
  { label: 'Avg Confidence', value: '84%', hint: 'Across all patterns', icon: BrainCircuitIcon },
];

/** The five data sources of spec §9, which are also the datasets on screen. */
export const MINING_DATASETS: MiningDataset[] = [
  { id: 'talent-profiles', name: 'Talent Profiles', records: '1.8M', type: 'Structured' },
  { id: 'job-postings', name: 'Job Postings', records: '920K', type: 'Semi-structured' },
  { id: 'compensation-data', name: 'Compensation Data', records: '640K', type: 'Structured' },
  { id: 'skills-database', name: 'Skills Database', records: '85K', type: 'Graph' },
  { id: 'market-trends', name: 'Market Trends', records: '730K', type: 'Time Series' },
];

/** The five algorithms of spec §9 with their stated complexity. */
export const MINING_ALGORITHMS: MiningAlgorithm[] = [
  {
    id: 'skill-clustering',
    name: 'Skill Clustering',
    description: 'Groups skills that tend to appear together',
    complexity: 'Medium',
  },
  {
    id: 'salary-prediction',
    name: 'Salary Prediction',
    description: 'Predicts compensation from role, skills and location',
    complexity: 'High',
  },
  {
    id: 'talent-matching',
    name: 'Talent Matching',
    description: 'Ranks talent against open roles',
    complexity: 'High',
  },
  {
    id: 'trend-analysis',
    name: 'Trend Analysis',
    description: 'Finds rising and falling demand over time',
    complexity: 'Medium',
  },
  {
    id: 'career-path-discovery',
    name: 'Career Path Discovery',
    description: 'Maps common moves between roles',
    complexity: 'Low',
  },
];

export const MINING_JOBS: MiningJob[] = [
  { id: 'job-001', name: 'Q4 Skill Clusters', status: 'running', progress: 64, dataset: 'Talent Profiles' },
  { id: 'job-002', name: 'Salary Benchmarks 2026', status: 'completed', progress: 100, dataset: 'Compensation Data' },
  { id: 'job-003', name: 'Emerging Roles Trend', status: 'paused', progress: 38, dataset: 'Market Trends' },
];

export const PATTERNS: Pattern[] = [
  {
    pattern: 'React developers with TypeScript earn 18% more than those without',
    confidence: 92,
    category: 'Compensation',
  },
  {
    pattern: 'Data analysts move into data science within 3 years in 41% of cases',
    confidence: 87,
    category: 'Career Paths',
  },
  {
    pattern: 'Demand for cloud security skills grew 34% quarter on quarter',
    confidence: 81,
    category: 'Market Trends',
  },
  {
    pattern: 'Kubernetes and Terraform appear together in 76% of DevOps roles',
    confidence: 95,
    category: 'Skill Clusters',
  },
];

export interface Option {
  value: string;
  label: string;
}

/** Schedule types of spec §9. */
export const SCHEDULE_TYPES: Option[] = [
  { value: 'immediate', label: 'Immediate' },
  { value: 'daily', label: 'Daily' },
  { value: 'weekly', label: 'Weekly' },
  { value: 'monthly', label: 'Monthly' },
  { value: 'custom', label: 'Custom (cron)' },
];

/** Priorities of spec §9; the select's placeholder reads Normal. */
export const PRIORITIES: Option[] = [
  { value: 'low', label: 'Low' },
  { value: 'normal', label: 'Normal' },
  { value: 'high', label: 'High' },
  { value: 'critical', label: 'Critical' },
];

/** Placeholders of spec §9 (dialog and Configuration tab). */
export const PLACEHOLDERS = {
  timeout: '60',
  cron: '0 */6 * * *',
  batchSize: '1000',
  frequency: 'Every 6 hours',
  retention: '90',
  confidence: '75',
  learningRate: '0.001',
} as const;
