import { useCallback } from 'react';
import { defineMessages, useIntl } from 'react-intl';

/**
 * The closed vocabularies of the sample records (statuses, complexities, types, retention…), as a
 * person reads them in the active locale; the spec's snake_case statuses read with spaces.
 */
const WORDS = defineMessages({
  active: { id: 'modules.status.active', defaultMessage: 'active' },
  Active: { id: 'modules.status.Active', defaultMessage: 'Active' },
  running: { id: 'modules.status.running', defaultMessage: 'running' },
  healthy: { id: 'modules.status.healthy', defaultMessage: 'healthy' },
  completed: { id: 'modules.status.completed', defaultMessage: 'completed' },
  resolved: { id: 'modules.status.resolved', defaultMessage: 'resolved' },
  excellent: { id: 'modules.status.excellent', defaultMessage: 'excellent' },
  good: { id: 'modules.status.good', defaultMessage: 'good' },
  Pass: { id: 'modules.status.Pass', defaultMessage: 'Pass' },
  allowed: { id: 'modules.status.allowed', defaultMessage: 'allowed' },
  operational: { id: 'modules.status.operational', defaultMessage: 'operational' },
  delivered: { id: 'modules.status.delivered', defaultMessage: 'delivered' },
  shipped: { id: 'modules.status.shipped', defaultMessage: 'shipped' },
  processing: { id: 'modules.status.processing', defaultMessage: 'processing' },
  Draft: { id: 'modules.status.Draft', defaultMessage: 'Draft' },
  Review: { id: 'modules.status.Review', defaultMessage: 'Review' },
  queued: { id: 'modules.status.queued', defaultMessage: 'queued' },
  Conditional: { id: 'modules.status.Conditional', defaultMessage: 'Conditional' },
  degraded: { id: 'modules.status.degraded', defaultMessage: 'degraded' },
  pending: { id: 'modules.status.pending', defaultMessage: 'pending' },
  pending_approval: { id: 'modules.status.pendingApproval', defaultMessage: 'pending approval' },
  pending_verification: { id: 'modules.status.pendingVerification', defaultMessage: 'pending verification' },
  paused: { id: 'modules.status.paused', defaultMessage: 'paused' },
  monitoring: { id: 'modules.status.monitoring', defaultMessage: 'monitoring' },
  restricted: { id: 'modules.status.restricted', defaultMessage: 'restricted' },
  syncing: { id: 'modules.status.syncing', defaultMessage: 'syncing' },
  in_progress: { id: 'modules.status.inProgress', defaultMessage: 'in progress' },
  maintenance: { id: 'modules.status.maintenance', defaultMessage: 'maintenance' },
  Fail: { id: 'modules.status.Fail', defaultMessage: 'Fail' },
  blocked: { id: 'modules.status.blocked', defaultMessage: 'blocked' },
  expired: { id: 'modules.status.expired', defaultMessage: 'expired' },
  cancelled: { id: 'modules.status.cancelled', defaultMessage: 'cancelled' },
  suspended: { id: 'modules.status.suspended', defaultMessage: 'suspended' },
  high: { id: 'modules.status.high', defaultMessage: 'high' },
  medium: { id: 'modules.status.medium', defaultMessage: 'medium' },
  low: { id: 'modules.status.low', defaultMessage: 'low' },
  critical: { id: 'modules.status.critical', defaultMessage: 'critical' },
  auto_blocked: { id: 'modules.status.autoBlocked', defaultMessage: 'auto blocked' },
  rate_limited: { id: 'modules.status.rateLimited', defaultMessage: 'rate limited' },
  captcha_enabled: { id: 'modules.status.captchaEnabled', defaultMessage: 'captcha enabled' },
  Low: { id: 'modules.word.Low', defaultMessage: 'Low' },
  Medium: { id: 'modules.word.Medium', defaultMessage: 'Medium' },
  High: { id: 'modules.word.High', defaultMessage: 'High' },
  Structured: { id: 'modules.word.Structured', defaultMessage: 'Structured' },
  'Semi-structured': { id: 'modules.word.SemiStructured', defaultMessage: 'Semi-structured' },
  Graph: { id: 'modules.word.Graph', defaultMessage: 'Graph' },
  'Time Series': { id: 'modules.word.TimeSeries', defaultMessage: 'Time Series' },
  'GDPR Compliant': { id: 'modules.word.GdprCompliant', defaultMessage: 'GDPR Compliant' },
  Anonymized: { id: 'modules.word.Anonymized', defaultMessage: 'Anonymized' },
  Restricted: { id: 'modules.word.Restricted', defaultMessage: 'Restricted' },
  'Featured Listing': { id: 'modules.word.FeaturedListing', defaultMessage: 'Featured Listing' },
  'Premium Package': { id: 'modules.word.PremiumPackage', defaultMessage: 'Premium Package' },
  'Standard Listing': { id: 'modules.word.StandardListing', defaultMessage: 'Standard Listing' },
  Employer: { id: 'modules.word.Employer', defaultMessage: 'Employer' },
  Candidate: { id: 'modules.word.Candidate', defaultMessage: 'Candidate' },
  Recruiter: { id: 'modules.word.Recruiter', defaultMessage: 'Recruiter' },
  '30 days': { id: 'modules.word.30days', defaultMessage: '30 days' },
  '90 days': { id: 'modules.word.90days', defaultMessage: '90 days' },
  '7 years': { id: 'modules.word.7years', defaultMessage: '7 years' },
  '1 year': { id: 'modules.word.1year', defaultMessage: '1 year' },
  Beta: { id: 'modules.word.Beta', defaultMessage: 'Beta' },
  'Database (incremental)': { id: 'modules.word.DatabaseIncremental', defaultMessage: 'Database (incremental)' },
  'Database (full)': { id: 'modules.word.DatabaseFull', defaultMessage: 'Database (full)' },
  'Audit logs': { id: 'modules.word.AuditLogs', defaultMessage: 'Audit logs' },
  'File storage': { id: 'modules.word.FileStorage', defaultMessage: 'File storage' },
  daily: { id: 'modules.word.daily', defaultMessage: 'daily' },
  hourly: { id: 'modules.word.hourly', defaultMessage: 'hourly' },
});

/** `word(value)`: a sample record's status or type in the active locale; an unknown one as it is, underscores as spaces. */
export function useWord(): (value: string) => string {
  const intl = useIntl();
  return useCallback(
    (value: string) => {
      const known = WORDS[value as keyof typeof WORDS];
      return known ? intl.formatMessage(known) : value.replace(/_/g, ' ');
    },
    [intl],
  );
}
