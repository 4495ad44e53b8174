import type { Text } from '../shared/text';
import { defineMessage } from 'react-intl';
import { CheckCircle2Icon, ClockIcon, FileCheck2Icon, GaugeIcon } from 'lucide-react';
import type { QrcResult, QrcTemplate, StatCardData } from '../types';

/** Quick Role Check sample data (spec §2 item 2, §3 QRC result and template). */
export const QRC_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.qrc.checksToday', defaultMessage: 'Checks Today' }),
    value: '342',
    hint: defineMessage({ id: 'modules.qrc.n18VsYesterday', defaultMessage: '+18% vs yesterday' }),
    icon: FileCheck2Icon,
  },
  {
    label: defineMessage({ id: 'modules.qrc.passRate', defaultMessage: 'Pass Rate' }),
    value: '73%',
    hint: defineMessage({ id: 'modules.qrc.n4ThisWeek', defaultMessage: '+4% this week' }),
    icon: CheckCircle2Icon,
  },
  {
    label: defineMessage({ id: 'modules.qrc.avgCheckTime', defaultMessage: 'Avg Check Time' }),
    value: '2.3 s',
    hint: defineMessage({ id: 'modules.qrc.n04SThisWeek', defaultMessage: '-0.4 s this week' }),
    icon: ClockIcon,
  },
  {
    label: defineMessage({ id: 'modules.qrc.avgScore', defaultMessage: 'Avg Score' }),
    value: '81',
    hint: defineMessage({ id: 'modules.qrc.outOf100', defaultMessage: 'Out of 100' }),
    icon: GaugeIcon,
  },
];

export const QRC_RESULTS: QrcResult[] = [
  {
    candidate: 'Alex Rivera',
    role: defineMessage({ id: 'modules.qrc.seniorSoftwareEngineer', defaultMessage: 'Senior Software Engineer' }),
    result: 'Pass',
    score: 92,
    time: defineMessage({ id: 'modules.qrc.n2MinAgo', defaultMessage: '2 min ago' }),
    issues: 0,
  },
  {
    candidate: 'Jordan Lee',
    role: defineMessage({ id: 'modules.qrc.dataAnalyst', defaultMessage: 'Data Analyst' }),
    result: 'Conditional',
    score: 74,
    time: defineMessage({ id: 'modules.qrc.n9MinAgo', defaultMessage: '9 min ago' }),
    issues: 2,
  },
  {
    candidate: 'Sam Okafor',
    role: defineMessage({ id: 'modules.qrc.productManager', defaultMessage: 'Product Manager' }),
    result: 'Fail',
    score: 48,
    time: defineMessage({ id: 'modules.qrc.n17MinAgo', defaultMessage: '17 min ago' }),
    issues: 5,
  },
  {
    candidate: 'Mia Hoffmann',
    role: defineMessage({ id: 'modules.qrc.uxDesigner', defaultMessage: 'UX Designer' }),
    result: 'Pass',
    score: 88,
    time: defineMessage({ id: 'modules.qrc.n26MinAgo', defaultMessage: '26 min ago' }),
    issues: 1,
  },
  {
    candidate: 'Ravi Kumar',
    role: defineMessage({ id: 'modules.qrc.devopsEngineer', defaultMessage: 'DevOps Engineer' }),
    result: 'Conditional',
    score: 69,
    time: defineMessage({ id: 'modules.qrc.n41MinAgo', defaultMessage: '41 min ago' }),
    issues: 3,
  },
];

export const QRC_TEMPLATES: QrcTemplate[] = [
  {
    name: defineMessage({ id: 'modules.qrc.engineeringBaseline', defaultMessage: 'Engineering Baseline' }),
    category: defineMessage({ id: 'modules.qrc.engineering', defaultMessage: 'Engineering' }),
    checks: 12,
    success: 78,
  },
  {
    name: defineMessage({ id: 'modules.qrc.salesReadiness', defaultMessage: 'Sales Readiness' }),
    category: defineMessage({ id: 'modules.qrc.sales', defaultMessage: 'Sales' }),
    checks: 8,
    success: 84,
  },
  {
    name: defineMessage({ id: 'modules.qrc.leadershipScreen', defaultMessage: 'Leadership Screen' }),
    category: defineMessage({ id: 'modules.qrc.management', defaultMessage: 'Management' }),
    checks: 10,
    success: 66,
  },
  {
    name: defineMessage({ id: 'modules.qrc.complianceEssentials', defaultMessage: 'Compliance Essentials' }),
    category: defineMessage({ id: 'modules.qrc.legal', defaultMessage: 'Legal' }),
    checks: 6,
    success: 91,
  },
];

export interface PerformanceFigure {
  label: Text;
  value: string;
  hint: Text;
}

export const QRC_PERFORMANCE: PerformanceFigure[] = [
  {
    label: defineMessage({ id: 'modules.qrc.medianCheckTime', defaultMessage: 'Median check time' }),
    value: '1.9 s',
    hint: 'p95 4.1 s',
  },
  {
    label: defineMessage({ id: 'modules.qrc.checksPerHourPeak', defaultMessage: 'Checks per hour (peak)' }),
    value: '128',
    hint: defineMessage({ id: 'modules.qrc.weekdays10001100', defaultMessage: 'Weekdays 10:00–11:00' }),
  },
  {
    label: defineMessage({ id: 'modules.qrc.reviewerAgreement', defaultMessage: 'Reviewer agreement' }),
    value: '91%',
    hint: defineMessage({
      id: 'modules.qrc.manualReviewMatchesTheCheck',
      defaultMessage: 'Manual review matches the check',
    }),
  },
  {
    label: defineMessage({ id: 'modules.qrc.queueWait', defaultMessage: 'Queue wait' }),
    value: '0.3 s',
    hint: defineMessage({
      id: 'modules.qrc.averageBeforeACheckStarts',
      defaultMessage: 'Average before a check starts',
    }),
  },
];

export interface FailingCriterion {
  criterion: Text;
  failures: number;
}

/** Analytics tab: the criteria candidates fail most often. */
export const TOP_FAILING_CRITERIA: FailingCriterion[] = [
  {
    criterion: defineMessage({ id: 'modules.qrc.yearsOfExperience', defaultMessage: 'Years of experience' }),
    failures: 142,
  },
  {
    criterion: defineMessage({ id: 'modules.qrc.requiredCertification', defaultMessage: 'Required certification' }),
    failures: 98,
  },
  {
    criterion: defineMessage({ id: 'modules.qrc.technicalSkillMatch', defaultMessage: 'Technical skill match' }),
    failures: 87,
  },
  {
    criterion: defineMessage({ id: 'modules.qrc.locationEligibility', defaultMessage: 'Location eligibility' }),
    failures: 54,
  },
  {
    criterion: defineMessage({ id: 'modules.qrc.salaryExpectation', defaultMessage: 'Salary expectation' }),
    failures: 39,
  },
];
