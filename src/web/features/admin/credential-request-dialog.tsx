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
import { Field, useForm } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { notify } from '@/lib/notify';
import type { AppSafe } from '@/data/admin/apps-query';
import { useCredentialRequestMutation, type CredentialType } from '@/data/admin/credential-request-mutation';
import { CredentialTypeSelect } from './credential-type-select';

/** Security tab's request_credential_access: a justification is required; the request waits for approval. */
export function CredentialRequestDialog({ app, onClose }: { app: AppSafe; onClose: () => void }) {
  const intl = useIntl();
  const [type, setType] = useState<CredentialType>('api_key');
  const form = useForm({ justification: '' });
  const justificationRequired = intl.formatMessage({
    id: 'admin.credentialRequest.justificationRequired',
    defaultMessage: 'Please provide a justification for accessing credentials',
  });
  const request = useCredentialRequestMutation({
    meta: {
      errorToast: intl.formatMessage({ id: 'admin.credentialRequest.failed', defaultMessage: 'Request Failed' }),
      errorDescription: () =>
        intl.formatMessage({
          id: 'admin.credentialRequest.failedDetail',
          defaultMessage: 'Failed to submit credential access request',
        }),
    },
    onSuccess: () => {
      notify.success(
        intl.formatMessage({ id: 'admin.credentialRequest.submitted', defaultMessage: 'Access Request Submitted' }),
        {
          description: intl.formatMessage({
            id: 'admin.credentialRequest.submittedDetail',
            defaultMessage: 'Your request has been logged and is pending approval.',
          }),
        },
      );
      onClose();
    },
  });

  function submit() {
    const justification = form.values.justification.trim();
    if (!justification) {
      form.setError(justificationRequired, 'justification');
      notify.error(justificationRequired);
      return;
    }
    form.setError(null);
    request
      .mutateAsync({ mode: 'standard', app_id: app.id, credential_type: type, justification })
      .catch(form.setServerError);
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>
            <FormattedMessage id="admin.credentialRequest.title" defaultMessage="Request Credential Access" />
          </DialogTitle>
          <DialogDescription>
            <FormattedMessage
              id="admin.credentialRequest.description"
              defaultMessage="Access to {app}'s credentials is logged and must be approved by another administrator."
              values={{ app: app.app_name }}
            />
          </DialogDescription>
        </DialogHeader>
        <CredentialTypeSelect
          id="cred-type"
          label={intl.formatMessage({ id: 'admin.credentialRequest.credential', defaultMessage: 'Credential' })}
          value={type}
          onChange={setType}
        />
        <Field
          id="cred-justification"
          label={intl.formatMessage({ id: 'admin.credentialRequest.justification', defaultMessage: 'Justification *' })}
          {...form.field('justification')}
        >
          <Textarea
            placeholder={intl.formatMessage({
              id: 'admin.credentialRequest.justificationPlaceholder',
              defaultMessage: 'Why do you need this credential?',
            })}
          />
        </Field>
        <FormError {...form.error} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            <FormattedMessage id="admin.credentialRequest.cancel" defaultMessage="Cancel" />
          </Button>
          <Button onClick={submit} disabled={request.isPending}>
            {request.isPending ? (
              <FormattedMessage id="admin.credentialRequest.submitting" defaultMessage="Submitting…" />
            ) : (
              <FormattedMessage id="admin.credentialRequest.submit" defaultMessage="Submit Request" />
            )}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
