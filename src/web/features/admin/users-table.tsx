import { EyeIcon, KeyRoundIcon, Pencil, ShieldCheck } from 'lucide-react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AdminUser } from '@/data/admin/users-query';
import { FALLBACK_NAME, FALLBACK_ORGANIZATION, ROLE_LABELS, formatDate, mfaLabel } from './admin.utils';

/** Spec §2 columns; on a phone each user is a card. The action buttons name whom they act on. */
export function UsersTable({
  users,
  onEdit,
  onRoles,
  onResetMfa,
  onViewAs,
}: {
  users: AdminUser[];
  onEdit: (user: AdminUser) => void;
  onRoles: (user: AdminUser) => void;
  /** Only for a super_admin (issue 13). */
  onResetMfa?: (user: AdminUser) => void;
  /** Issue 42: "View as this user" (shown to an administrator holding `support`). */
  onViewAs?: (user: AdminUser) => void;
}) {
  return (
    <Table stack label="Users">
      <TableHeader>
        <TableRow>
          <TableHead>User</TableHead>
          <TableHead>Organization</TableHead>
          <TableHead>Roles</TableHead>
          <TableHead>Status</TableHead>
          <TableHead>MFA</TableHead>
          <TableHead>Last Login</TableHead>
          <TableHead className="text-right">Actions</TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id} data-testid="user-row">
            <TableCell label="User" className="min-w-0">
              <div className="min-w-0 md:text-left">
                <div className="font-medium">{u.full_name || FALLBACK_NAME}</div>
                <div className="text-xs break-all text-muted-foreground">{u.email}</div>
              </div>
            </TableCell>
            <TableCell label="Organization">{u.organization || FALLBACK_ORGANIZATION}</TableCell>
            <TableCell label="Roles">
              <div className="flex flex-wrap justify-end gap-1 md:justify-start">
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
            <TableCell label="Status">
              <Badge variant={u.is_active ? 'success' : 'destructive'}>{u.is_active ? 'Active' : 'Inactive'}</Badge>
            </TableCell>
            <TableCell label="MFA">
              <Badge variant={u.mfa.totp || u.mfa.passkeys > 0 ? 'success' : 'secondary'} data-testid="user-mfa">
                {mfaLabel(u.mfa)}
              </Badge>
            </TableCell>
            <TableCell label="Last Login" className="md:whitespace-nowrap">
              {formatDate(u.last_login_at)}
            </TableCell>
            <TableCell className="justify-end md:text-right">
              <div className="flex justify-end gap-1">
                <Button variant="ghost" size="icon" aria-label={`Edit ${u.email}`} onClick={() => onEdit(u)}>
                  <Pencil />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={`Manage roles of ${u.email}`}
                  onClick={() => onRoles(u)}
                >
                  <ShieldCheck />
                </Button>
                {onViewAs && u.is_active && (
                  <Button variant="ghost" size="icon" aria-label={`View as ${u.email}`} onClick={() => onViewAs(u)}>
                    <EyeIcon />
                  </Button>
                )}
                {onResetMfa && (u.mfa.totp || u.mfa.passkeys > 0) && (
                  <Button
                    variant="ghost"
                    size="icon"
                    aria-label={`Reset two-step verification of ${u.email}`}
                    onClick={() => onResetMfa(u)}
                  >
                    <KeyRoundIcon />
                  </Button>
                )}
              </div>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
