import { Link } from 'react-router';
import { Building2Icon } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { SearchBox, useUrlSearch } from '@/components/url-search';
import { useAdminOrgsQuery } from '@/data/orgs/admin-orgs-query';
import { countOf } from '@/lib/format';
import { OrgRolesCard } from './org-roles-card';
import { orgHref } from './orgs.utils';

/**
 * /admin?tab=organizations (issue 29): every organization, searched on the server by name or
 * slug (the term lives in the URL), each opening the organization page in admin mode; and the
 * custom organization role names.
 */
export default function AdminOrgsTab() {
  const { q, draft, setDraft } = useUrlSearch();
  const orgs = useAdminOrgsQuery({ q });

  const list = { ...orgs, data: orgs.data?.pages.flatMap((p) => p.organizations) };
  return (
    <div className="space-y-6">
      <Card>
        <CardHeader>
          <CardTitle as="h2" className="flex items-center gap-2">
            <Building2Icon className="size-5" aria-hidden /> Organizations
          </CardTitle>
          <CardDescription>Employers and teams, their members, invitations, domains and policies.</CardDescription>
          <SearchBox label="Search organizations" placeholder="Name or slug" value={draft} onChange={setDraft} />
        </CardHeader>
        <CardContent className="space-y-3">
          <QueryState
            query={list}
            loadingLabel="Loading organizations…"
            errorTitle="Could not load organizations"
            isEmpty={(d) => d.length === 0}
            empty={
              <EmptyState
                icon={Building2Icon}
                title="No organizations found"
                hint={q ? 'Try another name or slug.' : 'Organizations appear here once someone creates one.'}
              />
            }
          >
            {(items) => (
              <ul className="divide-y" aria-label="Organizations">
                {items.map((o) => (
                  <li
                    key={o.id}
                    className="flex flex-wrap items-center justify-between gap-3 py-3"
                    data-testid="admin-org"
                  >
                    <div className="min-w-0">
                      <p className="font-medium break-words">{o.name}</p>
                      <p className="text-sm text-muted-foreground">
                        <code>{o.slug}</code> · {countOf(o.member_count, 'member', 'members')}
                      </p>
                    </div>
                    <Button asChild variant="outline" size="sm">
                      <Link to={orgHref('admin', o.id)} aria-label={`Open ${o.name}`}>
                        Open
                      </Link>
                    </Button>
                  </li>
                ))}
              </ul>
            )}
          </QueryState>
          {orgs.hasNextPage && (
            <Button variant="outline" onClick={() => void orgs.fetchNextPage()} disabled={orgs.isFetchingNextPage}>
              {orgs.isFetchingNextPage ? 'Loading…' : 'Load more organizations'}
            </Button>
          )}
        </CardContent>
      </Card>
      <OrgRolesCard />
    </div>
  );
}
