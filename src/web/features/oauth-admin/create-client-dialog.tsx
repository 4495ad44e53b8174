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
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { Textarea } from '@/components/ui/textarea';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { useClientCreateMutation } from '@/data/oauth-clients/client-create-mutation';
import { CreatedCredentials } from './created-credentials';
import { DEFAULT_SCOPES, firstUrlError, splitLines } from './oauth-admin.utils';
import { OidcFields, type OidcFieldValues } from './oidc-fields';

const EMPTY = {
  name: '',
  description: '',
  url: '',
  redirects: '',
  origins: '',
  type: 'third_party' as 'platform' | 'third_party',
  oidcScopes: [] as OidcFieldValues['oidcScopes'],
  postLogout: '',
  backchannel: '',
};

/** Create dialog (spec §2, §5): required fields, one URI per line, default scopes; shows the new credentials once. */
export function CreateClientDialog({ open, onOpenChange }: { open: boolean; onOpenChange: (open: boolean) => void }) {
  const [form, setForm] = useState(EMPTY);
  const [invalid, setInvalid] = useState<string | null>(null);
  const [created, setCreated] = useState<{ clientId: string; secret: string | null } | null>(null);
  const create = useClientCreateMutation({
    onSuccess: (result) => {
      notify.success('OAuth client created successfully');
      setForm(EMPTY);
      setCreated({ clientId: result.client.client_id, secret: result.client_secret });
    },
  });
  // An error describes the input it was given: any edit clears it.
  const edit = (patch: Partial<typeof EMPTY>) => {
    setInvalid(null);
    if (create.isError) create.reset();
    setForm((f) => ({ ...f, ...patch }));
  };
  const set = (key: keyof typeof EMPTY) => (e: React.ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
    edit({ [key]: e.target.value });

  function close(next: boolean) {
    if (!next) {
      setForm(EMPTY);
      setInvalid(null);
      setCreated(null);
      create.reset();
    }
    onOpenChange(next);
  }

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setInvalid(null);
    const redirectUris = splitLines(form.redirects);
    const origins = splitLines(form.origins);
    const postLogoutUris = splitLines(form.postLogout);
    const backchannel = form.backchannel.trim();
    if (!form.name.trim() || !form.url.trim() || redirectUris.length === 0) {
      notify.error('Validation Error', { description: 'Please fill in all required fields' });
      return;
    }
    const message = firstUrlError([
      ['Redirect URI', redirectUris],
      ['Allowed origin', origins],
      ['Post-logout redirect URI', postLogoutUris],
      ['Back-channel logout URI', backchannel ? [backchannel] : []],
    ]);
    if (message) {
      setInvalid(message);
      notify.error('Validation Error', { description: message });
      return;
    }
    create.mutate({
      app_name: form.name.trim(),
      app_description: form.description.trim() || undefined,
      app_url: form.url.trim(),
      redirect_uris: redirectUris,
      allowed_origins: origins,
      app_type: form.type,
      scopes: [...DEFAULT_SCOPES, ...form.oidcScopes],
      post_logout_redirect_uris: postLogoutUris,
      backchannel_logout_uri: backchannel || null,
    });
  }

  const error = invalid ?? (create.isError ? errorText(create.error) : null);
  return (
    <Dialog open={open} onOpenChange={close}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        {created ? (
          <CreatedCredentials clientId={created.clientId} secret={created.secret} onDone={() => close(false)} />
        ) : (
          <form onSubmit={submit} className="space-y-4" noValidate>
            <DialogHeader>
              <DialogTitle>Create OAuth Client</DialogTitle>
              <DialogDescription>
                Register an application. New clients get the scopes read:profile and read:organization; an application
                that signs users in adds the OpenID Connect ones.
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
                <Select value={form.type} onValueChange={(v) => edit({ type: v as typeof EMPTY.type })}>
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
            <OidcFields values={form} onChange={edit} />
            <FormError message={error} />
            <DialogFooter>
              <Button type="button" variant="outline" onClick={() => close(false)}>
                Cancel
              </Button>
              <Button type="submit" disabled={create.isPending}>
                {create.isPending ? 'Creating…' : 'Create Client'}
              </Button>
            </DialogFooter>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
