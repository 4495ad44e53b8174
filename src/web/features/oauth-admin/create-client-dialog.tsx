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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { ApiError } from '@/lib/api';
import { useCreateClientMutation } from '@/data/oauth-clients/clients';
import { CopyButton } from './copy-button';
import { DEFAULT_SCOPES, firstInvalidUrl, splitLines } from './oauth-admin.utils';

const EMPTY = {
  name: '',
  description: '',
  url: '',
  redirects: '',
  origins: '',
  type: 'third_party' as 'platform' | 'third_party',
};

/** Create dialog (spec §2, §5): required fields, one URI per line, default scopes; shows the new credentials once. */
export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<{ clientId: string; secret: string | null } | null>(null);
  const create = useCreateClientMutation();
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  function close(next: boolean) {
    if (!next) {
      setForm(EMPTY);
      setError(null);
      setCreated(null);
    }
    onOpenChange(next);
  }

  async function submit(e: React.FormEvent) {
    e.preventDefault();
    setError(null);
    const redirectUris = splitLines(form.redirects);
    const origins = splitLines(form.origins);
    if (!form.name.trim() || !form.url.trim() || redirectUris.length === 0) {
      toast.error('Validation Error', { description: 'Please fill in all required fields' });
      return;
    }
    const badRedirect = firstInvalidUrl(redirectUris);
    const badOrigin = firstInvalidUrl(origins);
    if (badRedirect || badOrigin) {
      const message = badRedirect
        ? `Redirect URI "${badRedirect}" must be an absolute http(s) URL without a fragment.`
        : `Allowed origin "${badOrigin}" must be an absolute http(s) URL without a fragment.`;
      setError(message);
      toast.error('Validation Error', { description: message });
      return;
    }
    try {
      const result = await create.mutateAsync({
        app_name: form.name.trim(),
        app_description: form.description.trim() || undefined,
        app_url: form.url.trim(),
        redirect_uris: redirectUris,
        allowed_origins: origins,
        app_type: form.type,
        scopes: DEFAULT_SCOPES,
      });
      toast.success('OAuth client created successfully');
      setForm(EMPTY);
      setCreated({ clientId: result.client.client_id, secret: result.client_secret });
    } catch (err) {
      const message = err instanceof ApiError ? err.message : undefined;
      if (message) setError(message);
      toast.error('Failed to create OAuth client', { description: message });
    }
  }

  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        {created ? (
          <div className="space-y-4">
            <DialogHeader>
              <DialogTitle>Client created</DialogTitle>
              <DialogDescription>Store the secret now: the list only shows its first 20 characters.</DialogDescription>
            </DialogHeader>
            <div className="space-y-1">
              <Label>Client ID</Label>
              <div className="flex items-center gap-1">
                <code
                  data-testid="new-client-id"
                  className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
                >
                  {created.clientId}
                </code>
                <CopyButton label="Client ID" getText={() => created.clientId} />
              </div>
            </div>
            {created.secret && (
              <div className="space-y-1">
                <Label>Client Secret</Label>
                <div className="flex items-center gap-1">
                  <code
                    data-testid="new-client-secret"
                    className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
                  >
                    {created.secret}
                  </code>
                  <CopyButton label="Client Secret" getText={() => created.secret!} />
                </div>
              </div>
            )}
            <DialogFooter>
              <Button onClick={() => close(false)}>Done</Button>
            </DialogFooter>
          </div>
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <DialogHeader>
              <DialogTitle>Create OAuth Client</DialogTitle>
              <DialogDescription>
                Register an application. New clients get the scopes read:profile and read:organization.
              </DialogDescription>
            </DialogHeader>
            <div className="space-y-2">
              <Label htmlFor="client-name">Application Name *</Label>
              <Input id="client-name" value={form.name} onChange={set('name')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="client-description">Description</Label>
              <Textarea id="client-description" value={form.description} onChange={set('description')} rows={2} />
            </div>
            <div className="grid gap-4 sm:grid-cols-2">
              <div className="space-y-2">
                <Label htmlFor="client-url">Application URL *</Label>
                <Input id="client-url" value={form.url} onChange={set('url')} placeholder="https://app.example.com" />
              </div>
              <div className="space-y-2">
                <Label htmlFor="client-type">Application Type</Label>
                <Select value={form.type} onValueChange={(v) => setForm((f) => ({ ...f, type: v as typeof f.type }))}>
                  <SelectTrigger id="client-type" className="w-full" aria-label="Application Type">
                    <SelectValue />
                  </SelectTrigger>
                  <SelectContent>
                    <SelectItem value="third_party">Third party</SelectItem>
                    <SelectItem value="platform">Platform (first party)</SelectItem>
                  </SelectContent>
                </Select>
              </div>
            </div>
            <div className="space-y-2">
              <Label htmlFor="client-redirects">Redirect URIs * (one per line)</Label>
              <Textarea
                id="client-redirects"
                value={form.redirects}
                onChange={set('redirects')}
                rows={3}
                placeholder="https://app.example.com/callback"
              />
            </div>
            <div className="space-y-2">
              <Label htmlFor="client-origins">Allowed Origins (one per line)</Label>
              <Textarea
                id="client-origins"
                value={form.origins}
                onChange={set('origins')}
                rows={2}
                placeholder="https://app.example.com"
              />
            </div>
            {error && (
              <p role="alert" className="text-sm text-destructive">
                {error}
              </p>
            )}
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                Create Client
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
