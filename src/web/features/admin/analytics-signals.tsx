import { SECURITY_SIGNALS, type SecuritySignalKey } from '@shared/security-signals';
import type { Analytics } from '@/data/admin/analytics-query';
import { formatNumber } from '@/lib/format';

/**
 * The five signals as 30-day totals. Sign-ins and failures can always be summed from the
 * daily series; the others come from the server's `signals` when it reports them.
 */
export function signalCounts(data: Analytics): Record<SecuritySignalKey, number | null> {
  const reported = new Map(data.signals?.map((s) => [s.key, s.count]));
  const sum = (k: 'sign_ins' | 'failures') => data.daily.reduce((n, d) => n + d[k], 0);
  return {
    sign_ins: reported.get('sign_ins') ?? sum('sign_ins'),
    failures: reported.get('failures') ?? sum('failures'),
    lockouts: reported.get('lockouts') ?? null,
    mfa: reported.get('mfa') ?? null,
    credential_access: reported.get('credential_access') ?? null,
  };
}

export function AnalyticsSignals({ data }: { data: Analytics }) {
  const counts = signalCounts(data);
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Security signals, last 30 days">
      {SECURITY_SIGNALS.map((s) => (
        <li key={s.key} data-testid={`signal-${s.key}`} className="rounded-lg border bg-card p-3">
          <div className="text-xl font-semibold tabular-nums">
            {counts[s.key] === null ? '—' : formatNumber(counts[s.key]!)}
          </div>
          <div className="text-xs text-muted-foreground">{s.label}</div>
        </li>
      ))}
    </ul>
  );
}
