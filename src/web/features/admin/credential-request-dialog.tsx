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
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import type { AppSafe } from '@/data/admin/apps-query';
import { useCredentialRequestMutation, type CredentialType } from '@/data/admin/credential-request-mutation';

const JUSTIFICATION_REQUIRED = 'Please provide a justification for accessing credentials';

/** Security tab's request_credential_access: a justification is required; the request waits for approval. */
export function CredentialRequestDialog({ app, onClose }: { app: AppSafe; onClose: () => void }) {
  const [type, setType] = useState<CredentialType>('api_key');
  const [justification, setJustification] = useState('');
  const [invalid, setInvalid] = useState(false);
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
    if (!justification.trim()) {
      setInvalid(true);
      notify.error(JUSTIFICATION_REQUIRED);
      return;
    }
    request.mutate({ mode: 'standard', app_id: app.id, credential_type: type, justification: justification.trim() });
  }

  const message = invalid ? JUSTIFICATION_REQUIRED : request.isError ? errorText(request.error) : null;
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Request Credential Access</DialogTitle>
          <DialogDescription>
            Access to {app.app_name}'s credentials is logged and must be approved by another administrator.
          </DialogDescription>
        </DialogHeader>
        <div className="space-y-2">
          <Label htmlFor="cred-type">Credential</Label>
          <Select value={type} onValueChange={(v) => setType(v as CredentialType)}>
            <SelectTrigger id="cred-type" className="w-full">
              <SelectValue />
            </SelectTrigger>
            <SelectContent>
              <SelectItem value="api_key">API Key</SelectItem>
              <SelectItem value="webhook_secret">Webhook Secret</SelectItem>
            </SelectContent>
          </Select>
        </div>
        <div className="space-y-2">
          <Label htmlFor="cred-justification">Justification *</Label>
          <Textarea
            id="cred-justification"
            value={justification}
            aria-invalid={invalid}
            onChange={(e) => {
              setInvalid(false);
              if (request.isError) request.reset();
              setJustification(e.target.value);
            }}
            placeholder="Why do you need this credential?"
          />
        </div>
        <FormError message={message} />
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
