import { useState } from 'react';
import { Users } from 'lucide-react';
import { FormattedMessage, useIntl, type IntlShape } from 'react-intl';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { SearchBox, useUrlSearch } from '@/components/url-search';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useUsersQuery, type AdminUser } from '@/data/admin/users-query';
import { UserEditDialog } from './user-edit-dialog';
import { UserRolesDialog } from './user-roles-dialog';
import { UserMfaResetDialog } from './user-mfa-reset-dialog';
import { useMeQuery } from '@/data/me/me-query';
import { UsersTable } from './users-table';
import { UserViewAsDialog } from './user-view-as-dialog';

function userCount(intl: IntlShape, total: number, capped: boolean): string {
  // "1,000+ users": a capped search count is a lower bound, so the noun is always plural.
  return capped
    ? intl.formatMessage({ id: 'admin.users.countCapped', defaultMessage: '{count, number}+ users' }, { count: total })
    : intl.formatMessage(
        { id: 'admin.users.count', defaultMessage: '{count, plural, one {# user} other {# users}}' },
        { count: total },
      );
}

/** Users tab (spec §2): server-side search and paging; the search term lives in the URL. */
export default function UsersTab() {
  const intl = useIntl();
  const { q, draft, setDraft } = useUrlSearch();
  const users = useUsersQuery({ q });
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [rolesFor, setRolesFor] = useState<AdminUser | null>(null);
  const [resettingMfa, setResettingMfa] = useState<AdminUser | null>(null);
  // Only a super_admin may reset someone's second factors (the server checks; this hides the button).
  const isSuperAdmin = useMeQuery({ select: (me) => me.roles.includes('super_admin'), meta: {} }).data === true;
  // Issue 42: only an administrator holding `support` may view as a user (the server checks too).
  const canViewAs = useMeQuery({ select: (me) => me.roles.includes('support'), meta: {} }).data === true;
  const [viewingAs, setViewingAs] = useState<AdminUser | null>(null);

  const first = users.data?.pages[0];
  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5" aria-hidden />{' '}
          <FormattedMessage id="admin.users.title" defaultMessage="User Management" />
        </CardTitle>
        <CardDescription data-testid="user-count" aria-live="polite">
          {first
            ? userCount(intl, first.total, first.total_capped)
            : users.isError
              ? intl.formatMessage({ id: 'admin.users.unavailable', defaultMessage: 'Users unavailable' })
              : intl.formatMessage({ id: 'admin.users.loadingCount', defaultMessage: 'Loading users…' })}
        </CardDescription>
        <SearchBox
          label={intl.formatMessage({ id: 'admin.users.search', defaultMessage: 'Search users' })}
          placeholder={intl.formatMessage({
            id: 'admin.users.searchPlaceholder',
            defaultMessage: 'Email, name or organization',
          })}
          value={draft}
          onChange={setDraft}
        />
      </CardHeader>
      <CardContent>
        <QueryState
          query={users}
          loadingLabel={intl.formatMessage({ id: 'admin.users.loading', defaultMessage: 'Loading users…' })}
          errorTitle={intl.formatMessage({ id: 'admin.users.loadError', defaultMessage: 'Could not load users' })}
          isEmpty={(d) => d.pages[0].users.length === 0}
          empty={
            <EmptyState
              title={intl.formatMessage({ id: 'admin.users.empty', defaultMessage: 'No users found' })}
              hint={
                q
                  ? intl.formatMessage({
                      id: 'admin.users.emptySearchHint',
                      defaultMessage: 'Try a different search term: email, full name or organization.',
                    })
                  : intl.formatMessage({
                      id: 'admin.users.emptyHint',
                      defaultMessage: 'Users appear here once they sign up.',
                    })
              }
            />
          }
        >
          {(data) => (
            <>
              <UsersTable
                users={data.pages.flatMap((p) => p.users)}
                onEdit={setEditing}
                onRoles={setRolesFor}
                onResetMfa={isSuperAdmin ? setResettingMfa : undefined}
                onViewAs={canViewAs ? setViewingAs : undefined}
              />
              {users.hasNextPage && (
                <div className="mt-4 flex justify-center">
                  <Button variant="outline" onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
                    {users.isFetchingNextPage ? (
                      <FormattedMessage id="admin.users.loadingMore" defaultMessage="Loading…" />
                    ) : (
                      <FormattedMessage id="admin.users.loadMore" defaultMessage="Load more" />
                    )}
                  </Button>
                </div>
              )}
            </>
          )}
        </QueryState>
      </CardContent>
      {editing && <UserEditDialog user={editing} onClose={() => setEditing(null)} />}
      {rolesFor && <UserRolesDialog user={rolesFor} onClose={() => setRolesFor(null)} />}
      {viewingAs && <UserViewAsDialog user={viewingAs} onClose={() => setViewingAs(null)} />}
      {resettingMfa && <UserMfaResetDialog user={resettingMfa} onClose={() => setResettingMfa(null)} />}
    </Card>
  );
}
