import { Link } from 'react-router';
import { FormattedMessage, useIntl } from 'react-intl';
import { textKey, useText } from '@/modules/shared/text';
import { ArrowRightIcon } from 'lucide-react';
import { StatGrid } from '@/modules/shared/stat-card';
import { ListRow, SectionCard } from '@/modules/shared/section-card';
import { StatusBadge } from '@/modules/shared/status-badge';
import { DEMO_ACTIVITY, DEMO_STATS, DEMO_SYSTEMS } from './demo-dashboard.data';
import { useDemoUser } from './demo-user';
import { useDocumentTitle } from '@/lib/use-document-title';

/** The investor demo's landing screen: static figures only, no server calls (spec §2). */
export default function DemoDashboard() {
  const intl = useIntl();
  const t = useText();
  const user = useDemoUser();
  useDocumentTitle(intl.formatMessage({ id: 'demo.title', defaultMessage: 'Demo' }));
  return (
    <div className="flex min-w-0 flex-col gap-5">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">
          <FormattedMessage id="demo.heading" defaultMessage="Ecosystem Demo Dashboard" />
        </h1>
        <p className="mt-1 text-sm text-muted-foreground">
          <FormattedMessage
            id="demo.welcome"
            defaultMessage="Welcome, {name}. Sample data across the five hiring platforms; nothing here touches live systems."
            values={{ name: user.name }}
          />
        </p>
      </header>
      <StatGrid stats={DEMO_STATS} />
      <div className="grid min-w-0 gap-4 lg:grid-cols-2">
        <SectionCard
          title={intl.formatMessage({ id: 'demo.systems.title', defaultMessage: 'Connected Systems' })}
          description={intl.formatMessage({
            id: 'demo.systems.description',
            defaultMessage: "Open any platform's admin screen with sample data",
          })}
        >
          <ul>
            {DEMO_SYSTEMS.map((s) => (
              <ListRow key={s.path}>
                <div className="min-w-0">
                  <Link
                    to={`/demo/${s.path}`}
                    className="inline-flex items-center gap-1 font-medium text-primary hover:underline"
                  >
                    {s.name} <ArrowRightIcon className="size-3.5" aria-hidden />
                  </Link>
                  <p className="text-xs text-muted-foreground">{t(s.description)}</p>
                </div>
                <div className="flex items-center gap-3 text-sm">
                  <span className="tabular-nums text-muted-foreground">
                    <FormattedMessage
                      id="demo.systems.users"
                      defaultMessage="{users} users"
                      values={{ users: s.users }}
                    />
                  </span>
                  <StatusBadge status={s.status} />
                </div>
              </ListRow>
            ))}
          </ul>
        </SectionCard>
        <SectionCard
          title={intl.formatMessage({ id: 'demo.activity.title', defaultMessage: 'Recent Activity' })}
          description={intl.formatMessage({
            id: 'demo.activity.description',
            defaultMessage: 'Latest events across the ecosystem',
          })}
        >
          <ul>
            {DEMO_ACTIVITY.map((a) => (
              <ListRow key={textKey(a.event)}>
                <div className="min-w-0">
                  <p className="text-sm font-medium">{t(a.event)}</p>
                  <p className="text-xs text-muted-foreground">{a.system}</p>
                </div>
                <span className="text-xs text-muted-foreground">{t(a.time)}</span>
              </ListRow>
            ))}
          </ul>
        </SectionCard>
      </div>
    </div>
  );
}
