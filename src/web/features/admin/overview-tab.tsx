import { Activity, AppWindow, Clock, KeyRound, ShieldAlert, ShieldCheck, UserCog, Users } from 'lucide-react';
import type { LucideIcon } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { QueryState } from '@/components/query-state';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useOverviewQuery, type Overview } from '@/data/admin/overview-query';

function StatusCard({
  name,
  title,
  value,
  hint,
  icon: Icon,
}: {
  /** The card's English name, for its test id (the title is in the reader's language). */
  name: string;
  title: string;
  value: number;
  hint: string;
  icon: LucideIcon;
}) {
  const intl = useIntl();
  return (
    <Card>
      <CardHeader className="flex flex-row items-center justify-between gap-2 pb-2">
        <CardTitle className="text-sm font-medium">{title}</CardTitle>
        <Icon className="size-4 text-muted-foreground" aria-hidden />
      </CardHeader>
      <CardContent>
        <div className="text-2xl font-semibold" data-testid={`stat-${name}`}>
          {intl.formatNumber(value)}
        </div>
        <p className="text-xs text-muted-foreground">{hint}</p>
      </CardContent>
    </Card>
  );
}

function OverviewCards({ o }: { o: Overview }) {
  const intl = useIntl();
  const tiles = [
    {
      label: intl.formatMessage({ id: 'admin.overview.signIns', defaultMessage: 'Successful sign-ins' }),
      value: o.sign_ins_24h,
      icon: ShieldCheck,
    },
    {
      label: intl.formatMessage({ id: 'admin.overview.failedSignIns', defaultMessage: 'Failed sign-ins' }),
      value: o.failed_sign_ins_24h,
      icon: ShieldAlert,
    },
    {
      label: intl.formatMessage({ id: 'admin.overview.highSeverity', defaultMessage: 'High-severity events' }),
      value: o.high_severity_24h,
      icon: KeyRound,
    },
    {
      label: intl.formatMessage({ id: 'admin.overview.admins', defaultMessage: 'Administrators' }),
      value: o.admins,
      icon: UserCog,
    },
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        <StatusCard
          name="Total Users"
          title={intl.formatMessage({ id: 'admin.overview.totalUsers', defaultMessage: 'Total Users' })}
          value={o.users_total}
          hint={intl.formatMessage(
            {
              id: 'admin.overview.activeAccounts',
              defaultMessage: '{count, plural, one {# active account} other {# active accounts}}',
            },
            { count: o.users_active },
          )}
          icon={Users}
        />
        <StatusCard
          name="Active Sessions"
          title={intl.formatMessage({ id: 'admin.overview.activeSessions', defaultMessage: 'Active Sessions' })}
          value={o.active_sessions}
          hint={intl.formatMessage({
            id: 'admin.overview.activeSessionsHint',
            defaultMessage: 'Live sessions across the ecosystem',
          })}
          icon={Activity}
        />
        <StatusCard
          name="Registered Apps"
          title={intl.formatMessage({ id: 'admin.overview.registeredApps', defaultMessage: 'Registered Apps' })}
          value={o.apps_active}
          hint={intl.formatMessage(
            { id: 'admin.overview.registeredAppsHint', defaultMessage: '{count, number} registered in total' },
            { count: o.apps_total },
          )}
          icon={AppWindow}
        />
        <StatusCard
          name="Pending Requests"
          title={intl.formatMessage({ id: 'admin.overview.pendingRequests', defaultMessage: 'Pending Requests' })}
          value={o.pending_requests}
          hint={intl.formatMessage({
            id: 'admin.overview.pendingRequestsHint',
            defaultMessage: 'Credential access awaiting approval',
          })}
          icon={Clock}
        />
      </div>
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="admin.overview.last24h" defaultMessage="Last 24 hours" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="admin.overview.last24hDescription"
              defaultMessage="Server-recorded events from the tamper-evident audit log."
            />{' '}
            <span data-testid="client-events-24h">
              <FormattedMessage
                id="admin.overview.clientEvents"
                defaultMessage="Browsers reported {count, plural, one {# more event} other {# more events}}, not counted here."
                values={{ count: o.client_events_24h }}
              />
            </span>
          </CardDescription>
        </CardHeader>
        <CardContent className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
          {tiles.map((tile) => (
            <div key={tile.label} className="flex items-center gap-3 rounded-lg border p-3">
              <tile.icon className="size-5 text-primary" aria-hidden />
              <div>
                <div className="text-lg font-semibold">{intl.formatNumber(tile.value)}</div>
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
  const intl = useIntl();
  const overview = useOverviewQuery();
  return (
    <QueryState
      query={overview}
      errorTitle={intl.formatMessage({ id: 'admin.overview.loadError', defaultMessage: 'Could not load the overview' })}
      loadingRows={4}
    >
      {(o) => <OverviewCards o={o} />}
    </QueryState>
  );
}
