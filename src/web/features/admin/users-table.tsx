import { EyeIcon, KeyRoundIcon, Pencil, ShieldCheck } from 'lucide-react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@/components/ui/table';
import type { AdminUser } from '@/data/admin/users-query';
import { fallbacks, formatDate, mfaLabel, roleLabel } from './admin.utils';

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
  const intl = useIntl();
  const columns = {
    user: intl.formatMessage({ id: 'admin.users.table.user', defaultMessage: 'User' }),
    organization: intl.formatMessage({ id: 'admin.users.table.organization', defaultMessage: 'Organization' }),
    roles: intl.formatMessage({ id: 'admin.users.table.roles', defaultMessage: 'Roles' }),
    status: intl.formatMessage({ id: 'admin.users.table.status', defaultMessage: 'Status' }),
    mfa: intl.formatMessage({ id: 'admin.users.table.mfa', defaultMessage: 'MFA' }),
    lastLogin: intl.formatMessage({ id: 'admin.users.table.lastLogin', defaultMessage: 'Last Login' }),
  };
  return (
    <Table stack label={intl.formatMessage({ id: 'admin.users.table.label', defaultMessage: 'Users' })}>
      <TableHeader>
        <TableRow>
          <TableHead>{columns.user}</TableHead>
          <TableHead>{columns.organization}</TableHead>
          <TableHead>{columns.roles}</TableHead>
          <TableHead>{columns.status}</TableHead>
          <TableHead>{columns.mfa}</TableHead>
          <TableHead>{columns.lastLogin}</TableHead>
          <TableHead className="text-end">
            <FormattedMessage id="admin.users.table.actions" defaultMessage="Actions" />
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>
        {users.map((u) => (
          <TableRow key={u.id} data-testid="user-row">
            <TableCell label={columns.user} className="min-w-0">
              <div className="min-w-0 md:text-start">
                <div className="font-medium" translate={u.full_name ? 'no' : undefined}>
                  {u.full_name || intl.formatMessage(fallbacks.name)}
                </div>
                <div className="text-xs break-all text-muted-foreground">{u.email}</div>
              </div>
            </TableCell>
            <TableCell label={columns.organization}>
              {u.organization || intl.formatMessage(fallbacks.organization)}
            </TableCell>
            <TableCell label={columns.roles}>
              <div className="flex flex-wrap justify-end gap-1 md:justify-start">
                {u.roles.length ? (
                  u.roles.map((r) => (
                    <Badge key={r} variant={r === 'user' ? 'secondary' : 'default'}>
                      {roleLabel(intl, r)}
                    </Badge>
                  ))
                ) : (
                  <span className="text-xs text-muted-foreground">
                    <FormattedMessage id="admin.users.table.noRoles" defaultMessage="No roles" />
                  </span>
                )}
              </div>
            </TableCell>
            <TableCell label={columns.status}>
              <Badge variant={u.is_active ? 'success' : 'destructive'}>
                {u.is_active ? (
                  <FormattedMessage id="admin.users.table.active" defaultMessage="Active" />
                ) : (
                  <FormattedMessage id="admin.users.table.inactive" defaultMessage="Inactive" />
                )}
              </Badge>
            </TableCell>
            <TableCell label={columns.mfa}>
              <Badge variant={u.mfa.totp || u.mfa.passkeys > 0 ? 'success' : 'secondary'} data-testid="user-mfa">
                {mfaLabel(intl, u.mfa)}
              </Badge>
            </TableCell>
            <TableCell label={columns.lastLogin} className="md:whitespace-nowrap">
              {formatDate(intl, u.last_login_at)}
            </TableCell>
            <TableCell className="justify-end md:text-end">
              <div className="flex justify-end gap-1">
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage(
                    { id: 'admin.users.table.edit', defaultMessage: 'Edit {email}' },
                    { email: u.email },
                  )}
                  onClick={() => onEdit(u)}
                >
                  <Pencil />
                </Button>
                <Button
                  variant="ghost"
                  size="icon"
                  aria-label={intl.formatMessage(
                    { id: 'admin.users.table.manageRoles', defaultMessage: 'Manage roles of {email}' },
                    { email: u.email },
                  )}
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
                    aria-label={intl.formatMessage(
                      { id: 'admin.users.table.resetMfa', defaultMessage: 'Reset two-step verification of {email}' },
                      { email: u.email },
                    )}
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
