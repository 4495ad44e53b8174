import { useState } from 'react';
import { AppWindow, Check, History, KeyRound, X } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAppsQuery, type AppSafe } from '@/data/admin/apps-query';
import { useRecentSessionsQuery } from '@/data/admin/recent-sessions-query';
import { useCredentialRequestsQuery } from '@/data/admin/credential-requests-query';
import {
  TOKEN_HASH_CHARS,
  credentialLabel,
  formatDate,
  formatDateTime,
  requestStatusLabel,
  requestStatusVariant,
} from './admin.utils';
import { CredentialRequestDialog } from './credential-request-dialog';

function Mark({ present, label }: { present: boolean; label: string }) {
  const intl = useIntl();
  return (
    <span
      className="inline-flex items-center gap-1 text-xs"
      aria-label={
        present
          ? intl.formatMessage({ id: 'admin.security.present', defaultMessage: '{label}: present' }, { label })
          : intl.formatMessage({ id: 'admin.security.absent', defaultMessage: '{label}: absent' }, { label })
      }
    >
      {present ? (
        <Check className="size-3.5 text-success" aria-hidden />
      ) : (
        <X className="size-3.5 text-muted-foreground" aria-hidden />
      )}
      {label}
    </span>
  );
}

function RegisteredApps({ onRequest }: { onRequest: (app: AppSafe) => void }) {
  const intl = useIntl();
  const apps = useAppsQuery();
  return (
    <QueryState
      query={apps}
      loadingLabel={intl.formatMessage({ id: 'admin.security.apps.loading', defaultMessage: 'Loading applications…' })}
      errorTitle={intl.formatMessage({
        id: 'admin.security.apps.loadError',
        defaultMessage: 'Could not load the registered applications',
      })}
      isEmpty={(d) => d.length === 0}
      empty={
        <EmptyState
          title={intl.formatMessage({
            id: 'admin.security.apps.empty',
            defaultMessage: 'No applications are registered yet.',
          })}
          className="py-4"
        />
      }
    >
      {(list) =>
        list.map((app) => (
          <div
            key={app.id}
            data-testid="registered-app"
            className="flex flex-col gap-3 rounded-lg border p-3 sm:flex-row sm:items-center sm:justify-between"
          >
            <div className="min-w-0">
              <div className="flex flex-wrap items-center gap-2">
                <span className="font-medium">{app.app_name}</span>
                <Badge variant={app.is_active ? 'success' : 'secondary'}>
                  {app.is_active ? (
                    <FormattedMessage id="admin.security.apps.active" defaultMessage="Active" />
                  ) : (
                    <FormattedMessage id="admin.security.apps.inactive" defaultMessage="Inactive" />
                  )}
                </Badge>
              </div>
              <div className="truncate text-xs text-muted-foreground">{app.app_url}</div>
              <div className="mt-1 flex gap-3">
                <Mark present={app.has_api_key} label={credentialLabel(intl, 'api_key')} />
                <Mark present={app.has_webhook_secret} label={credentialLabel(intl, 'webhook_secret')} />
              </div>
            </div>
            <Button variant="outline" size="sm" onClick={() => onRequest(app)}>
              <KeyRound />{' '}
              <FormattedMessage id="admin.security.apps.requestAccess" defaultMessage="Request Credential Access" />
            </Button>
          </div>
        ))
      }
    </QueryState>
  );
}

function RecentSessions() {
  const intl = useIntl();
  const sessions = useRecentSessionsQuery();
  return (
    <QueryState
      query={sessions}
      loadingLabel={intl.formatMessage({ id: 'admin.security.sessions.loading', defaultMessage: 'Loading sessions…' })}
      errorTitle={intl.formatMessage({
        id: 'admin.security.sessions.loadError',
        defaultMessage: 'Could not load the recent sessions',
      })}
      isEmpty={(d) => d.length === 0}
      empty={
        <EmptyState
          title={intl.formatMessage({ id: 'admin.security.sessions.empty', defaultMessage: 'No sessions yet.' })}
          className="py-4"
        />
      }
    >
      {(list) =>
        list.map((s) => (
          <div
            key={s.id}
            data-testid="recent-session"
            className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-2 text-sm"
          >
            <div className="flex items-center gap-2">
              <Badge variant={s.is_active ? 'success' : 'secondary'}>
                {s.is_active ? (
                  <FormattedMessage id="admin.security.sessions.active" defaultMessage="Active" />
                ) : (
                  <FormattedMessage id="admin.security.sessions.expired" defaultMessage="Expired" />
                )}
              </Badge>
              <span>{formatDate(intl, s.created_at)}</span>
            </div>
            <code className="text-xs text-muted-foreground">{s.session_token_hash.slice(0, TOKEN_HASH_CHARS)}…</code>
            <span className="text-xs">
              {s.ip_address ||
                intl.formatMessage({ id: 'admin.security.sessions.unknownIp', defaultMessage: 'Unknown' })}
            </span>
          </div>
        ))
      }
    </QueryState>
  );
}

function MyRequests() {
  const intl = useIntl();
  const requests = useCredentialRequestsQuery({ scope: 'mine' });
  return (
    <QueryState
      query={requests}
      loadingLabel={intl.formatMessage({ id: 'admin.security.requests.loading', defaultMessage: 'Loading requests…' })}
      errorTitle={intl.formatMessage({
        id: 'admin.security.requests.loadError',
        defaultMessage: 'Could not load your credential access requests',
      })}
      isEmpty={(d) => d.length === 0}
      empty={
        <EmptyState
          title={intl.formatMessage({
            id: 'admin.security.requests.empty',
            defaultMessage: 'No credential access requests yet.',
          })}
          className="py-4"
        />
      }
    >
      {(list) =>
        list.slice(0, 10).map((r) => (
          <div key={r.id} data-testid="credential-request" className="rounded-md border p-2 text-sm">
            <div className="flex flex-wrap items-center justify-between gap-2">
              <span className="font-medium">
                {r.app_name ??
                  intl.formatMessage({
                    id: 'admin.security.requests.unknownApp',
                    defaultMessage: 'Unknown application',
                  })}{' '}
                · {credentialLabel(intl, r.credential_type)}
              </span>
              <Badge variant={requestStatusVariant(r.status)}>{requestStatusLabel(intl, r.status)}</Badge>
            </div>
            <p className="mt-1 line-clamp-2 text-xs text-muted-foreground">{r.justification}</p>
            <p className="text-xs text-muted-foreground">{formatDateTime(intl, r.created_at)}</p>
          </div>
        ))
      }
    </QueryState>
  );
}

/** Security tab (spec §2): registered apps, the last five sessions, recent credential requests. */
export default function SecurityTab() {
  const [requesting, setRequesting] = useState<AppSafe | null>(null);
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <Card className="lg:col-span-2">
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <AppWindow className="size-5" aria-hidden />{' '}
            <FormattedMessage id="admin.security.apps.title" defaultMessage="Registered Applications" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="admin.security.apps.description"
              defaultMessage="Credentials are never shown here; access to them is requested, justified and logged."
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-3">
          <RegisteredApps onRequest={setRequesting} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle className="flex items-center gap-2">
            <History className="size-5" aria-hidden />{' '}
            <FormattedMessage id="admin.security.sessions.title" defaultMessage="Recent Sessions" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage id="admin.security.sessions.description" defaultMessage="The five newest sessions." />
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <RecentSessions />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>
            <FormattedMessage id="admin.security.requests.title" defaultMessage="Credential Access Requests" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="admin.security.requests.description"
              defaultMessage="Your recent requests, newest first."
            />
          </CardDescription>
        </CardHeader>
        <CardContent className="space-y-2">
          <MyRequests />
        </CardContent>
      </Card>
      {requesting && <CredentialRequestDialog app={requesting} onClose={() => setRequesting(null)} />}
    </div>
  );
}
