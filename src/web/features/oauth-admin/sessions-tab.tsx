import { useState } from 'react';
import { Monitor, Smartphone } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { useAuthSessionsQuery, type AuthSession } from '@/data/oauth-clients/auth-sessions-query';
import { useAuthSessionRevokeMutation } from '@/data/oauth-clients/auth-session-revoke-mutation';
import { formatDateTime, relativeTime } from '@/lib/format';
import { notify } from '@/lib/notify';
import { PendingDevices } from '@/features/device/pending-devices';
import { CORE_PLATFORM_NAME, browserName, isExpiringSoon, isMobileAgent } from './oauth-admin.utils';

export function SessionCard({ session, now }: { session: AuthSession; now: number }) {
  const revoke = useAuthSessionRevokeMutation({ onSuccess: () => notify.success('Session revoked successfully') });
  const DeviceIcon = isMobileAgent(session.user_agent) ? Smartphone : Monitor;
  return (
    <Card data-testid="auth-session-card">
      <CardHeader className="pb-2">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle className="flex items-center gap-2 text-base">
            <DeviceIcon
              className="size-4"
              aria-label={isMobileAgent(session.user_agent) ? 'Mobile device' : 'Desktop device'}
            />
            {session.app_name ?? CORE_PLATFORM_NAME}
          </CardTitle>
          <div className="flex gap-1">
            {isExpiringSoon(session.expires_at, now) && <Badge variant="warning">Expiring Soon</Badge>}
            <Badge variant="outline">{browserName(session.user_agent)}</Badge>
          </div>
        </div>
      </CardHeader>
      <CardContent className="space-y-2 text-sm">
        <div className="grid gap-x-4 gap-y-1 sm:grid-cols-2">
          {session.user_email && <div>User: {session.user_email}</div>}
          <div>IP: {session.ip_address || 'Unknown IP'}</div>
          <div>Last accessed: {relativeTime(session.last_accessed_at, now)}</div>
          <div>Created: {relativeTime(session.created_at, now)}</div>
          <div>Expires: {formatDateTime(session.expires_at)}</div>
          {session.app_url && <div className="truncate">URL: {session.app_url}</div>}
        </div>
        {session.scopes.length > 0 && (
          <div className="flex flex-wrap gap-1">
            {session.scopes.map((s) => (
              <Badge key={s} variant="secondary">
                {s}
              </Badge>
            ))}
          </div>
        )}
        <p className="truncate font-mono text-xs text-muted-foreground" title={session.user_agent ?? ''}>
          {session.user_agent || 'Unknown user agent'}
        </p>
        <Button variant="destructive" size="sm" onClick={() => revoke.mutate(session.id)} disabled={revoke.isPending}>
          {revoke.isPending ? 'Revoking…' : 'Revoke'}
        </Button>
      </CardContent>
    </Card>
  );
}

/** Active Sessions tab (spec §2): live sessions, most recently used first; Revoke then reload. */
export function SessionsTab() {
  const sessions = useAuthSessionsQuery();
  const [mounted] = useState(() => Date.now());
  return (
    <>
      <PendingDevices />
      <QueryState
        query={sessions}
        loadingLabel="Loading authentication sessions..."
        errorTitle="Could not load the active sessions"
        isEmpty={(d) => d.length === 0}
        empty={<EmptyState title="No Active Sessions" />}
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
