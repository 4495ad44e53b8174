import { DatabaseIcon, GaugeIcon, ShieldCheckIcon, WorkflowIcon } from 'lucide-react';
import type { ApiEndpointMonitor, DataQualityMetric, Pipeline, PrivacyActivity, StatCardData } from '../types';

/** Data pipeline admin (SortStak) sample data (spec §2 item 3, §3 pipeline … API endpoint monitor). */
export const SORTSTAK_STATS: StatCardData[] = [
  { label: 'Active Pipelines', value: '12', hint: '3 queued', icon: WorkflowIcon },
  { label: 'Records Processed', value: '2.4M', hint: 'Last 24 hours', icon: DatabaseIcon },
  { label: 'Data Quality Score', value: '96.8%', hint: '+1.2% this week', icon: GaugeIcon },
  { label: 'Privacy Requests', value: '37', hint: 'All within SLA', icon: ShieldCheckIcon },
];

export const PIPELINES: Pipeline[] = [
  { name: 'Candidate Profile Sync', status: 'running', progress: 67, throughput: '1,240 rec/s', platform: 'TalentMLS' },
  { name: 'Job Posting Normalizer', status: 'running', progress: 42, throughput: '860 rec/s', platform: 'Fulfils' },
  { name: 'Skills Taxonomy Merge', status: 'queued', progress: 0, throughput: '—', platform: 'Role Builder' },
  {
    name: 'Assessment Results Export',
    status: 'completed',
    progress: 100,
    throughput: '2,100 rec/s',
    platform: 'Quick Role Check',
  },
];

export const DATA_QUALITY: DataQualityMetric[] = [
  { metric: 'Completeness', score: 98.2, status: 'excellent' },
  { metric: 'Accuracy', score: 96.5, status: 'excellent' },
  { metric: 'Consistency', score: 91.3, status: 'good' },
  { metric: 'Timeliness', score: 88.7, status: 'good' },
];

export interface ValidationRule {
  name: string;
  state: 'Active' | 'Beta';
  description: string;
}

/** The validation rules list of spec §2 item 3, verbatim. */
export const VALIDATION_RULES: ValidationRule[] = [
  { name: 'Email Format Validation', state: 'Active', description: 'Rejects malformed addresses at ingest' },
  { name: 'Duplicate Detection', state: 'Active', description: 'Merges records describing the same person' },
  { name: 'Cross-Platform Consistency', state: 'Beta', description: 'Flags fields that disagree between platforms' },
];

export const PRIVACY_ACTIVITY: PrivacyActivity[] = [
  {
    user: 'analytics-team',
    operation: 'Export',
    dataset: 'Candidate profiles',
    size: '12.4 MB',
    privacy: 'Anonymized',
  },
  {
    user: 'j.morgan',
    operation: 'Deletion request',
    dataset: 'User account data',
    size: '2.1 MB',
    privacy: 'GDPR Compliant',
  },
  { user: 'payroll-sync', operation: 'Read', dataset: 'Compensation data', size: '840 KB', privacy: 'Restricted' },
  {
    user: 'support-desk',
    operation: 'Access request',
    dataset: 'Application history',
    size: '1.3 MB',
    privacy: 'GDPR Compliant',
  },
];

export const API_ENDPOINTS: ApiEndpointMonitor[] = [
  { name: '/v1/candidates', status: 'healthy', calls: '48.2K', latency: '84 ms', rate_limit: '1000/min' },
  { name: '/v1/jobs', status: 'healthy', calls: '31.7K', latency: '96 ms', rate_limit: '1000/min' },
  { name: '/v1/skills', status: 'degraded', calls: '12.9K', latency: '412 ms', rate_limit: '500/min' },
  { name: '/v1/exports', status: 'healthy', calls: '2.3K', latency: '230 ms', rate_limit: '100/min' },
];
