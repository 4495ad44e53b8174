import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { breakingClientChanges, type ClientChangeImpact } from '@shared/client-change-impact';
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
import { useForm } from '@/components/ui/field';
import type { OAuthClient } from '@/data/oauth-clients/clients-query';
import { useClientSecurityProfileMutation } from '@/data/oauth-clients/client-security-profile-mutation';
import { notify } from '@/lib/notify';
import { CLIENT_JWT_ALGS } from '@shared/oauth';
import { securityProfileInput, type SecurityProfileValues } from './oauth-admin.utils';
import { SecurityProfileFields } from './security-profile-fields';
import { ClientChangeConfirmDialog } from './client-change-confirm';

/** The form's values for a client as it is registered. */
function valuesOf(client: OAuthClient): SecurityProfileValues {
  return {
    fapi2: client.fapi2,
    par: client.require_pushed_authorization_requests,
    dpop: client.dpop_bound_access_tokens,
    keyAuth: client.token_endpoint_auth_method === 'private_key_jwt',
    jwks: client.jwks ? JSON.stringify(client.jwks, null, 2) : '',
    jwksUri: client.jwks_uri ?? '',
    requestObjectAlg: (CLIENT_JWT_ALGS as readonly string[]).includes(client.request_object_signing_alg ?? '')
      ? (client.request_object_signing_alg as SecurityProfileValues['requestObjectAlg'])
      : 'any',
  };
}

/**
 * Changes a registered client's security profile (issue 31). A client that signs with its key
 * and is switched back keeps its registered secret method; a public client cannot change here
 * (the server answers 409, shown on the form).
 */
export function SecurityProfileDialog({
  client,
  open,
  onOpenChange,
}: {
  client: OAuthClient;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const intl = useIntl();
  const form = useForm(valuesOf(client));
  const save = useClientSecurityProfileMutation({
    onSuccess: () => {
      notify.success(intl.formatMessage({ id: 'oauth.profile.saved', defaultMessage: 'Security profile updated' }));
      onOpenChange(false);
    },
  });

  // A change that breaks the live client waits for its confirmation (the impacts and the change to send).
  const [pending, setPending] = useState<{ impacts: ClientChangeImpact[]; send: () => void } | null>(null);

  function submit(e: React.FormEvent) {
    e.preventDefault();
    const profile = securityProfileInput(form.values);
    if ('error' in profile) return form.setError(intl.formatMessage(profile.error));
    // Without private_key_jwt the client goes back to the secret method it had (Basic when it had none).
    const current = client.token_endpoint_auth_method;
    const method =
      profile.input.token_endpoint_auth_method ??
      (current === 'client_secret_post' ? ('client_secret_post' as const) : ('client_secret_basic' as const));
    const next = { ...profile.input, token_endpoint_auth_method: method };
    const send = () => void save.mutateAsync({ id: client.id, profile: next }).catch(form.setServerError);
    const impacts = breakingClientChanges(client, {
      ...client,
      token_endpoint_auth_method: method,
      dpop_bound_access_tokens: next.dpop_bound_access_tokens ?? client.dpop_bound_access_tokens,
      require_pushed_authorization_requests:
        next.require_pushed_authorization_requests ?? client.require_pushed_authorization_requests,
      fapi2: next.fapi2 ?? client.fapi2,
    });
    if (impacts.length) setPending({ impacts, send });
    else send();
  }

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <form onSubmit={submit} className="space-y-4" noValidate>
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage
                id="oauth.profile.title"
                defaultMessage="Security profile of {name}"
                values={{ name: client.app_name }}
              />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="oauth.profile.description"
                defaultMessage="FAPI 2.0 building blocks: pushed requests, DPoP-bound tokens and key-based client authentication."
              />
            </DialogDescription>
          </DialogHeader>
          <SecurityProfileFields values={form.values} onChange={form.edit} idPrefix={`profile-${client.id}`} />
          <FormError {...form.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              <FormattedMessage id="oauth.profile.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={save.isPending}>
              {save.isPending ? (
                <FormattedMessage id="oauth.profile.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="oauth.profile.save" defaultMessage="Save" />
              )}
            </Button>
          </DialogFooter>
        </form>
        {pending && (
          <ClientChangeConfirmDialog
            name={client.app_name}
            impacts={pending.impacts}
            onConfirm={pending.send}
            onClose={() => setPending(null)}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}
