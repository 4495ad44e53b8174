import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { CopyButton } from './copy-button';
import { SECRET_PREVIEW_CHARS } from './oauth-admin.utils';

/** The create dialog's second step: the new client's id and, this once, its whole secret. */
export function CreatedCredentials({
  clientId,
  secret,
  onDone,
}: {
  clientId: string;
  secret: string | null;
  onDone: () => void;
}) {
  const intl = useIntl();
  const idLabel = intl.formatMessage({ id: 'oauth.created.clientId', defaultMessage: 'Client ID' });
  const secretLabel = intl.formatMessage({ id: 'oauth.created.clientSecret', defaultMessage: 'Client Secret' });
  return (
    <div className="space-y-4">
      <DialogHeader>
        <DialogTitle>
          <FormattedMessage id="oauth.created.title" defaultMessage="Client created" />
        </DialogTitle>
        <DialogDescription>
          {secret ? (
            <FormattedMessage
              id="oauth.created.secretOnce"
              defaultMessage="Copy the secret now. The list shows its first {count, number} characters; copying it later asks you to confirm it is you and is recorded in the audit log."
              values={{ count: SECRET_PREVIEW_CHARS }}
            />
          ) : (
            <FormattedMessage
              id="oauth.created.noSecret"
              defaultMessage="This client has no secret: it proves itself with its keys (private_key_jwt) or, as a public client, with PKCE."
            />
          )}
        </DialogDescription>
      </DialogHeader>
      <div className="space-y-1">
        <Label>{idLabel}</Label>
        <div className="flex items-center gap-1">
          <code data-testid="new-client-id" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs">
            {clientId}
          </code>
          <CopyButton label={idLabel} getText={() => clientId} />
        </div>
      </div>
      {secret && (
        <div className="space-y-1">
          <Label>{secretLabel}</Label>
          <div className="flex items-center gap-1">
            <code
              data-testid="new-client-secret"
              className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
            >
              {secret}
            </code>
            <CopyButton label={secretLabel} getText={() => secret!} />
          </div>
        </div>
      )}
      <DialogFooter>
        <Button onClick={onDone}>
          <FormattedMessage id="oauth.created.done" defaultMessage="Done" />
        </Button>
      </DialogFooter>
    </div>
  );
}
