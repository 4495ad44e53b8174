import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import type { OAuthClient } from '@/data/oauth-clients/clients-query';
import { useClientToggleMutation } from '@/data/oauth-clients/client-toggle-mutation';
import { breakingClientChanges } from '@shared/client-change-impact';
import { DeactivateClientDialog } from './client-change-confirm';
import { revealClientSecret } from '@/data/oauth-clients/client-secret-reveal';
import { notify } from '@/lib/notify';
import { CopyButton } from './copy-button';
import { previewSecret, securityBadges } from './oauth-admin.utils';
import { RotateSecretDialog } from './rotate-secret-dialog';
import { SecurityProfileDialog } from './security-profile-dialog';
import { BrandDialog } from './client-display-fields';

function Field({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0 space-y-1">
      <div className="text-xs font-medium text-muted-foreground">{label}</div>
      <div className="min-w-0 text-sm">{children}</div>
    </div>
  );
}

function List({ items }: { items: string[] }) {
  return (
    <ul className="space-y-0.5">
      {items.map((i) => (
        <li key={i} className="truncate font-mono text-xs">
          {i}
        </li>
      ))}
    </ul>
  );
}

/** One client card (spec §2): every listed field; the secret shows 20 characters; copying it is an audited reveal. */
export function ClientCard({ client }: { client: OAuthClient }) {
  const intl = useIntl();
  const toggle = useClientToggleMutation({
    onSuccess: (updated) =>
      notify.success(
        updated.is_active
          ? intl.formatMessage({ id: 'oauth.client.activated', defaultMessage: 'Client activated successfully' })
          : intl.formatMessage({ id: 'oauth.client.deactivated', defaultMessage: 'Client deactivated successfully' }),
      ),
  });
  const idLabel = intl.formatMessage({ id: 'oauth.client.clientId', defaultMessage: 'Client ID' });
  const secretLabel = intl.formatMessage({ id: 'oauth.client.clientSecret', defaultMessage: 'Client Secret' });
  const preview = previewSecret(client.client_secret_preview);
  const flip = () => toggle.mutate({ id: client.id, isActive: !client.is_active });
  // Deactivating breaks a live client: the shared rule names it, the confirmation says so first.
  const [confirmingDeactivation, setConfirmingDeactivation] = useState(false);
  const deactivationImpacts = breakingClientChanges(client, { ...client, is_active: false });
  const [editingProfile, setEditingProfile] = useState(false);
  const [editingBrand, setEditingBrand] = useState(false);
  const [rotating, setRotating] = useState(false);
  const badges = securityBadges(client);
  return (
    <Card data-testid="oauth-client-card">
      <CardHeader>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <CardTitle>{client.app_name}</CardTitle>
          <div className="flex gap-1">
            <Badge variant="outline">
              {client.app_type === 'platform' ? (
                <FormattedMessage id="oauth.client.type.platform" defaultMessage="Platform" />
              ) : (
                <FormattedMessage id="oauth.client.type.thirdParty" defaultMessage="Third party" />
              )}
            </Badge>
            <Badge variant={client.is_active ? 'success' : 'secondary'}>
              {client.is_active ? (
                <FormattedMessage id="oauth.client.active" defaultMessage="Active" />
              ) : (
                <FormattedMessage id="oauth.client.inactive" defaultMessage="Inactive" />
              )}
            </Badge>
          </div>
        </div>
        <CardDescription>
          {client.app_description || (
            <FormattedMessage id="oauth.client.noDescription" defaultMessage="No description provided" />
          )}
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-3">
        <div className="grid gap-3 sm:grid-cols-2">
          <Field label={intl.formatMessage({ id: 'oauth.client.appUrl', defaultMessage: 'Application URL' })}>
            <a
              href={client.app_url}
              target="_blank"
              rel="noreferrer"
              className="block truncate text-primary hover:underline"
            >
              {client.app_url}
            </a>
          </Field>
          <Field label={intl.formatMessage({ id: 'oauth.client.created', defaultMessage: 'Created' })}>
            {intl.formatDate(client.created_at, { year: 'numeric', month: 'short', day: 'numeric' })}
          </Field>
        </div>
        <Field label={idLabel}>
          <div className="flex items-center gap-1">
            <code data-testid="client-id" className="truncate rounded bg-muted px-1.5 py-0.5 text-xs">
              {client.client_id}
            </code>
            <CopyButton label={idLabel} getText={() => client.client_id} />
          </div>
        </Field>
        <Field label={secretLabel}>
          <div className="flex items-center gap-1">
            <code className="truncate rounded bg-muted px-1.5 py-0.5 text-xs">
              {client.token_endpoint_auth_method === 'private_key_jwt' ? (
                <FormattedMessage id="oauth.client.noSecretKeyAuth" defaultMessage="No secret (private_key_jwt)" />
              ) : (
                (preview ?? (
                  <FormattedMessage id="oauth.client.publicClient" defaultMessage="Public client (no secret)" />
                ))
              )}
            </code>
            {client.client_secret_preview && (
              <CopyButton label={secretLabel} getText={() => revealClientSecret(client.id)} />
            )}
            {client.client_secret_preview && (
              <Button variant="outline" size="sm" onClick={() => setRotating(true)}>
                <FormattedMessage id="oauth.client.rotate" defaultMessage="Rotate" />
              </Button>
            )}
          </div>
          {client.previous_secret_preview && client.previous_secret_expires_at && (
            <p className="text-xs text-muted-foreground" data-testid="previous-secret">
              <FormattedMessage
                id="oauth.client.previousSecret"
                defaultMessage="Previous secret {preview} works until {until}."
                values={{
                  preview: previewSecret(client.previous_secret_preview),
                  until: intl.formatDate(client.previous_secret_expires_at, {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  }),
                }}
              />
            </p>
          )}
        </Field>
        <Field label={intl.formatMessage({ id: 'oauth.client.redirectUris', defaultMessage: 'Redirect URIs' })}>
          <List items={client.redirect_uris} />
        </Field>
        <Field label={intl.formatMessage({ id: 'oauth.client.scopes', defaultMessage: 'Scopes' })}>
          <div className="flex flex-wrap gap-1">
            {client.scopes.map((s) => (
              <Badge key={s} variant="secondary" translate="no">
                {s}
              </Badge>
            ))}
          </div>
        </Field>
        {client.allowed_origins.length > 0 && (
          <Field label={intl.formatMessage({ id: 'oauth.client.origins', defaultMessage: 'Allowed Origins' })}>
            <List items={client.allowed_origins} />
          </Field>
        )}
        {client.post_logout_redirect_uris.length > 0 && (
          <Field
            label={intl.formatMessage({ id: 'oauth.client.postLogout', defaultMessage: 'Post-logout Redirect URIs' })}
          >
            <List items={client.post_logout_redirect_uris} />
          </Field>
        )}
        {client.backchannel_logout_uri && (
          <Field
            label={intl.formatMessage({ id: 'oauth.client.backchannel', defaultMessage: 'Back-channel Logout URI' })}
          >
            <code className="block truncate font-mono text-xs">{client.backchannel_logout_uri}</code>
          </Field>
        )}
        {badges.length > 0 && (
          <Field label={intl.formatMessage({ id: 'oauth.client.securityProfile', defaultMessage: 'Security profile' })}>
            <div className="flex flex-wrap gap-1">
              {badges.map((b) => (
                <Badge key={b.message.id} variant="outline">
                  {intl.formatMessage(b.message, b.values)}
                </Badge>
              ))}
            </div>
          </Field>
        )}
        <div className="flex flex-wrap gap-2">
          <Button
            variant={client.is_active ? 'outline' : 'default'}
            size="sm"
            onClick={() => (deactivationImpacts.length ? setConfirmingDeactivation(true) : flip())}
            disabled={toggle.isPending}
          >
            {client.is_active ? (
              <FormattedMessage id="oauth.client.deactivate" defaultMessage="Deactivate" />
            ) : (
              <FormattedMessage id="oauth.client.activate" defaultMessage="Activate" />
            )}
          </Button>
          {client.token_endpoint_auth_method !== 'none' && (
            <Button variant="outline" size="sm" onClick={() => setEditingProfile(true)}>
              <FormattedMessage id="oauth.client.editProfile" defaultMessage="Security profile…" />
            </Button>
          )}
          <Button variant="outline" size="sm" onClick={() => setEditingBrand(true)}>
            <FormattedMessage id="oauthAdmin.brand.open" defaultMessage="Brand…" />
          </Button>
        </div>
        {editingProfile && <SecurityProfileDialog client={client} open onOpenChange={setEditingProfile} />}
        {editingBrand && <BrandDialog client={client} open onOpenChange={setEditingBrand} />}
        {confirmingDeactivation && (
          <DeactivateClientDialog
            id={client.id}
            name={client.app_name}
            impacts={deactivationImpacts}
            onConfirm={flip}
            onClose={() => setConfirmingDeactivation(false)}
          />
        )}
      </CardContent>
      <RotateSecretDialog client={client} open={rotating} onOpenChange={setRotating} />
    </Card>
  );
}
