import type { Analytics } from '@/data/admin/analytics-query';
import { formatNumber } from '@/lib/format';

/** The security signals an administrator watches (issue 14), all from server-sourced events. */
const SIGNALS = [
  { key: 'sign_ins', label: 'Sign-ins' },
  { key: 'failures', label: 'Failed sign-ins' },
  { key: 'lockouts', label: 'Lockouts' },
  { key: 'mfa', label: 'MFA events' },
  { key: 'credential_access', label: 'Credential access' },
] as const;

export type SignalKey = (typeof SIGNALS)[number]['key'];

/** 30-day totals of each signal, summed from the daily series. */
export function signalCounts(data: Pick<Analytics, 'daily'>): Record<SignalKey, number> {
  const totals = { sign_ins: 0, failures: 0, lockouts: 0, mfa: 0, credential_access: 0 };
  for (const day of data.daily) for (const { key } of SIGNALS) totals[key] += day[key];
  return totals;
}

export function AnalyticsSignals({ data }: { data: Analytics }) {
  const counts = signalCounts(data);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Security signals, last 30 days">
      {SIGNALS.map((s) => (
        <li key={s.key} data-testid={`signal-${s.key}`} className="rounded-lg border bg-card p-3">
          <div className="text-xl font-semibold tabular-nums">{formatNumber(counts[s.key])}</div>
          <div className="text-xs text-muted-foreground">{s.label}</div>
        </li>
      ))}
    </ul>
  );
}
