import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Monitor, Smartphone } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuthSessionsQuery, type AuthSession } from '@/data/oauth-clients/auth-sessions-query';
import { useAuthSessionRevokeMutation } from '@/data/oauth-clients/auth-session-revoke-mutation';
import { relativeTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { PendingDevices } from '@/features/device/pending-devices';
import { CORE_PLATFORM_NAME, UNKNOWN_BROWSER, browserName, isExpiringSoon, isMobileAgent } from './oauth-admin.utils';

export function SessionCard({ session, now }: { session: AuthSession; now: number }) {
  const intl = useIntl();
  const revoke = useAuthSessionRevokeMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage({ id: 'oauth.sessions.revoked', defaultMessage: 'Session revoked successfully' }),
      ),
  });
  const DeviceIcon = isMobileAgent(session.user_agent) ? Smartphone : Monitor;
  const browser = browserName(session.user_agent);
  return (
    <Card data-testid="auth-session-card">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <DeviceIcon
              className="size-4"
              aria-label={
                isMobileAgent(session.user_agent)
                  ? intl.formatMessage({ id: 'oauth.sessions.mobile', defaultMessage: 'Mobile device' })
                  : intl.formatMessage({ id: 'oauth.sessions.desktop', defaultMessage: 'Desktop device' })
              }
            />
            {session.app_name ?? CORE_PLATFORM_NAME}
          </CardTitle>
          <div className="flex gap-1">
            {isExpiringSoon(session.expires_at, now) && (
              <Badge variant="warning">
                <FormattedMessage id="oauth.sessions.expiringSoon" defaultMessage="Expiring Soon" />
              </Badge>
            )}
            <Badge variant="outline">
              {browser === UNKNOWN_BROWSER ? (
                <FormattedMessage id="oauth.sessions.unknownBrowser" defaultMessage="Unknown Browser" />
              ) : (
                browser
              )}
            </Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {session.user_email && (
            <div>
              <FormattedMessage
                id="oauth.sessions.user"
                defaultMessage="User: {email}"
                values={{ email: session.user_email }}
              />
            </div>
          )}
          <div>
            {session.ip_address ? (
              <FormattedMessage id="oauth.sessions.ip" defaultMessage="IP: {ip}" values={{ ip: session.ip_address }} />
            ) : (
              <FormattedMessage id="oauth.sessions.unknownIp" defaultMessage="IP: Unknown IP" />
            )}
          </div>
          <div>
            <FormattedMessage
              id="oauth.sessions.lastAccessed"
              defaultMessage="Last accessed: {time}"
              values={{ time: relativeTime(session.last_accessed_at, now) }}
            />
          </div>
          <div>
            <FormattedMessage
              id="oauth.sessions.created"
              defaultMessage="Created: {time}"
              values={{ time: relativeTime(session.created_at, now) }}
            />
          </div>
          <div>
            <FormattedMessage
              id="oauth.sessions.expires"
              defaultMessage="Expires: {time}"
              values={{
                time: intl.formatDate(session.expires_at, {
                  year: 'numeric',
                  month: 'short',
                  day: 'numeric',
                  hour: '2-digit',
                  minute: '2-digit',
                }),
              }}
            />
          </div>
          {session.app_url && (
            <div className="truncate">
              <FormattedMessage id="oauth.sessions.url" defaultMessage="URL: {url}" values={{ url: session.app_url }} />
            </div>
          )}
        </div>
        {session.scopes.length > 0 && (
          <div className="flex flex-wrap gap-1">
            {session.scopes.map((s) => (
              <Badge key={s} variant="secondary" translate="no">
                {s}
              </Badge>
            ))}
          </div>
        )}
        <p className="truncate font-mono text-xs text-muted-foreground" title={session.user_agent ?? ''}>
          {session.user_agent || (
            <FormattedMessage id="oauth.sessions.unknownAgent" defaultMessage="Unknown user agent" />
          )}
        </p>
        <Button variant="destructive" size="sm" onClick={() => revoke.mutate(session.id)} disabled={revoke.isPending}>
          {revoke.isPending ? (
            <FormattedMessage id="oauth.sessions.revoking" defaultMessage="Revoking…" />
          ) : (
            <FormattedMessage id="oauth.sessions.revoke" defaultMessage="Revoke" />
          )}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Active Sessions tab (spec §2): live sessions, most recently used first; Revoke then reload. */
export function SessionsTab() {
  const intl = useIntl();
  const sessions = useAuthSessionsQuery();
  const [mounted] = useState(() => Date.now());
  return (
    <>
      <PendingDevices />
      <QueryState
        query={sessions}
        loadingLabel={intl.formatMessage({
          id: 'oauth.sessions.loading',
          defaultMessage: 'Loading authentication sessions...',
        })}
        errorTitle={intl.formatMessage({
          id: 'oauth.sessions.loadError',
          defaultMessage: 'Could not load the active sessions',
        })}
        isEmpty={(d) => d.length === 0}
        empty={
          <EmptyState
            title={intl.formatMessage({ id: 'oauth.sessions.empty', defaultMessage: 'No Active Sessions' })}
          />
        }
      >
        {(list) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((s) => (
              <SessionCard key={s.id} session={s} now={sessions.dataUpdatedAt || mounted} />
            ))}
          </div>
        )}
      </QueryState>
    </>
  );
}
