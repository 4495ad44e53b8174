import type { FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
import { notify } from '@/lib/notify';
import { DATE } from './orgs.utils';

/**
 * Email domains: claim one, publish the TXT record it names, then Verify; people with a verified
 * address in a verified domain join on sign-in. Public mail domains are refused by the server.
 */
export function DomainsCard({ mode, orgId }: { mode: OrgMode; orgId: string }) {
  const intl = useIntl();
  const query = useDomainsQuery({ mode, id: orgId });
  const form = useForm({ domain: '' });
  const claim = useDomainClaimMutation({ mode, orgId });

  async function submit(event: FormEvent) {
    event.preventDefault();
    const domain = form.values.domain.trim().toLowerCase();
    if (!domain)
      return form.setError(
        intl.formatMessage({ id: 'orgs.domains.problem.empty', defaultMessage: 'Enter a domain such as example.com.' }),
        'domain',
      );
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
        <CardTitle as="h2">
          <FormattedMessage id="orgs.domains.title" defaultMessage="Domains" />
        </CardTitle>
        <CardDescription>
          <FormattedMessage
            id="orgs.domains.description"
            defaultMessage="People with a verified email address in a verified domain join this organization when they sign in."
          />
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-6">
        <form
          onSubmit={submit}
          noValidate
          aria-label={intl.formatMessage({ id: 'orgs.domains.claimLabel', defaultMessage: 'Claim a domain' })}
          className="grid gap-4 sm:grid-cols-[1fr_auto] sm:items-end"
        >
          <Field
            id="domain-name"
            label={intl.formatMessage({ id: 'orgs.domains.domain', defaultMessage: 'Domain' })}
            {...form.field('domain')}
          >
            <Input placeholder="example.com" autoComplete="off" />
          </Field>
          <Button type="submit" disabled={claim.isPending}>
            {claim.isPending ? (
              <FormattedMessage id="orgs.domains.claiming" defaultMessage="Claiming…" />
            ) : (
              <FormattedMessage id="orgs.domains.claim" defaultMessage="Claim domain" />
            )}
          </Button>
          <div className="sm:col-span-2 empty:hidden">
            <FormError {...form.error} />
          </div>
        </form>
        <QueryState
          query={query}
          loadingLabel={intl.formatMessage({ id: 'orgs.domains.loading', defaultMessage: 'Loading domains…' })}
          errorTitle={intl.formatMessage({
            id: 'orgs.domains.loadError',
            defaultMessage: 'Could not load the domains',
          })}
          isEmpty={(list) => list.length === 0}
          empty={
            <EmptyState
              icon={GlobeIcon}
              title={intl.formatMessage({ id: 'orgs.domains.empty', defaultMessage: 'No domains claimed' })}
            />
          }
        >
          {(list) => (
            <ul
              className="divide-y"
              aria-label={intl.formatMessage({ id: 'orgs.domains.list', defaultMessage: 'Domains' })}
            >
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
  const intl = useIntl();
  const verify = useDomainVerifyMutation(
    { mode, orgId },
    {
      onSuccess: () =>
        notify.success(
          intl.formatMessage(
            { id: 'orgs.domains.verified', defaultMessage: '{domain} verified' },
            { domain: d.domain },
          ),
        ),
    },
  );
  const remove = useDomainRemoveMutation(
    { mode, orgId },
    {
      onSuccess: () =>
        notify.success(
          intl.formatMessage({ id: 'orgs.domains.removed', defaultMessage: '{domain} removed' }, { domain: d.domain }),
        ),
    },
  );
  return (
    <li className="space-y-2 py-3" data-testid="org-domain">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <p className="flex flex-wrap items-center gap-2 font-medium break-all">
          {d.domain}
          <Badge variant={d.verified ? 'success' : 'warning'}>
            {d.verified ? (
              <FormattedMessage id="orgs.domains.badge.verified" defaultMessage="Verified" />
            ) : (
              <FormattedMessage id="orgs.domains.badge.notVerified" defaultMessage="Not verified" />
            )}
          </Badge>
          {d.verified_at && (
            <span className="text-sm font-normal text-muted-foreground">
              <FormattedMessage
                id="orgs.domains.verifiedHow"
                defaultMessage="{method, select, admin {approved by an ecosystem admin} other {by DNS}} on {date}"
                values={{ method: d.method === 'admin' ? 'admin' : 'dns', date: intl.formatDate(d.verified_at, DATE) }}
              />
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
              aria-label={intl.formatMessage(
                { id: 'orgs.domains.verifyLabel', defaultMessage: 'Verify {domain}' },
                { domain: d.domain },
              )}
            >
              {verify.isPending ? (
                <FormattedMessage id="orgs.domains.checking" defaultMessage="Checking…" />
              ) : (
                <FormattedMessage id="orgs.domains.verify" defaultMessage="Verify" />
              )}
            </Button>
          )}
          <Button
            variant="outline"
            size="sm"
            onClick={() => remove.mutate(d.domain)}
            disabled={remove.isPending}
            aria-label={intl.formatMessage(
              { id: 'orgs.domains.removeLabel', defaultMessage: 'Remove {domain}' },
              { domain: d.domain },
            )}
          >
            <FormattedMessage id="orgs.domains.remove" defaultMessage="Remove" />
          </Button>
        </div>
      </div>
      {!d.verified && (
        <dl className="grid gap-1 rounded-md bg-muted p-3 text-sm sm:grid-cols-[auto_1fr] sm:gap-x-3">
          <dt className="text-muted-foreground">
            <FormattedMessage id="orgs.domains.txtRecord" defaultMessage="TXT record" />
          </dt>
          <dd className="break-all font-mono">{d.record_name}</dd>
          <dt className="text-muted-foreground">
            <FormattedMessage id="orgs.domains.value" defaultMessage="Value" />
          </dt>
          <dd className="break-all font-mono">{d.record_value}</dd>
        </dl>
      )}
      <FormError message={verify.isError ? errorText(verify.error) : null} />
    </li>
  );
}
