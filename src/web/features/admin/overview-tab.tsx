import { Activity, AppWindow, Clock, KeyRound, ShieldAlert, ShieldCheck, UserCog, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOverviewQuery, type Overview } from '@/data/admin/overview-query';
import { countOf, formatNumber } from '@/lib/format';

function StatusCard({
  title,
  value,
  hint,
  icon: Icon,
}: {
  title: string;
  value: number;
  hint: string;
  icon: LucideIcon;
}) {
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold" data-testid={`stat-${title}`}>
          {formatNumber(value)}
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function OverviewCards({ o }: { o: Overview }) {
  const tiles = [
    { label: 'Successful sign-ins', value: o.sign_ins_24h, icon: ShieldCheck },
    { label: 'Failed sign-ins', value: o.failed_sign_ins_24h, icon: ShieldAlert },
    { label: 'High-severity events', value: o.high_severity_24h, icon: KeyRound },
    { label: 'Administrators', value: o.admins, icon: UserCog },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatusCard
          title="Total Users"
          value={o.users_total}
          hint={countOf(o.users_active, 'active account', 'active accounts')}
          icon={Users}
        />
        <StatusCard
          title="Active Sessions"
          value={o.active_sessions}
          hint="Live sessions across the ecosystem"
          icon={Activity}
        />
        <StatusCard
          title="Registered Apps"
          value={o.apps_active}
          hint={`${formatNumber(o.apps_total)} registered in total`}
          icon={AppWindow}
        />
        <StatusCard
          title="Pending Requests"
          value={o.pending_requests}
          hint="Credential access awaiting approval"
          icon={Clock}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>Last 24 hours</CardTitle>
          <CardDescription>
            Server-recorded events from the tamper-evident audit log.{' '}
            <span data-testid="client-events-24h">
              Browsers reported {countOf(o.client_events_24h, 'more event', 'more events')}, not counted here.
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map((tile) => (
            <div key={tile.label} className="flex items-center gap-3 rounded-lg border p-3">
              <tile.icon className="size-5 text-primary" aria-hidden />
              <div>
                <div className="text-lg font-semibold">{formatNumber(tile.value)}</div>
                <div className="text-xs text-muted-foreground">{tile.label}</div>
              </div>
            </div>
          ))}
        </CardContent>
      </Card>
    </div>
  );
}

/** Overview (spec §2): four status cards and four summary tiles, all read from the database. */
export default function OverviewTab() {
  const overview = useOverviewQuery();
  return (
    <QueryState query={overview} errorTitle="Could not load the overview" loadingRows={4}>
      {(o) => <OverviewCards o={o} />}
    </QueryState>
  );
}
