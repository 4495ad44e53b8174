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
import { useAnalyticsQuery, type Analytics } from '@/data/admin/analytics-query';
import { formatNumber } from '@/lib/format';
import { AnalyticsSignals } from './analytics-signals';

/** What browsers reported (page loads left out): listed apart and labelled, never in the figures. */
function BrowserReported({ types }: { types: Analytics['client_event_types'] }) {
  return (
    <Card className="lg:col-span-2">
      <CardHeader>
        <CardTitle>Reported by browsers (30 days)</CardTitle>
        <CardDescription>
          Events a browser sent to the audit log. The server did not observe them, so they count in none of the figures
          above.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {types.length === 0 ? (
          <EmptyState title="No browser-reported events." className="py-4" />
        ) : (
          <ul className="divide-y" data-testid="browser-event-types">
            {types.map((t) => (
              <li key={t.event_type} className="flex items-center justify-between gap-3 py-2 text-sm">
                <span className="flex min-w-0 items-center gap-2">
                  <Badge variant="outline">Browser</Badge>
                  <span className="truncate font-mono text-xs">{t.event_type}</span>
                </span>
                <span className="tabular-nums">{formatNumber(t.count)}</span>
              </li>
            ))}
          </ul>
        )}
      </CardContent>
    </Card>
  );
}

function Charts({ data }: { data: Analytics }) {
  const daily = data.daily.map((d) => ({ ...d, day: d.date.slice(5) }));
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <div className="lg:col-span-2">
        <AnalyticsSignals data={data} />
      </div>
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle>Sign-ins per day</CardTitle>
          <CardDescription>Successful and failed sign-ins over the last 30 days.</CardDescription>
        </CardHeader>
        <CardContent className="h-72" data-testid="chart-sign-ins">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart data={daily} margin={{ left: -20, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis dataKey="day" fontSize={11} interval="preserveStartEnd" />
              <YAxis allowDecimals={false} fontSize={11} />
              <Tooltip />
              <Legend />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="sign_ins"
                name="Sign-ins"
                stroke="var(--color-primary)"
                strokeWidth={2}
                dot={false}
              />
              <Line
                isAnimationActive={false}
                type="monotone"
                dataKey="failures"
                name="Failures"
                stroke="var(--color-destructive)"
                strokeWidth={2}
                dot={false}
              />
            </LineChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Active sessions per application</CardTitle>
        </CardHeader>
        <CardContent className="h-64" data-testid="chart-sessions">
          {data.sessions_per_app.length === 0 ? (
            <EmptyState title="No active sessions." />
          ) : (
            <ResponsiveContainer width="100%" height="100%">
              <BarChart data={data.sessions_per_app} margin={{ left: -20, right: 8 }}>
                <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
                <XAxis dataKey="app_name" fontSize={11} />
                <YAxis allowDecimals={false} fontSize={11} />
                <Tooltip />
                <Bar
                  isAnimationActive={false}
                  dataKey="count"
                  name="Sessions"
                  fill="var(--color-primary)"
                  radius={[4, 4, 0, 0]}
                />
              </BarChart>
            </ResponsiveContainer>
          )}
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Top event types (30 days)</CardTitle>
          <CardDescription>Recorded by the server.</CardDescription>
        </CardHeader>
        <CardContent className="h-64" data-testid="chart-events">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={data.top_event_types} layout="vertical" margin={{ left: 40, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis type="number" allowDecimals={false} fontSize={11} />
              <YAxis type="category" dataKey="event_type" width={120} fontSize={10} />
              <Tooltip />
              <Bar
                isAnimationActive={false}
                dataKey="count"
                name="Events"
                fill="var(--color-primary)"
                radius={[0, 4, 4, 0]}
              />
            </BarChart>
          </ResponsiveContainer>
        </CardContent>
      </Card>
      <BrowserReported types={data.client_event_types} />
    </div>
  );
}

/** Analytics (beyond the spec's placeholder): the security signals and charts from the audit log. */
export default function AnalyticsTab() {
  const analytics = useAnalyticsQuery();
  return (
    <QueryState query={analytics} loadingLabel="Loading analytics…" errorTitle="Could not load the analytics">
      {(data) => <Charts data={data} />}
    </QueryState>
  );
}
