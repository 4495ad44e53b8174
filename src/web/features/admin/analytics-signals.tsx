import { defineMessages, useIntl } from 'react-intl';
import type { Analytics } from '@/data/admin/analytics-query';

const labels = defineMessages({
  sign_ins: { id: 'admin.analytics.signals.signIns', defaultMessage: 'Sign-ins' },
  failures: { id: 'admin.analytics.signals.failures', defaultMessage: 'Failed sign-ins' },
  lockouts: { id: 'admin.analytics.signals.lockouts', defaultMessage: 'Lockouts' },
  mfa: { id: 'admin.analytics.signals.mfa', defaultMessage: 'MFA events' },
  credential_access: { id: 'admin.analytics.signals.credentialAccess', defaultMessage: 'Credential access' },
});

/** The security signals an administrator watches (issue 14), all from server-sourced events. */
const SIGNALS = [
  { key: 'sign_ins', label: labels.sign_ins },
  { key: 'failures', label: labels.failures },
  { key: 'lockouts', label: labels.lockouts },
  { key: 'mfa', label: labels.mfa },
  { key: 'credential_access', label: labels.credential_access },
] as const;

export type SignalKey = (typeof SIGNALS)[number]['key'];

/** 30-day totals of each signal, summed from the daily series. */
export function signalCounts(data: Pick<Analytics, 'daily'>): Record<SignalKey, number> {
  const totals = { sign_ins: 0, failures: 0, lockouts: 0, mfa: 0, credential_access: 0 };
  for (const day of data.daily) for (const { key } of SIGNALS) totals[key] += day[key];
  return totals;
}

export function AnalyticsSignals({ data }: { data: Analytics }) {
  const intl = useIntl();
  const counts = signalCounts(data);
  return (
    <ul
      className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5"
      aria-label={intl.formatMessage({
        id: 'admin.analytics.signals.label',
        defaultMessage: 'Security signals, last 30 days',
      })}
    >
      {SIGNALS.map((s) => (
        <li key={s.key} data-testid={`signal-${s.key}`} className="rounded-lg border bg-card p-3">
          <div className="text-xl font-semibold tabular-nums">{intl.formatNumber(counts[s.key])}</div>
          <div className="text-xs text-muted-foreground">{intl.formatMessage(s.label)}</div>
        </li>
      ))}
    </ul>
  );
}
