import { CheckCircle2Icon, ClockIcon, FileCheck2Icon, GaugeIcon } from 'lucide-react';
import type { QrcResult, QrcTemplate, StatCardData } from '../types';

/** Quick Role Check sample data (spec §2 item 2, §3 QRC result and template). */
export const QRC_STATS: StatCardData[] = [
  { label: 'Checks Today', value: '342', hint: '+18% vs yesterday', icon: FileCheck2Icon },
  { label: 'Pass Rate', value: '73%', hint: '+4% this week', icon: CheckCircle2Icon },
  { label: 'Avg Check Time', value: '2.3 s', hint: '-0.4 s this week', icon: ClockIcon },
  { label: 'Avg Score', value: '81', hint: 'Out of 100', icon: GaugeIcon },
];

export const QRC_RESULTS: QrcResult[] = [
  {
    candidate: 'Alex Rivera',
    role: 'Senior Software Engineer',
    result: 'Pass',
    score: 92,
    time: '2 min ago',
    issues: 0,
  },
  { candidate: 'Jordan Lee', role: 'Data Analyst', result: 'Conditional', score: 74, time: '9 min ago', issues: 2 },
  { candidate: 'Sam Okafor', role: 'Product Manager', result: 'Fail', score: 48, time: '17 min ago', issues: 5 },
  { candidate: 'Mia Hoffmann', role: 'UX Designer', result: 'Pass', score: 88, time: '26 min ago', issues: 1 },
  { candidate: 'Ravi Kumar', role: 'DevOps Engineer', result: 'Conditional', score: 69, time: '41 min ago', issues: 3 },
];

export const QRC_TEMPLATES: QrcTemplate[] = [
  { name: 'Engineering Baseline', category: 'Engineering', checks: 12, success: 78 },
  { name: 'Sales Readiness', category: 'Sales', checks: 8, success: 84 },
  { name: 'Leadership Screen', category: 'Management', checks: 10, success: 66 },
  { name: 'Compliance Essentials', category: 'Legal', checks: 6, success: 91 },
];

export interface PerformanceFigure {
  label: string;
  value: string;
  hint: string;
}

export const QRC_PERFORMANCE: PerformanceFigure[] = [
  { label: 'Median check time', value: '1.9 s', hint: 'p95 4.1 s' },
  { label: 'Checks per hour (peak)', value: '128', hint: 'Weekdays 10:00–11:00' },
  { label: 'Reviewer agreement', value: '91%', hint: 'Manual review matches the check' },
  { label: 'Queue wait', value: '0.3 s', hint: 'Average before a check starts' },
];

export interface FailingCriterion {
  criterion: string;
  failures: number;
}

/** Analytics tab: the criteria candidates fail most often. */
export const TOP_FAILING_CRITERIA: FailingCriterion[] = [
  { criterion: 'Years of experience', failures: 142 },
  { criterion: 'Required certification', failures: 98 },
  { criterion: 'Technical skill match', failures: 87 },
  { criterion: 'Location eligibility', failures: 54 },
  { criterion: 'Salary expectation', failures: 39 },
];
