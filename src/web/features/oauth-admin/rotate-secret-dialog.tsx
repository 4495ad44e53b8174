import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import type { OAuthClient } from '@/data/oauth-clients/clients-query';
import { useClientSecretRotateMutation } from '@/data/oauth-clients/client-secret-rotate-mutation';
import { errorText } from '@/lib/error-text';
import { CopyButton } from './copy-button';

/** How long the replaced secret keeps working: the choices offered (hours); 24 as for webhook secrets. */
const GRACE_CHOICES = [0, 1, 24, 72, 168] as const;
const DEFAULT_GRACE = 24;

/**
 * Issue 46: a new client secret, shown once, while the one it replaces keeps working for the grace
 * the administrator chooses, so the client's deployments move over without an outage. The server
 * asks for a recent sign-in (step-up) and audits it.
 */
export function RotateSecretDialog({
  client,
  open,
  onOpenChange,
}: {
  client: OAuthClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const [grace, setGrace] = useState<number>(DEFAULT_GRACE);
  const rotate = useClientSecretRotateMutation();
  const secretLabel = intl.formatMessage({ id: 'oauth.rotate.newSecret', defaultMessage: 'New client secret' });
  const close = (next: boolean) => {
    if (!next) {
      rotate.reset();
      setGrace(DEFAULT_GRACE);
    }
    onOpenChange(next);
  };
  const result = rotate.data;
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage
              id="oauth.rotate.title"
              defaultMessage="Rotate the secret of {name}"
              values={{ name: client.app_name }}
            />
          </DialogTitle>
          <DialogDescription>
            {result ? (
              <FormattedMessage
                id="oauth.rotate.done"
                defaultMessage="Copy the new secret now and give it to the application. {until, select, none {The old secret no longer works.} other {The old secret keeps working until {until}.}}"
                values={{
                  until: result.client.previous_secret_expires_at
                    ? intl.formatDate(result.client.previous_secret_expires_at, {
                        dateStyle: 'medium',
                        timeStyle: 'short',
                      })
                    : 'none',
                }}
              />
            ) : (
              <FormattedMessage
                id="oauth.rotate.description"
                defaultMessage="The application gets a new secret. Until it uses the new one, the old one can keep working for a while."
              />
            )}
          </DialogDescription>
        </DialogHeader>
        {result ? (
          <div className="space-y-1">
            <Label>{secretLabel}</Label>
            <div className="flex items-center gap-1">
              <code
                data-testid="rotated-client-secret"
                className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
              >
                {result.client_secret}
              </code>
              <CopyButton label={secretLabel} getText={() => result.client_secret} />
            </div>
          </div>
        ) : (
          <div className="space-y-2">
            <Label htmlFor="rotate-grace">
              <FormattedMessage id="oauth.rotate.grace" defaultMessage="The old secret keeps working for" />
            </Label>
            <Select value={String(grace)} onValueChange={(v) => setGrace(Number(v))}>
              <SelectTrigger id="rotate-grace">
                <SelectValue />
              </SelectTrigger>
              <SelectContent>
                {GRACE_CHOICES.map((h) => (
                  <SelectItem key={h} value={String(h)}>
                    <FormattedMessage
                      id="oauth.rotate.graceChoice"
                      defaultMessage="{hours, select, 0 {No time: it stops at once} other {{hours, plural, one {# hour} other {# hours}}}}"
                      values={{ hours: h }}
                    />
                  </SelectItem>
                ))}
              </SelectContent>
            </Select>
            <FormError message={rotate.error ? errorText(rotate.error) : null} />
          </div>
        )}
        <DialogFooter>
          {result ? (
            <Button onClick={() => close(false)}>
              <FormattedMessage id="oauth.rotate.close" defaultMessage="Done" />
            </Button>
          ) : (
            <>
              <Button variant="outline" onClick={() => close(false)}>
                <FormattedMessage id="oauth.rotate.cancel" defaultMessage="Cancel" />
              </Button>
              <Button disabled={rotate.isPending} onClick={() => rotate.mutate({ id: client.id, graceHours: grace })}>
                <FormattedMessage id="oauth.rotate.submit" defaultMessage="Rotate secret" />
              </Button>
            </>
          )}
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
