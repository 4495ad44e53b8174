import { FormattedMessage, useIntl } from 'react-intl';
import { Link } from 'react-router';
import { Building2Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchBox, useUrlSearch } from '@/components/url-search';
import { useAdminOrgsQuery } from '@/data/orgs/admin-orgs-query';
import { OrgRolesCard } from './org-roles-card';
import { orgHref } from './orgs.utils';

/**
 * /admin?tab=organizations (issue 29): every organization, searched on the server by name or
 * slug (the term lives in the URL), each opening the organization page in admin mode; and the
 * custom organization role names.
 */
export default function AdminOrgsTab() {
  const intl = useIntl();
  const { q, draft, setDraft } = useUrlSearch();
  const orgs = useAdminOrgsQuery({ q });

  const list = { ...orgs, data: orgs.data?.pages.flatMap((p) => p.organizations) };
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Building2Icon className="size-5" aria-hidden />{' '}
            <FormattedMessage id="orgs.admin.title" defaultMessage="Organizations" />
          </CardTitle>
          <CardDescription>
            <FormattedMessage
              id="orgs.admin.description"
              defaultMessage="Employers and teams, their members, invitations, domains and policies."
            />
          </CardDescription>
          <SearchBox
            label={intl.formatMessage({ id: 'orgs.admin.search', defaultMessage: 'Search organizations' })}
            placeholder={intl.formatMessage({ id: 'orgs.admin.searchPlaceholder', defaultMessage: 'Name or slug' })}
            value={draft}
            onChange={setDraft}
          />
        </CardHeader>
        <CardContent className="space-y-3">
          <QueryState
            query={list}
            loadingLabel={intl.formatMessage({ id: 'orgs.admin.loading', defaultMessage: 'Loading organizations…' })}
            errorTitle={intl.formatMessage({
              id: 'orgs.admin.loadError',
              defaultMessage: 'Could not load organizations',
            })}
            isEmpty={(d) => d.length === 0}
            empty={
              <EmptyState
                icon={Building2Icon}
                title={intl.formatMessage({ id: 'orgs.admin.empty.title', defaultMessage: 'No organizations found' })}
                hint={
                  q
                    ? intl.formatMessage({ id: 'orgs.admin.empty.search', defaultMessage: 'Try another name or slug.' })
                    : intl.formatMessage({
                        id: 'orgs.admin.empty.none',
                        defaultMessage: 'Organizations appear here once someone creates one.',
                      })
                }
              />
            }
          >
            {(items) => (
              <ul
                className="divide-y"
                aria-label={intl.formatMessage({ id: 'orgs.admin.list', defaultMessage: 'Organizations' })}
              >
                {items.map((o) => (
                  <li
                    key={o.id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                    data-testid="admin-org"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-words">{o.name}</p>
                      <p className="text-sm text-muted-foreground">
                        <code>{o.slug}</code> ·{' '}
                        <FormattedMessage
                          id="orgs.admin.memberCount"
                          defaultMessage="{count, plural, one {# member} other {# members}}"
                          values={{ count: o.member_count }}
                        />
                      </p>
                    </div>
                    <Button asChild variant="outline" size="sm">
                      <Link
                        to={orgHref('admin', o.id)}
                        aria-label={intl.formatMessage(
                          { id: 'orgs.admin.openLabel', defaultMessage: 'Open {name}' },
                          { name: o.name },
                        )}
                      >
                        <FormattedMessage id="orgs.admin.open" defaultMessage="Open" />
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          {orgs.hasNextPage && (
            <Button variant="outline" onClick={() => void orgs.fetchNextPage()} disabled={orgs.isFetchingNextPage}>
              {orgs.isFetchingNextPage ? (
                <FormattedMessage id="orgs.admin.loadingMore" defaultMessage="Loading…" />
              ) : (
                <FormattedMessage id="orgs.admin.loadMore" defaultMessage="Load more organizations" />
              )}
            </Button>
          )}
        </CardContent>
      </Card>
      <OrgRolesCard />
    </div>
  );
}
