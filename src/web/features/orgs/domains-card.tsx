import type { FormEvent } from 'react';
import { GlobeIcon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { FormError } from '@/components/form-error';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import type { OrgMode } from '@/data/orgs/keys';
import { useDomainsQuery, type OrgDomain } from '@/data/orgs/domains-query';
import { useDomainClaimMutation, useDomainRemoveMutation, useDomainVerifyMutation } from '@/data/orgs/domain-mutations';
import { errorText } from '@/lib/error-text';
import { formatDate } from '@/lib/format';
import { notify } from '@/lib/notify';

/**
 * Email domains: claim one, publish the TXT record it names, then Verify; people with a verified
 * address in a verified domain join on sign-in. Public mail domains are refused by the server.
 */
export function DomainsCard({ mode, orgId }: { mode: OrgMode; orgId: string }) {
  const query = useDomainsQuery({ mode, id: orgId });
  const form = useForm({ domain: '' });
  const claim = useDomainClaimMutation({ mode, orgId });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const domain = form.values.domain.trim().toLowerCase();
    if (!domain) return form.setError('Enter a domain such as example.com.', 'domain');
    try {
      await claim.mutateAsync(domain);
      form.reset();
    } catch (err) {
      form.setServerError(err);
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Domains</CardTitle>
        <CardDescription>
          People with a verified email address in a verified domain join this organization when they sign in.
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          onSubmit={submit}
          noValidate
          aria-label="Claim a domain"
          className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <Field id="domain-name" label="Domain" {...form.field('domain')}>
            <Input placeholder="example.com" autoComplete="off" />
          </Field>
          <Button type="submit" disabled={claim.isPending}>
            {claim.isPending ? 'Claiming…' : 'Claim domain'}
          </Button>
          <div className="sm:col-span-2 empty:hidden">
            <FormError {...form.error} />
          </div>
        </form>
        <QueryState
          query={query}
          loadingLabel="Loading domains…"
          errorTitle="Could not load the domains"
          isEmpty={(list) => list.length === 0}
          empty={<EmptyState icon={GlobeIcon} title="No domains claimed" />}
        >
          {(list) => (
            <ul className="divide-y" aria-label="Domains">
              {list.map((d) => (
                <DomainRow key={d.domain} mode={mode} orgId={orgId} domain={d} />
              ))}
            </ul>
          )}
        </QueryState>
      </CardContent>
    </Card>
  );
}

function DomainRow({ mode, orgId, domain: d }: { mode: OrgMode; orgId: string; domain: OrgDomain }) {
  const verify = useDomainVerifyMutation({ mode, orgId }, { onSuccess: () => notify.success(`${d.domain} verified`) });
  const remove = useDomainRemoveMutation({ mode, orgId }, { onSuccess: () => notify.success(`${d.domain} removed`) });
  return (
    <li className="space-y-2 py-3" data-testid="org-domain">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          {d.domain}
          <Badge variant={d.verified ? 'success' : 'warning'}>{d.verified ? 'Verified' : 'Not verified'}</Badge>
          {d.verified_at && (
            <span className="text-sm font-normal text-muted-foreground">
              {d.method === 'admin' ? 'approved by an ecosystem admin' : 'by DNS'} on {formatDate(d.verified_at)}
            </span>
          )}
        </p>
        <div className="flex gap-2">
          {!d.verified && (
            <Button
              variant="outline"
              size="sm"
              onClick={() => verify.mutate(d.domain)}
              disabled={verify.isPending}
              aria-label={`Verify ${d.domain}`}
            >
              {verify.isPending ? 'Checking…' : 'Verify'}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(d.domain)}
            disabled={remove.isPending}
            aria-label={`Remove ${d.domain}`}
          >
            Remove
          </Button>
        </div>
      </div>
      {!d.verified && (
        <dl className="grid gap-1 rounded-md bg-muted p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="text-muted-foreground">TXT record</dt>
          <dd className="break-all font-mono">{d.record_name}</dd>
          <dt className="text-muted-foreground">Value</dt>
          <dd className="break-all font-mono">{d.record_value}</dd>
        </dl>
      )}
      <FormError message={verify.isError ? errorText(verify.error) : null} />
    </li>
  );
}
