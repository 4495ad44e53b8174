import { useEffect, useState } from 'react';
import { Eye, EyeOff, KeyRound } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { EmptyState } from '@/components/empty-state';
import { QueryList } from '@/components/query-list';
import { SectionCard } from '@/components/section-card';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { useCredentialGrantsQuery, type Grant } from '@/data/admin/credential-grants-query';
import { useCredentialRevealMutation } from '@/data/admin/credential-reveal-mutation';
import { countdown, credentialLabel } from './admin.utils';

function GrantRow({ grant, now }: { grant: Grant; now: number }) {
  const intl = useIntl();
  const [value, setValue] = useState<string | null>(null);
  const reveal = useCredentialRevealMutation({ onSuccess: (result) => setValue(result.value) });
  const live = new Date(grant.expires_at).getTime() > now;
  // The credential is on screen only while the grant lasts.
  const shown = live ? value : null;

  return (
    <div data-testid="active-grant" className="space-y-2 rounded-lg border p-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span className="font-medium">
          {grant.app_name} · {credentialLabel(intl, grant.credential_type)}
        </span>
        <Badge
          variant={live ? 'warning' : 'secondary'}
          aria-label={intl.formatMessage({ id: 'admin.activeAccess.timeRemaining', defaultMessage: 'Time remaining' })}
        >
          {live
            ? intl.formatMessage(
                { id: 'admin.activeAccess.left', defaultMessage: '{time} left' },
                { time: countdown(grant.expires_at, now) },
              )
            : intl.formatMessage({ id: 'admin.activeAccess.expired', defaultMessage: 'Expired' })}
        </Badge>
      </div>
      {shown ? (
        <div className="flex items-center gap-2">
          <code
            data-testid="revealed-credential"
            className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
          >
            {shown}
          </code>
          <Button
            size="sm"
            variant="ghost"
            onClick={() => setValue(null)}
            aria-label={intl.formatMessage({ id: 'admin.activeAccess.hide', defaultMessage: 'Hide credential' })}
          >
            <EyeOff />
          </Button>
        </div>
      ) : (
        <Button
          size="sm"
          variant="outline"
          onClick={() => reveal.mutate(grant.id)}
          disabled={!live || reveal.isPending}
        >
          <Eye />{' '}
          {reveal.isPending ? (
            <FormattedMessage id="admin.activeAccess.revealing" defaultMessage="Revealing…" />
          ) : (
            <FormattedMessage id="admin.activeAccess.reveal" defaultMessage="Reveal" />
          )}
        </Button>
      )}
    </div>
  );
}

/** The active-access card: every live grant of the signed-in admin, with a countdown. */
export function ActiveAccessCard() {
  const intl = useIntl();
  const grants = useCredentialGrantsQuery();
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  return (
    <SectionCard
      icon={KeyRound}
      title={intl.formatMessage({ id: 'admin.activeAccess.title', defaultMessage: 'Active Access' })}
      description={intl.formatMessage({
        id: 'admin.activeAccess.description',
        defaultMessage: 'Credentials you may view right now. Each view is logged.',
      })}
      contentClassName="space-y-3"
    >
      <QueryList
        query={grants}
        loadingLabel={intl.formatMessage({
          id: 'admin.activeAccess.loading',
          defaultMessage: 'Loading active access…',
        })}
        loadingRows={1}
        errorTitle={intl.formatMessage({
          id: 'admin.activeAccess.loadError',
          defaultMessage: 'Could not load your active access',
        })}
        empty={
          <EmptyState
            title={intl.formatMessage({
              id: 'admin.activeAccess.empty',
              defaultMessage: 'No active credential access.',
            })}
            className="py-4"
          />
        }
      >
        {(g) => <GrantRow key={g.id} grant={g} now={now} />}
      </QueryList>
    </SectionCard>
  );
}
