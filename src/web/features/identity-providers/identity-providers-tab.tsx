import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { FingerprintIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useIdentityProvidersQuery, type IdentityProvider } from '@/data/identity-providers/providers-query';
import { DeleteProviderDialog } from './delete-provider-dialog';
import { ProviderFormDialog } from './provider-form-dialog';
import { ProviderHealth } from './provider-health';
import { RegistrationDetails } from './registration-details';
import { registrationItems } from './provider-form.utils';

/** /admin?tab=identity-providers (issue 27): the providers people may sign in with. */
export default function IdentityProvidersTab() {
  const intl = useIntl();
  const query = useIdentityProvidersQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<IdentityProvider | null>(null);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2">
            <FormattedMessage id="idp.tab.title" defaultMessage="Identity Providers" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="idp.tab.description"
              defaultMessage="Let people sign in with an identity they already have (OpenID Connect or SAML 2.0)."
            />
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>
          <FormattedMessage id="idp.tab.add" defaultMessage="Add provider" />
        </Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          errorTitle={intl.formatMessage({
            id: 'idp.tab.loadError',
            defaultMessage: 'Failed to fetch identity providers',
          })}
          isEmpty={(providers) => providers.length === 0}
          empty={
            <EmptyState
              icon={FingerprintIcon}
              title={intl.formatMessage({ id: 'idp.tab.empty.title', defaultMessage: 'No identity providers yet' })}
              hint={intl.formatMessage({
                id: 'idp.tab.empty.hint',
                defaultMessage:
                  'Add Google, Microsoft, LinkedIn, GitLab, or your company’s OpenID Connect or SAML identity provider.',
              })}
            />
          }
        >
          {(providers) => (
            <ul
              className="divide-y"
              aria-label={intl.formatMessage({ id: 'idp.tab.list', defaultMessage: 'Identity providers' })}
            >
              {providers.map((p) => (
                <ProviderRow key={p.id} provider={p} onEdit={() => setEditing(p)} onDelete={() => setDeleting(p)} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
      <ProviderFormDialog open={creating} onOpenChange={setCreating} />
      {editing && (
        <ProviderFormDialog key={editing.id} provider={editing} open onOpenChange={(o) => !o && setEditing(null)} />
      )}
      {deleting && <DeleteProviderDialog provider={deleting} onClose={() => setDeleting(null)} />}
    </Card>
  );
}

function ProviderRow({
  provider,
  onEdit,
  onDelete,
}: {
  provider: IdentityProvider;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const intl = useIntl();
  const name = provider.display_name;
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {provider.display_name}
          <Badge variant="outline">{provider.protocol.toUpperCase()}</Badge>
          <Badge variant={provider.enabled ? 'default' : 'secondary'}>
            {provider.enabled ? (
              <FormattedMessage id="idp.row.enabled" defaultMessage="Enabled" />
            ) : (
              <FormattedMessage id="idp.row.disabled" defaultMessage="Disabled" />
            )}
          </Badge>
        </p>
        <p className="break-all text-sm text-muted-foreground">{provider.issuer}</p>
        <p className="text-sm text-muted-foreground">
          {provider.protocol === 'saml' ? (
            <FormattedMessage
              id="idp.row.certificates"
              defaultMessage="Signing certificates: {count, number}"
              values={{ count: provider.saml?.certificates ?? 0 }}
            />
          ) : provider.has_client_secret ? (
            <FormattedMessage id="idp.row.secretSet" defaultMessage="Client secret: set" />
          ) : (
            <FormattedMessage id="idp.row.secretNotSet" defaultMessage="Client secret: not set" />
          )}
          {provider.email_domains.length > 0 &&
            intl.formatMessage(
              { id: 'idp.row.domains', defaultMessage: ' · Domains: {domains}' },
              { domains: intl.formatList(provider.email_domains, { type: 'unit' }) },
            )}
        </p>
        <details className="text-sm">
          <summary className="cursor-pointer text-muted-foreground">
            {provider.protocol === 'saml' ? (
              <FormattedMessage id="idp.row.registerSaml" defaultMessage="ACS URL and entity ID to register" />
            ) : (
              <FormattedMessage id="idp.row.registerOidc" defaultMessage="Redirect URI to register" />
            )}
          </summary>
          <div className="mt-2">
            <RegistrationDetails items={registrationItems(provider)} idPrefix={`idp-${provider.slug}`} />
          </div>
        </details>
        <ProviderHealth provider={provider} />
      </div>
      <div className="flex gap-2">
        <Button
          variant="outline"
          size="sm"
          onClick={onEdit}
          aria-label={intl.formatMessage({ id: 'idp.row.editLabel', defaultMessage: 'Edit {name}' }, { name })}
        >
          <FormattedMessage id="idp.row.edit" defaultMessage="Edit" />
        </Button>
        <Button
          variant="outline"
          size="sm"
          onClick={onDelete}
          aria-label={intl.formatMessage({ id: 'idp.row.deleteLabel', defaultMessage: 'Delete {name}' }, { name })}
        >
          <FormattedMessage id="idp.row.delete" defaultMessage="Delete" />
        </Button>
      </div>
    </li>
  );
}
