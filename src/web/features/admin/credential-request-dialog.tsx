import { useState } from 'react';
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

const JUSTIFICATION_REQUIRED = 'Please provide a justification for accessing credentials';

/** Security tab's request_credential_access: a justification is required; the request waits for approval. */
export function CredentialRequestDialog({ app, onClose }: { app: AppSafe; onClose: () => void }) {
  const [type, setType] = useState<CredentialType>('api_key');
  const form = useForm({ justification: '' });
  const request = useCredentialRequestMutation({
    meta: { errorToast: 'Request Failed', errorDescription: () => 'Failed to submit credential access request' },
    onSuccess: () => {
      notify.success('Access Request Submitted', {
        description: 'Your request has been logged and is pending approval.',
      });
      onClose();
    },
  });

  function submit() {
    const justification = form.values.justification.trim();
    if (!justification) {
      form.setError(JUSTIFICATION_REQUIRED, 'justification');
      notify.error(JUSTIFICATION_REQUIRED);
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
          <DialogTitle>Request Credential Access</DialogTitle>
          <DialogDescription>
            Access to {app.app_name}'s credentials is logged and must be approved by another administrator.
          </DialogDescription>
        </DialogHeader>
        <CredentialTypeSelect id="cred-type" label="Credential" value={type} onChange={setType} />
        <Field id="cred-justification" label="Justification *" {...form.field('justification')}>
          <Textarea placeholder="Why do you need this credential?" />
        </Field>
        <FormError {...form.error} />
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={request.isPending}>
            {request.isPending ? 'Submitting…' : 'Submit Request'}
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
