import type { Text } from '../shared/text';
import { defineMessage } from 'react-intl';
import { DatabaseIcon, GaugeIcon, ShieldCheckIcon, WorkflowIcon } from 'lucide-react';
import type { ApiEndpointMonitor, DataQualityMetric, Pipeline, PrivacyActivity, StatCardData } from '../types';

/** Data pipeline admin (SortStak) sample data (spec §2 item 3, §3 pipeline … API endpoint monitor). */
export const SORTSTAK_STATS: StatCardData[] = [
  {
    label: defineMessage({ id: 'modules.sortstak.activePipelines', defaultMessage: 'Active Pipelines' }),
    value: '12',
    hint: defineMessage({ id: 'modules.sortstak.n3Queued', defaultMessage: '3 queued' }),
    icon: WorkflowIcon,
  },
  {
    label: defineMessage({ id: 'modules.sortstak.recordsProcessed', defaultMessage: 'Records Processed' }),
    value: '2.4M',
    hint: defineMessage({ id: 'modules.sortstak.last24Hours', defaultMessage: 'Last 24 hours' }),
    icon: DatabaseIcon,
  },
  {
    label: defineMessage({ id: 'modules.sortstak.dataQualityScore', defaultMessage: 'Data Quality Score' }),
    value: '96.8%',
    hint: defineMessage({ id: 'modules.sortstak.n12ThisWeek', defaultMessage: '+1.2% this week' }),
    icon: GaugeIcon,
  },
  {
    label: defineMessage({ id: 'modules.sortstak.privacyRequests', defaultMessage: 'Privacy Requests' }),
    value: '37',
    hint: defineMessage({ id: 'modules.sortstak.allWithinSla', defaultMessage: 'All within SLA' }),
    icon: ShieldCheckIcon,
  },
];

export const PIPELINES: Pipeline[] = [
  {
    name: defineMessage({ id: 'modules.sortstak.candidateProfileSync', defaultMessage: 'Candidate Profile Sync' }),
    status: 'running',
    progress: 67,
    throughput: '1,240 rec/s',
    platform: 'TalentMLS',
  },
  {
    name: defineMessage({ id: 'modules.sortstak.jobPostingNormalizer', defaultMessage: 'Job Posting Normalizer' }),
    status: 'running',
    progress: 42,
    throughput: '860 rec/s',
    platform: 'Fulfils',
  },
  {
    name: defineMessage({ id: 'modules.sortstak.skillsTaxonomyMerge', defaultMessage: 'Skills Taxonomy Merge' }),
    status: 'queued',
    progress: 0,
    throughput: '—',
    platform: 'Role Builder',
  },
  {
    name: defineMessage({
      id: 'modules.sortstak.assessmentResultsExport',
      defaultMessage: 'Assessment Results Export',
    }),
    status: 'completed',
    progress: 100,
    throughput: '2,100 rec/s',
    platform: 'Quick Role Check',
  },
];

export const DATA_QUALITY: DataQualityMetric[] = [
  {
    metric: defineMessage({ id: 'modules.sortstak.completeness', defaultMessage: 'Completeness' }),
    score: 98.2,
    status: 'excellent',
  },
  {
    metric: defineMessage({ id: 'modules.sortstak.accuracy', defaultMessage: 'Accuracy' }),
    score: 96.5,
    status: 'excellent',
  },
  {
    metric: defineMessage({ id: 'modules.sortstak.consistency', defaultMessage: 'Consistency' }),
    score: 91.3,
    status: 'good',
  },
  {
    metric: defineMessage({ id: 'modules.sortstak.timeliness', defaultMessage: 'Timeliness' }),
    score: 88.7,
    status: 'good',
  },
];

export interface ValidationRule {
  name: Text;
  state: 'Active' | 'Beta';
  description: Text;
}

/** The validation rules list of spec §2 item 3, verbatim. */
export const VALIDATION_RULES: ValidationRule[] = [
  {
    name: defineMessage({ id: 'modules.sortstak.emailFormatValidation', defaultMessage: 'Email Format Validation' }),
    state: 'Active',
    description: defineMessage({
      id: 'modules.sortstak.rejectsMalformedAddressesAtIngest',
      defaultMessage: 'Rejects malformed addresses at ingest',
    }),
  },
  {
    name: defineMessage({ id: 'modules.sortstak.duplicateDetection', defaultMessage: 'Duplicate Detection' }),
    state: 'Active',
    description: defineMessage({
      id: 'modules.sortstak.mergesRecordsDescribingTheSamePerson',
      defaultMessage: 'Merges records describing the same person',
    }),
  },
  {
    name: defineMessage({
      id: 'modules.sortstak.crossPlatformConsistency',
      defaultMessage: 'Cross-Platform Consistency',
    }),
    state: 'Beta',
    description: defineMessage({
      id: 'modules.sortstak.flagsFieldsThatDisagreeBetweenPlatforms',
      defaultMessage: 'Flags fields that disagree between platforms',
    }),
  },
];

export const PRIVACY_ACTIVITY: PrivacyActivity[] = [
  {
    user: 'analytics-team',
    operation: defineMessage({ id: 'modules.sortstak.export', defaultMessage: 'Export' }),
    dataset: defineMessage({ id: 'modules.sortstak.candidateProfiles', defaultMessage: 'Candidate profiles' }),
    size: '12.4 MB',
    privacy: 'Anonymized',
  },
  {
    user: 'j.morgan',
    operation: defineMessage({ id: 'modules.sortstak.deletionRequest', defaultMessage: 'Deletion request' }),
    dataset: defineMessage({ id: 'modules.sortstak.userAccountData', defaultMessage: 'User account data' }),
    size: '2.1 MB',
    privacy: 'GDPR Compliant',
  },
  {
    user: 'payroll-sync',
    operation: defineMessage({ id: 'modules.sortstak.read', defaultMessage: 'Read' }),
    dataset: defineMessage({ id: 'modules.sortstak.compensationData', defaultMessage: 'Compensation data' }),
    size: '840 KB',
    privacy: 'Restricted',
  },
  {
    user: 'support-desk',
    operation: defineMessage({ id: 'modules.sortstak.accessRequest', defaultMessage: 'Access request' }),
    dataset: defineMessage({ id: 'modules.sortstak.applicationHistory', defaultMessage: 'Application history' }),
    size: '1.3 MB',
    privacy: 'GDPR Compliant',
  },
];

export const API_ENDPOINTS: ApiEndpointMonitor[] = [
  {
    name: '/v1/candidates',
    status: 'healthy',
    calls: '48.2K',
    latency: '84 ms',
    rate_limit: '1000/min',
  },
  {
    name: '/v1/jobs',
    status: 'healthy',
    calls: '31.7K',
    latency: '96 ms',
    rate_limit: '1000/min',
  },
  {
    name: '/v1/skills',
    status: 'degraded',
    calls: '12.9K',
    latency: '412 ms',
    rate_limit: '500/min',
  },
  {
    name: '/v1/exports',
    status: 'healthy',
    calls: '2.3K',
    latency: '230 ms',
    rate_limit: '100/min',
  },
];
