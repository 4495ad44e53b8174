import { useWord } from '../shared/words';
import { textKey, useText } from '../shared/text';
import { FormattedMessage, useIntl } from 'react-intl';
import { AlertTriangleIcon, BadgeCheckIcon, StarIcon } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { ListRow, Meter, SectionCard } from '../shared/section-card';
import { StatusBadge } from '../shared/status-badge';
import { APPLICATIONS_BY_CATEGORY, EMPLOYERS, FRAUD_ALERTS, JOB_LISTINGS, PAYMENTS } from './talentmls.data';

export function JobListingsTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <div className="flex flex-col gap-4">
      <SectionCard
        title={intl.formatMessage({ id: 'modules.talentmls.fraudAlerts', defaultMessage: 'Fraud Alerts' })}
        description={intl.formatMessage({
          id: 'modules.talentmls.listingsFlaggedByTheFraudChecks',
          defaultMessage: 'Listings flagged by the fraud checks',
        })}
      >
        <ul>
          {FRAUD_ALERTS.map((f) => (
            <ListRow key={f.company} testId="fraud-alert">
              <div className="flex min-w-0 items-start gap-2">
                <AlertTriangleIcon className="mt-0.5 size-4 shrink-0 text-destructive" aria-hidden />
                <div className="min-w-0">
                  <p className="font-medium">{f.company}</p>
                  <p className="text-xs text-muted-foreground">{tx(f.issue)}</p>
                </div>
              </div>
              <div className="flex items-center gap-2">
                <StatusBadge status={f.severity} />
                {f.auto_blocked ? (
                  <Badge variant="destructive">
                    <FormattedMessage id="modules.talentmls.autoBlocked" defaultMessage="Auto-blocked" />
                  </Badge>
                ) : (
                  <Badge variant="outline">
                    <FormattedMessage id="modules.talentmls.underReview" defaultMessage="Under review" />
                  </Badge>
                )}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
      <SectionCard
        title={intl.formatMessage({ id: 'modules.talentmls.jobListings', defaultMessage: 'Job Listings' })}
        description={intl.formatMessage({
          id: 'modules.talentmls.latestListingsOnTheMarketplace',
          defaultMessage: 'Latest listings on the marketplace',
        })}
      >
        <ul>
          {JOB_LISTINGS.map((j) => (
            <ListRow key={textKey(j.title)}>
              <div className="min-w-0">
                <p className="font-medium">{tx(j.title)}</p>
                <p className="text-xs text-muted-foreground">
                  {j.company} · {j.salary} ·{' '}
                  <FormattedMessage
                    id="modules.talentmls.applications"
                    defaultMessage="{count, plural, one {# application} other {# applications}}"
                    values={{ count: j.applications }}
                  />
                </p>
              </div>
              <div className="flex flex-wrap items-center gap-2">
                <StatusBadge status={j.status} />
                {j.featured && (
                  <Badge>
                    <FormattedMessage id="modules.talentmls.featured" defaultMessage="Featured" />
                  </Badge>
                )}
                {j.cross_platform && (
                  <Badge variant="outline">
                    <FormattedMessage id="modules.talentmls.crossPlatform" defaultMessage="Cross-platform" />
                  </Badge>
                )}
              </div>
            </ListRow>
          ))}
        </ul>
      </SectionCard>
    </div>
  );
}

export function EmployersTab() {
  const tx = useText();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.talentmls.employers', defaultMessage: 'Employers' })}
      description={intl.formatMessage({
        id: 'modules.talentmls.companiesHiringThroughTheMarketplace',
        defaultMessage: 'Companies hiring through the marketplace',
      })}
    >
      <ul>
        {EMPLOYERS.map((e) => (
          <ListRow key={textKey(e.name)}>
            <div className="min-w-0">
              <p className="flex items-center gap-1 font-medium">
                {tx(e.name)}
                {e.verified && (
                  <BadgeCheckIcon
                    className="size-4 text-success"
                    aria-label={intl.formatMessage({ id: 'modules.talentmls.verified', defaultMessage: 'Verified' })}
                  />
                )}
              </p>
              <p className="text-xs text-muted-foreground">
                <FormattedMessage
                  id="modules.talentmls.jobs"
                  defaultMessage="{count, plural, one {# job} other {# jobs}}"
                  values={{ count: e.jobs }}
                />{' '}
                ·{' '}
                <FormattedMessage
                  id="modules.talentmls.paid"
                  defaultMessage="{amount} paid"
                  values={{ amount: e.total_paid }}
                />
              </p>
            </div>
            <div className="flex flex-wrap items-center gap-2 text-sm">
              <span className="inline-flex items-center gap-1 tabular-nums">
                <StarIcon className="size-3.5 fill-warning text-warning" aria-hidden />
                {e.rating}
              </span>
              <Badge variant={e.verified ? 'success' : 'warning'}>{e.verified ? 'Verified' : 'Unverified'}</Badge>
              {e.cross_platform && (
                <Badge variant="outline">
                  <FormattedMessage id="modules.talentmls.crossPlatform" defaultMessage="Cross-platform" />
                </Badge>
              )}
            </div>
          </ListRow>
        ))}
      </ul>
    </SectionCard>
  );
}

export function AnalyticsTab() {
  const tx = useText();
  const intl = useIntl();
  const max = Math.max(...APPLICATIONS_BY_CATEGORY.map((c) => c.value));
  return (
    <SectionCard
      title={intl.formatMessage({
        id: 'modules.talentmls.applicationsByCategory',
        defaultMessage: 'Applications by Category',
      })}
      description={intl.formatMessage({ id: 'modules.talentmls.thisMonth', defaultMessage: 'This month' })}
    >
      <ul className="flex flex-col gap-3">
        {APPLICATIONS_BY_CATEGORY.map((c) => (
          <li key={textKey(c.label)} className="grid grid-cols-[8rem_1fr_auto] items-center gap-3 text-sm">
            <span className="truncate">{tx(c.label)}</span>
            <Meter
              label={intl.formatMessage(
                { id: 'modules.talentmls.applicationsOf', defaultMessage: '{category} applications' },
                { category: tx(c.label) },
              )}
              value={Math.round((c.value / max) * 100)}
            />
            <span className="tabular-nums">{intl.formatNumber(c.value)}</span>
          </li>
        ))}
      </ul>
    </SectionCard>
  );
}

export function PaymentsTab() {
  const word = useWord();
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({ id: 'modules.talentmls.payments', defaultMessage: 'Payments' })}
      description={intl.formatMessage({
        id: 'modules.talentmls.listingPurchasesByEmployers',
        defaultMessage: 'Listing purchases by employers',
      })}
    >
      <ul>
        {PAYMENTS.map((p) => (
          <ListRow key={`${p.employer}-${p.type}`}>
            <div className="min-w-0">
              <p className="font-medium">{p.employer}</p>
              <p className="text-xs text-muted-foreground">{word(p.type)}</p>
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
