import { useState } from 'react';
import { FingerprintIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useIdentityProvidersQuery, type IdentityProvider } from '@/data/identity-providers/providers-query';
import { DeleteProviderDialog } from './delete-provider-dialog';
import { ProviderFormDialog } from './provider-form-dialog';

/** /admin?tab=identity-providers (issue 27): the providers people may sign in with. */
export default function IdentityProvidersTab() {
  const query = useIdentityProvidersQuery();
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<IdentityProvider | null>(null);
  const [deleting, setDeleting] = useState<IdentityProvider | null>(null);
  return (
    <Card>
      <CardHeader className="flex flex-row flex-wrap items-start justify-between gap-3">
        <div className="space-y-1.5">
          <CardTitle as="h2">Identity Providers</CardTitle>
          <CardDescription>
            Let people sign in with an identity they already have (OpenID Connect or SAML 2.0).
          </CardDescription>
        </div>
        <Button onClick={() => setCreating(true)}>Add provider</Button>
      </CardHeader>
      <CardContent>
        <QueryState
          query={query}
          errorTitle="Failed to fetch identity providers"
          isEmpty={(providers) => providers.length === 0}
          empty={
            <EmptyState
              icon={FingerprintIcon}
              title="No identity providers yet"
              hint="Add Google, Microsoft, LinkedIn, GitLab, or your company’s OpenID Connect or SAML identity provider."
            />
          }
        >
          {(providers) => (
            <ul className="divide-y" aria-label="Identity providers">
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
  return (
    <li className="flex flex-wrap items-start justify-between gap-3 py-3">
      <div className="min-w-0 space-y-1">
        <p className="flex flex-wrap items-center gap-2 font-medium">
          {provider.display_name}
          <Badge variant="outline">{provider.protocol.toUpperCase()}</Badge>
          <Badge variant={provider.enabled ? 'default' : 'secondary'}>
            {provider.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </p>
        <p className="break-all text-sm text-muted-foreground">{provider.issuer}</p>
        <p className="text-sm text-muted-foreground">
          {provider.protocol === 'saml'
            ? `Signing certificates: ${provider.saml?.certificates ?? 0}`
            : `Client secret: ${provider.has_client_secret ? 'set' : 'not set'}`}
          {provider.email_domains.length > 0 && ` · Domains: ${provider.email_domains.join(', ')}`}
        </p>
      </div>
      <div className="flex gap-2">
        <Button variant="outline" size="sm" onClick={onEdit} aria-label={`Edit ${provider.display_name}`}>
          Edit
        </Button>
        <Button variant="outline" size="sm" onClick={onDelete} aria-label={`Delete ${provider.display_name}`}>
          Delete
        </Button>
      </div>
    </li>
  );
}
