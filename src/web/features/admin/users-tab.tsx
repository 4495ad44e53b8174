import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { Pencil, Search, ShieldCheck, Users } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import { useUsersQuery } from '@/data/admin/users';
import type { AdminUser } from '@/data/admin/types';
import { FALLBACK_NAME, FALLBACK_ORGANIZATION, ROLE_LABELS, formatDate } from './admin.utils';
import { UserEditDialog } from './user-edit-dialog';
import { UserRolesDialog } from './user-roles-dialog';

/** Users tab (spec §2): server-side search and paging; the search term lives in the URL. */
export function UsersTab() {
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const [draft, setDraft] = useState(q);
  const users = useUsersQuery(q);
  const [editing, setEditing] = useState<AdminUser | null>(null);
  const [rolesFor, setRolesFor] = useState<AdminUser | null>(null);

  useEffect(() => {
    if (users.isError) toast.error('Failed to load users');
  }, [users.isError]);

  // Debounced: the server searches, so don't ask it on every keystroke.
  useEffect(() => {
    if (draft === q) return;
    const timer = setTimeout(() => {
      const next = new URLSearchParams(params);
      if (draft.trim()) next.set('q', draft.trim());
      else next.delete('q');
      setParams(next, { replace: true });
    }, 250);
    return () => clearTimeout(timer);
  }, [draft, q, params, setParams]);

  const rows = users.data?.pages.flatMap((p) => p.users) ?? [];
  const total = users.data?.pages[0]?.total;
  const capped = users.data?.pages[0]?.total_capped ? '+' : '';

  return (
    <Card>
      <CardHeader>
        <CardTitle className="flex items-center gap-2">
          <Users className="size-5" aria-hidden /> User Management
        </CardTitle>
        <CardDescription data-testid="user-count">
          {total === undefined
            ? 'Loading users…'
            : `${total.toLocaleString('en-US')}${capped} ${total === 1 && !capped ? 'user' : 'users'}`}
        </CardDescription>
        <div className="relative mt-2 max-w-md">
          <Search className="pointer-events-none absolute top-2.5 left-2.5 size-4 text-muted-foreground" aria-hidden />
          <Input
            aria-label="Search users"
            placeholder="Search by email, name or organization…"
            className="pl-8"
            value={draft}
            onChange={(e) => setDraft(e.target.value)}
          />
        </div>
      </CardHeader>
      <CardContent>
        {users.isSuccess && rows.length === 0 ? (
          <div className="py-10 text-center">
            <p className="font-medium">No users found</p>
            <p className="text-sm text-muted-foreground">
              {q
                ? 'Try a different search term: email, full name or organization.'
                : 'Users appear here once they sign up.'}
            </p>
          </div>
        ) : (
          <div className="overflow-x-auto">
            <Table>
              <TableHeader>
                <TableRow>
                  <TableHead>User</TableHead>
                  <TableHead>Organization</TableHead>
                  <TableHead>Roles</TableHead>
                  <TableHead>Status</TableHead>
                  <TableHead>Last Login</TableHead>
                  <TableHead className="text-right">Actions</TableHead>
                </TableRow>
              </TableHeader>
              <TableBody>
                {rows.map((u) => (
                  <TableRow key={u.id} data-testid="user-row">
                    <TableCell>
                      <div className="font-medium">{u.full_name || FALLBACK_NAME}</div>
                      <div className="text-xs text-muted-foreground">{u.email}</div>
                    </TableCell>
                    <TableCell>{u.organization || FALLBACK_ORGANIZATION}</TableCell>
                    <TableCell>
                      <div className="flex flex-wrap gap-1">
                        {u.roles.length ? (
                          u.roles.map((r) => (
                            <Badge key={r} variant={r === 'user' ? 'secondary' : 'default'}>
                              {ROLE_LABELS[r] ?? r}
                            </Badge>
                          ))
                        ) : (
                          <span className="text-xs text-muted-foreground">No roles</span>
                        )}
                      </div>
                    </TableCell>
                    <TableCell>
                      <Badge variant={u.is_active ? 'success' : 'destructive'}>
                        {u.is_active ? 'Active' : 'Inactive'}
                      </Badge>
                    </TableCell>
                    <TableCell className="whitespace-nowrap">{formatDate(u.last_login_at)}</TableCell>
                    <TableCell className="text-right">
                      <div className="flex justify-end gap-1">
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Edit ${u.email}`}
                          onClick={() => setEditing(u)}
                        >
                          <Pencil />
                        </Button>
                        <Button
                          variant="ghost"
                          size="icon"
                          aria-label={`Manage roles of ${u.email}`}
                          onClick={() => setRolesFor(u)}
                        >
                          <ShieldCheck />
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </div>
        )}
        {users.hasNextPage && (
          <div className="mt-4 flex justify-center">
            <Button variant="outline" onClick={() => users.fetchNextPage()} disabled={users.isFetchingNextPage}>
              {users.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </Button>
          </div>
        )}
      </CardContent>
      {editing && <UserEditDialog user={editing} onClose={() => setEditing(null)} />}
      {rolesFor && <UserRolesDialog user={rolesFor} onClose={() => setRolesFor(null)} />}
    </Card>
  );
}
