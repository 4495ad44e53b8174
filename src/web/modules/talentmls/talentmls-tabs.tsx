import { AlertTriangleIcon, BadgeCheckIcon, StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { APPLICATIONS_BY_CATEGORY, EMPLOYERS, FRAUD_ALERTS, JOB_LISTINGS, PAYMENTS } from './talentmls.data';

export function JobListingsTab() {
  return (
    <div className="flex flex-col gap-4">
      <SectionCard title="Fraud Alerts" description="Listings flagged by the fraud checks">
        <ul>
          {FRAUD_ALERTS.map((f) => (
            <ListRow key={f.company} testId="fraud-alert">
              <div className="flex min-w-0 items-start gap-2">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium">{f.company}</p>
                  <p className="text-xs text-muted-foreground">{f.issue}</p>
                </div>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={f.severity} />
                {f.auto_blocked ? (
                  <Badge variant="destructive">Auto-blocked</Badge>
                ) : (
                  <Badge variant="outline">Under review</Badge>
                )}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard title="Job Listings" description="Latest listings on the marketplace">
        <ul>
          {JOB_LISTINGS.map((j) => (
            <ListRow key={j.title}>
              <div className="min-w-0">
                <p className="font-medium">{j.title}</p>
                <p className="text-xs text-muted-foreground">
                  {j.company} · {j.salary} · {j.applications} applications
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={j.status} />
                {j.featured && <Badge>Featured</Badge>}
                {j.cross_platform && <Badge variant="outline">Cross-platform</Badge>}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function EmployersTab() {
  return (
    <SectionCard title="Employers" description="Companies hiring through the marketplace">
      <ul>
        {EMPLOYERS.map((e) => (
          <ListRow key={e.name}>
            <div className="min-w-0">
              <p className="flex items-center gap-1 font-medium">
                {e.name}
                {e.verified && <BadgeCheckIcon className="size-4 text-success" aria-label="Verified" />}
              </p>
              <p className="text-xs text-muted-foreground">
                {e.jobs} jobs · {e.total_paid} paid
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="inline-flex items-center gap-1 tabular-nums">
                <StarIcon className="size-3.5 fill-warning text-warning" aria-hidden />
                {e.rating}
              </span>
              <Badge variant={e.verified ? 'success' : 'warning'}>{e.verified ? 'Verified' : 'Unverified'}</Badge>
              {e.cross_platform && <Badge variant="outline">Cross-platform</Badge>}
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AnalyticsTab() {
  const max = Math.max(...APPLICATIONS_BY_CATEGORY.map((c) => c.value));
  return (
    <SectionCard title="Applications by Category" description="This month">
      <ul className="flex flex-col gap-3">
        {APPLICATIONS_BY_CATEGORY.map((c) => (
          <li key={c.label} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate">{c.label}</span>
            <Meter label={`${c.label} applications`} value={Math.round((c.value / max) * 100)} />
            <span className="tabular-nums">{c.value.toLocaleString('en-US')}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function PaymentsTab() {
  return (
    <SectionCard title="Payments" description="Listing purchases by employers">
      <ul>
        {PAYMENTS.map((p) => (
          <ListRow key={`${p.employer}-${p.type}`}>
            <div className="min-w-0">
              <p className="font-medium">{p.employer}</p>
              <p className="text-xs text-muted-foreground">{p.type}</p>
            </div>
            <div className="flex items-center gap-3">
              <span className="font-medium tabular-nums">{p.amount}</span>
              <StatusBadge status={p.status} />
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}
