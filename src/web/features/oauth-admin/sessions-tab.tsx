import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { Monitor, Smartphone } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import {
  useAuthSessionsQuery,
  useRevokeAuthSessionMutation,
  type AuthSessionView,
} from '@/data/oauth-clients/auth-sessions';
import { CORE_PLATFORM_NAME, browserName, isExpiringSoon, isMobileAgent, relativeTime } from './oauth-admin.utils';

export function SessionCard({
  session,
  now,
  onRevoke,
  revoking,
}: {
  session: AuthSessionView;
  now: number;
  onRevoke: () => void;
  revoking: boolean;
}) {
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
          <div>Expires: {new Date(session.expires_at).toLocaleString('en-US')}</div>
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
        <Button variant="destructive" size="sm" onClick={onRevoke} disabled={revoking}>
          Revoke
        </Button>
      </CardContent>
    </Card>
  );
}

/** Active Sessions tab (spec §2): live sessions, most recently used first; Revoke then reload. */
export function SessionsTab() {
  const sessions = useAuthSessionsQuery();
  const revoke = useRevokeAuthSessionMutation();
  const [now] = useState(() => Date.now());
  useEffect(() => {
    if (sessions.isError) toast.error('Failed to fetch authentication sessions');
  }, [sessions.isError]);

  async function revokeOne(id: string) {
    try {
      await revoke.mutateAsync(id);
      toast.success('Session revoked successfully');
    } catch {
      toast.error('Failed to revoke session');
    }
  }

  if (sessions.isPending)
    return <p className="py-8 text-center text-muted-foreground">Loading authentication sessions...</p>;
  if (!sessions.data?.length) return <p className="py-8 text-center font-medium">No Active Sessions</p>;
  return (
    <div className="grid gap-4 lg:grid-cols-2">
      {sessions.data.map((s) => (
        <SessionCard
          key={s.id}
          session={s}
          now={sessions.dataUpdatedAt || now}
          onRevoke={() => revokeOne(s.id)}
          revoking={revoke.isPending}
        />
      ))}
    </div>
  );
}
