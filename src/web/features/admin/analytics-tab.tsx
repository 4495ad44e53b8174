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
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAnalyticsQuery, type Analytics } from '@/data/admin/analytics-query';
import { AnalyticsSignals } from './analytics-signals';

function eventLabel(e: Analytics['top_event_types'][number]): string {
  return e.source === 'client' ? `${e.event_type} (browser)` : e.event_type;
}

function Charts({ data }: { data: Analytics }) {
  const daily = data.daily.map((d) => ({ ...d, day: d.date.slice(5) }));
  const events = data.top_event_types.map((e) => ({ ...e, label: eventLabel(e) }));
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
          <CardDescription>Browser page-load events are left out.</CardDescription>
        </CardHeader>
        <CardContent className="h-64" data-testid="chart-events">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart data={events} layout="vertical" margin={{ left: 40, right: 8 }}>
              <CartesianGrid strokeDasharray="3 3" className="stroke-border" />
              <XAxis type="number" allowDecimals={false} fontSize={11} />
              <YAxis type="category" dataKey="label" width={120} fontSize={10} />
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
