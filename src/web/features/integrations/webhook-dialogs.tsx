import { useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { DestructiveConfirmDialog } from '@/components/destructive-confirm-dialog';
import { TypeToConfirmDialog } from '@/components/type-to-confirm-dialog';
import { Dialog, DialogContent } from '@/components/ui/dialog';
import type { Webhook } from '@/data/webhooks/webhooks-query';
import { useWebhookDeleteMutation, useWebhookRotateMutation } from '@/data/webhooks/webhook-mutations';
import { useWebhookDeletionImpactQuery } from '@/data/webhooks/webhook-deletion-impact-query';
import { notify } from '@/lib/notify';
import { endpointNameOf } from './integrations.utils';
import { SIGNING_SECRET, ShownOnceSecret } from './shown-once-secret';

/**
 * Confirms removing an endpoint by typing its URL (two endpoints on one host differ only there),
 * with the server's count of the deliveries still owed to it, which go with it.
 */
export function DeleteWebhookDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const intl = useIntl();
  const host = endpointNameOf(webhook.url);
  const impact = useWebhookDeletionImpactQuery(webhook.id).data;
  const remove = useWebhookDeleteMutation({
    onSuccess: () =>
      notify.success(
        intl.formatMessage(
          { id: 'integrations.webhook.delete.done', defaultMessage: 'Webhook to {host} deleted' },
          { host },
        ),
      ),
  });
  return (
    <TypeToConfirmDialog
      title={intl.formatMessage(
        { id: 'integrations.webhook.delete.title', defaultMessage: 'Delete the webhook to {host}?' },
        { host },
      )}
      name={webhook.url}
      description={intl.formatMessage({
        id: 'integrations.webhook.delete.description',
        defaultMessage:
          'The hub stops sending events there and its delivery log is removed. To pause it instead, disable it.',
      })}
      losses={
        impact
          ? [
              intl.formatMessage(
                {
                  id: 'integrations.webhook.delete.lossPending',
                  defaultMessage:
                    '{count, plural, =0 {No deliveries are still owed to it} one {# delivery still owed to it is dropped} other {# deliveries still owed to it are dropped}}',
                },
                { count: impact.pending_deliveries },
              ),
            ]
          : null
      }
      action={intl.formatMessage({ id: 'integrations.webhook.delete.action', defaultMessage: 'Delete' })}
      onConfirm={() => remove.mutate(webhook.id, { onSettled: onClose })}
      onClose={onClose}
    />
  );
}

/**
 * Rotates the signing secret after a confirmation, then shows the new one this once. The route
 * wants a recent sign-in: the shell's step-up dialog asks for it and the request runs again.
 */
export function RotateSecretDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const intl = useIntl();
  const host = endpointNameOf(webhook.url);
  const [secret, setSecret] = useState<string | null>(null);
  // The confirmation closes as its button is pressed; the component stays for the new secret.
  const confirmed = useRef(false);
  const rotate = useWebhookRotateMutation({
    onSuccess: (result) => {
      notify.success(
        intl.formatMessage({ id: 'integrations.webhook.rotate.done', defaultMessage: 'Signing secret rotated' }),
      );
      setSecret(result.secret);
    },
  });
  if (!secret) {
    if (confirmed.current) return null;
    return (
      <DestructiveConfirmDialog
        title={intl.formatMessage(
          { id: 'integrations.webhook.rotate.title', defaultMessage: 'Rotate the signing secret of {host}?' },
          { host },
        )}
        description={intl.formatMessage({
          id: 'integrations.webhook.rotate.description',
          defaultMessage:
            'A new secret signs every delivery from now on. For 24 hours the old one signs too (both signatures are ' +
            'sent), so the receiver can switch without losing events.',
        })}
        action={intl.formatMessage({ id: 'integrations.webhook.rotate.action', defaultMessage: 'Rotate secret' })}
        onConfirm={() => {
          confirmed.current = true;
          rotate.mutate(webhook.id, { onError: onClose });
        }}
        onClose={() => {
          if (!confirmed.current) onClose();
        }}
      />
    );
  }
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="sm:max-w-xl">
        <ShownOnceSecret
          title={intl.formatMessage({
            id: 'integrations.webhook.rotate.newSecret',
            defaultMessage: 'New signing secret',
          })}
          wording={SIGNING_SECRET}
          secret={secret}
          onDone={onClose}
        />
      </DialogContent>
    </Dialog>
  );
}
