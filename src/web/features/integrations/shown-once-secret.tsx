import { defineMessages, FormattedMessage, useIntl, type MessageDescriptor } from 'react-intl';
import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CopyButton } from '@/features/oauth-admin/copy-button';

/** The words around one kind of secret: what it is for, where to store it, how to get another. */
interface SecretWording {
  /** Its name: the label above it and the copy button's ("Copy Signing secret"). */
  name: MessageDescriptor;
  testId: string;
  description: MessageDescriptor;
  warning: MessageDescriptor;
}

const m = defineMessages({
  signingName: { id: 'integrations.secret.signing.name', defaultMessage: 'Signing secret' },
  signingDescription: {
    id: 'integrations.secret.signing.description',
    defaultMessage: 'The receiver verifies each delivery with this secret (Standard Webhooks, HMAC-SHA256).',
  },
  signingWarning: {
    id: 'integrations.secret.signing.warning',
    defaultMessage:
      'Copy the secret now and store it with the receiver. It is shown only this once; to get another, rotate it.',
  },
  checkpointName: { id: 'integrations.secret.checkpoint.name', defaultMessage: 'Checkpoint key' },
  checkpointDescription: {
    id: 'integrations.secret.checkpoint.description',
    defaultMessage:
      'Each batch carries a checkpoint signed with this key (HMAC-SHA256), so the collector can prove no audit entry ' +
      'was left out.',
  },
  checkpointWarning: {
    id: 'integrations.secret.checkpoint.warning',
    defaultMessage:
      'Copy the checkpoint key now and store it with the collector. It is shown only this once; to get another, ' +
      'rotate it from the sink’s row.',
  },
});

/** A webhook's signing secret, after creation or rotation. */
export const SIGNING_SECRET: SecretWording = {
  name: m.signingName,
  testId: 'webhook-secret',
  description: m.signingDescription,
  warning: m.signingWarning,
};

/** An audit sink's checkpoint key: the receiver checks with it that the hub withheld nothing. */
export const CHECKPOINT_KEY: SecretWording = {
  name: m.checkpointName,
  testId: 'checkpoint-key',
  description: m.checkpointDescription,
  warning: m.checkpointWarning,
};

/**
 * A dialog's last step: a secret shown this once, with a copy button. The server keeps it sealed
 * and never returns it again, so closing this step loses it for good.
 */
export function ShownOnceSecret({
  title,
  wording: w,
  secret,
  onDone,
}: {
  title: string;
  wording: SecretWording;
  secret: string;
  onDone: () => void;
}) {
  const intl = useIntl();
  const name = intl.formatMessage(w.name);
  return (
    <div className="space-y-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>{intl.formatMessage(w.description)}</DialogDescription>
      </DialogHeader>
      <p
        role="alert"
        className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground"
      >
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        {intl.formatMessage(w.warning)}
      </p>
      <div className="space-y-1">
        <p className="text-sm font-medium">{name}</p>
        <div className="flex items-center gap-1">
          <code data-testid={w.testId} className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
            {secret}
          </code>
          <CopyButton label={name} getText={() => secret} />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>
          <FormattedMessage id="integrations.secret.stored" defaultMessage="I have stored it" />
        </Button>
      </DialogFooter>
    </div>
  );
}
