import type { ReactElement, ReactNode } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SectionCard } from '@/components/section-card';
import { useAnalyticsQuery, type Analytics } from '@/data/admin/analytics-query';
import { AnalyticsSignals } from './analytics-signals';

/** What browsers reported (page loads left out): listed apart and labelled, never in the figures. */
function BrowserReported({ types }: { types: Analytics['client_event_types'] }) {
  const intl = useIntl();
  return (
    <SectionCard
      title={intl.formatMessage({
        id: 'admin.analytics.browser.title',
        defaultMessage: 'Reported by browsers (30 days)',
      })}
      description={intl.formatMessage({
        id: 'admin.analytics.browser.description',
        defaultMessage:
          'Events a browser sent to the audit log. The server did not observe them, so they count in none of the figures above.',
      })}
      className="lg:col-span-2"
    >
      {types.length === 0 ? (
        <EmptyState
          title={intl.formatMessage({
            id: 'admin.analytics.browser.empty',
            defaultMessage: 'No browser-reported events.',
          })}
          className="py-4"
        />
      ) : (
        <ul className="divide-y" data-testid="browser-event-types">
          {types.map((t) => (
            <li key={t.event_type} className="flex items-center justify-between gap-3 py-2 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <Badge variant="outline">
                  <FormattedMessage id="admin.analytics.browser.badge" defaultMessage="Browser" />
                </Badge>
                <span className="truncate font-mono text-xs">{t.event_type}</span>
              </span>
              <span className="tabular-nums">{intl.formatNumber(t.count)}</span>
            </li>
          ))}
        </ul>
      )}
    </SectionCard>
  );
}

/** One chart in its card, filling the card's height; `empty`, when given, stands in its place. */
function ChartCard({
  title,
  description,
  testId,
  className,
  height,
  empty,
  children,
}: {
  title: string;
  description?: string;
  testId: string;
  className?: string;
  height: 'h-64' | 'h-72';
  empty?: ReactNode;
  children: ReactElement;
}) {
  return (
    <Card className={className}>
      <CardHeader>
        <CardTitle>{title}</CardTitle>
        {description && <CardDescription>{description}</CardDescription>}
      </CardHeader>
      <CardContent className={height} data-testid={testId}>
        {empty || (
          <ResponsiveContainer width="100%" height="100%">
            {children}
          </ResponsiveContainer>
        )}
      </CardContent>
    </Card>
  );
}

/** A day-by-day line of the sign-in chart: drawn at once, without dots. */
function dailyLine(dataKey: 'sign_ins' | 'failures', name: string, stroke: string) {
  return (
    <Line
      isAnimationActive={false}
      type="monotone"
      dataKey={dataKey}
      name={name}
      stroke={stroke}
      strokeWidth={2}
      dot={false}
    />
  );
}

function Charts({ data }: { data: Analytics }) {
  const intl = useIntl();
  const daily = data.daily.map((d) => ({ ...d, day: d.date.slice(5) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <AnalyticsSignals data={data} />
      </div>
      <ChartCard
        title={intl.formatMessage({ id: 'admin.analytics.signIns.title', defaultMessage: 'Sign-ins per day' })}
        description={intl.formatMessage({
          id: 'admin.analytics.signIns.description',
          defaultMessage: 'Successful and failed sign-ins over the last 30 days.',
        })}
        testId="chart-sign-ins"
        className="lg:col-span-2"
        height="h-72"
      >
        <LineChart data={daily} margin={{ left: -20, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="day" fontSize={11} interval="preserveStartEnd" />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Legend />
          {dailyLine(
            'sign_ins',
            intl.formatMessage({ id: 'admin.analytics.signIns.series', defaultMessage: 'Sign-ins' }),
            'var(--color-primary)',
          )}
          {dailyLine(
            'failures',
            intl.formatMessage({ id: 'admin.analytics.failures.series', defaultMessage: 'Failures' }),
            'var(--color-destructive)',
          )}
        </LineChart>
      </ChartCard>
      <ChartCard
        title={intl.formatMessage({
          id: 'admin.analytics.sessions.title',
          defaultMessage: 'Active sessions per application',
        })}
        testId="chart-sessions"
        height="h-64"
        empty={
          data.sessions_per_app.length === 0 && (
            <EmptyState
              title={intl.formatMessage({
                id: 'admin.analytics.sessions.empty',
                defaultMessage: 'No active sessions.',
              })}
            />
          )
        }
      >
        <BarChart data={data.sessions_per_app} margin={{ left: -20, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis dataKey="app_name" fontSize={11} />
          <YAxis allowDecimals={false} fontSize={11} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            dataKey="count"
            name={intl.formatMessage({ id: 'admin.analytics.sessions.series', defaultMessage: 'Sessions' })}
            fill="var(--color-primary)"
            radius={[4, 4, 0, 0]}
          />
        </BarChart>
      </ChartCard>
      <ChartCard
        title={intl.formatMessage({ id: 'admin.analytics.events.title', defaultMessage: 'Top event types (30 days)' })}
        description={intl.formatMessage({
          id: 'admin.analytics.events.description',
          defaultMessage: 'Recorded by the server.',
        })}
        testId="chart-events"
        height="h-64"
      >
        <BarChart data={data.top_event_types} layout="vertical" margin={{ left: 40, right: 8 }}>
          <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
          <XAxis type="number" allowDecimals={false} fontSize={11} />
          <YAxis type="category" dataKey="event_type" width={120} fontSize={10} />
          <Tooltip />
          <Bar
            isAnimationActive={false}
            dataKey="count"
            name={intl.formatMessage({ id: 'admin.analytics.events.series', defaultMessage: 'Events' })}
            fill="var(--color-primary)"
            radius={[0, 4, 4, 0]}
          />
        </BarChart>
      </ChartCard>
      <BrowserReported types={data.client_event_types} />
    </div>
  );
}

/** Analytics (beyond the spec's placeholder): the security signals and charts from the audit log. */
export default function AnalyticsTab() {
  const intl = useIntl();
  const analytics = useAnalyticsQuery();
  return (
    <QueryState
      query={analytics}
      loadingLabel={intl.formatMessage({ id: 'admin.analytics.loading', defaultMessage: 'Loading analytics…' })}
      errorTitle={intl.formatMessage({
        id: 'admin.analytics.loadError',
        defaultMessage: 'Could not load the analytics',
      })}
    >
      {(data) => <Charts data={data} />}
    </QueryState>
  );
}
