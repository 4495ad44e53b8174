import { FormattedMessage, useIntl } from 'react-intl';
import { Link, useLocation, useParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { QueryState } from '@/components/query-state';
import { Badge } from '@/components/ui/badge';
import type { OrgMode } from '@/data/orgs/keys';
import { useOrgQuery } from '@/data/orgs/org-query';
import { useDocumentTitle } from '@/lib/use-document-title';
import { DomainsCard } from './domains-card';
import { InvitationsCard } from './invitations-card';
import { MembersCard } from './members-card';
import { OrgDeleteCard } from './org-delete-card';
import { PoliciesCard } from './policies-card';
import { ScimSection } from './scim-section';
import { mayDo, roleText } from './orgs.utils';

/**
 * /orgs/:id (a member's view) and /admin/orgs/:id (an ecosystem admin's, through /api/admin/orgs):
 * one page, the mode from the path. Every card asks mayDo before offering an action; the server
 * decides anyway, and an organization the caller may not see is a 404 like one that does not exist.
 */
export default function OrgPage() {
  const intl = useIntl();
  const { id = '' } = useParams();
  const mode: OrgMode = useLocation().pathname.startsWith('/admin/') ? 'admin' : 'member';
  const query = useOrgQuery({ mode, id }, { retry: false });
  const name = query.data?.organization.name;
  const fallbackName = intl.formatMessage({ id: 'orgs.page.organization', defaultMessage: 'Organization' });
  const admin = intl.formatMessage({ id: 'orgs.page.crumb.admin', defaultMessage: 'Admin' });
  const account = intl.formatMessage({ id: 'orgs.page.crumb.account', defaultMessage: 'Account' });
  const organizations = intl.formatMessage({ id: 'orgs.page.crumb.organizations', defaultMessage: 'Organizations' });
  useDocumentTitle(name ?? fallbackName, mode === 'admin' ? admin : account);
  const crumbs =
    mode === 'admin'
      ? [
          { label: admin, to: '/admin' },
          { label: organizations, to: '/admin?tab=organizations' },
        ]
      : [
          { label: account, to: '/account' },
          { label: organizations, to: '/account?tab=organizations' },
        ];
  return (
    <div className="w-full max-w-4xl space-y-6">
      <Breadcrumbs items={[...crumbs, { label: name ?? fallbackName }]} />
      <QueryState
        query={query}
        errorTitle={intl.formatMessage({
          id: 'orgs.page.loadError',
          defaultMessage: 'Could not open this organization',
        })}
      >
        {({ organization: org, roles }) => (
          <>
            <header className="space-y-2">
              <h1 className="text-2xl font-semibold break-words">{org.name}</h1>
              <p className="flex flex-wrap items-center gap-2 text-sm text-muted-foreground">
                <span>
                  <FormattedMessage
                    id="orgs.page.slug"
                    defaultMessage="Slug <code>{slug}</code>"
                    values={{
                      slug: org.slug,
                      code: (chunks) => <code className="rounded bg-muted px-1">{chunks}</code>,
                    }}
                  />
                </span>
                {roles.length > 0 ? (
                  <span className="flex flex-wrap items-center gap-1">
                    <FormattedMessage id="orgs.page.yourRoles" defaultMessage="· Your roles:" />
                    {roles.map((r) => (
                      <Badge key={r} variant="secondary">
                        {roleText(intl, r)}
                      </Badge>
                    ))}
                  </span>
                ) : (
                  <Badge variant="outline">
                    <FormattedMessage id="orgs.page.adminView" defaultMessage="Ecosystem admin view" />
                  </Badge>
                )}
              </p>
              {mode === 'member' && (
                <Link
                  to="/account?tab=organizations"
                  className="text-sm text-primary underline-offset-4 hover:underline"
                >
                  <FormattedMessage id="orgs.page.allOrgs" defaultMessage="All your organizations" />
                </Link>
              )}
            </header>
            <MembersCard mode={mode} orgId={org.id} myRoles={roles} />
            {mayDo('manage_invitations', roles, mode) && <InvitationsCard mode={mode} orgId={org.id} myRoles={roles} />}
            {mayDo('manage_domains', roles, mode) && <DomainsCard mode={mode} orgId={org.id} />}
            <PoliciesCard mode={mode} org={org} myRoles={roles} />
            {mayDo('manage_scim', roles, mode) && <ScimSection mode={mode} orgId={org.id} />}
            {mayDo('delete', roles, mode) && <OrgDeleteCard mode={mode} org={org} />}
          </>
        )}
      </QueryState>
    </div>
  );
}
