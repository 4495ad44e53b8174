import { useState } from 'react';
import { toast } from 'sonner';
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
import { useRequestCredentialMutation } from '@/data/admin/credential-access';
import type { AppSafe, CredentialType } from '@/data/admin/types';

/** Security tab's request_credential_access: a justification is required; the request waits for approval. */
export function CredentialRequestDialog({ app, onClose }: { app: AppSafe; onClose: () => void }) {
  const [type, setType] = useState<CredentialType>('api_key');
  const [justification, setJustification] = useState('');
  const request = useRequestCredentialMutation();

  async function submit() {
    if (!justification.trim()) {
      toast.error('Please provide a justification for accessing credentials');
      return;
    }
    try {
      await request.mutateAsync({
        mode: 'standard',
        app_id: app.id,
        credential_type: type,
        justification: justification.trim(),
      });
      toast.success('Access Request Submitted', {
        description: 'Your request has been logged and is pending approval.',
      });
      onClose();
    } catch {
      toast.error('Request Failed', { description: 'Failed to submit credential access request' });
    }
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
            onChange={(e) => setJustification(e.target.value)}
            placeholder="Why do you need this credential?"
          />
        </div>
        <DialogFooter>
          <Button variant="outline" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} disabled={request.isPending}>
            Submit Request
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
