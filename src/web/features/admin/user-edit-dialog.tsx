import { FormattedMessage, useIntl } from 'react-intl';
import { FormError } from '@/components/form-error';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { notify } from '@/lib/notify';
import type { AdminUser } from '@/data/admin/users-query';
import { useUserUpdateMutation } from '@/data/admin/user-update-mutation';

/** Edit dialog (spec §2): email, full name (empty saves null), organization, department, active. */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const intl = useIntl();
  const form = useForm({
    email: user.email,
    full_name: user.full_name ?? '',
    organization: user.organization ?? '',
    department: user.department ?? '',
    is_active: user.is_active,
  });
  // The server says whether it would refuse the deactivation (oneself, a super admin, the last one): not offered then.
  const deactivation = user.actions?.deactivate;
  const mayNotDeactivate = user.is_active && deactivation !== undefined && !deactivation.allowed;
  const update = useUserUpdateMutation({
    onSuccess: () => {
      notify.success(intl.formatMessage({ id: 'admin.users.edit.saved', defaultMessage: 'User updated successfully' }));
      onClose();
    },
  });

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            form.setError(null);
            update.mutateAsync({ id: user.id, patch: form.values }).catch(form.setServerError);
          }}
          className="space-y-4"
          noValidate
        >
          <DialogHeader>
            <DialogTitle>
              <FormattedMessage id="admin.users.edit.title" defaultMessage="Edit User" />
            </DialogTitle>
            <DialogDescription>
              <FormattedMessage
                id="admin.users.edit.description"
                defaultMessage="Update the account details of {email}."
                values={{ email: user.email }}
              />
            </DialogDescription>
          </DialogHeader>
          <Field
            id="edit-email"
            label={intl.formatMessage({ id: 'admin.users.edit.email', defaultMessage: 'Email' })}
            {...form.field('email')}
          >
            <Input type="email" required />
          </Field>
          <Field
            id="edit-full-name"
            label={intl.formatMessage({ id: 'admin.users.edit.fullName', defaultMessage: 'Full Name' })}
            {...form.field('full_name')}
          >
            <Input />
          </Field>
          <div className="grid gap-4 sm:grid-cols-2">
            <Field
              id="edit-organization"
              label={intl.formatMessage({ id: 'admin.users.edit.organization', defaultMessage: 'Organization' })}
              {...form.field('organization')}
            >
              <Input />
            </Field>
            <Field
              id="edit-department"
              label={intl.formatMessage({ id: 'admin.users.edit.department', defaultMessage: 'Department' })}
              {...form.field('department')}
            >
              <Input />
            </Field>
          </div>
          <div className="flex items-center justify-between rounded-lg border p-3">
            <div>
              <Label htmlFor="edit-active">
                <FormattedMessage id="admin.users.edit.active" defaultMessage="Account Active" />
              </Label>
              <p className="text-xs text-muted-foreground">
                <FormattedMessage
                  id="admin.users.edit.activeHint"
                  defaultMessage="Deactivating signs the user out everywhere."
                />
              </p>
              {mayNotDeactivate && (
                <p id="edit-active-refused" className="text-xs text-muted-foreground" data-testid="deactivate-reason">
                  {deactivation.reason === 'self' ? (
                    <FormattedMessage
                      id="admin.users.edit.self"
                      defaultMessage="This is your own account: you cannot deactivate it. Another administrator can."
                    />
                  ) : deactivation.reason === 'last_super_admin' ? (
                    <FormattedMessage
                      id="admin.users.edit.lastSuperAdmin"
                      defaultMessage="The last active super admin stays active: make someone else a super admin first."
                    />
                  ) : (
                    <FormattedMessage
                      id="admin.users.edit.superAdminOnly"
                      defaultMessage="Only a super admin can deactivate a super admin."
                    />
                  )}
                </p>
              )}
            </div>
            <Switch
              id="edit-active"
              checked={form.values.is_active}
              onCheckedChange={(v) => form.edit({ is_active: v })}
              disabled={mayNotDeactivate}
              aria-describedby={mayNotDeactivate ? 'edit-active-refused' : undefined}
            />
          </div>
          <FormError {...form.error} />
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              <FormattedMessage id="admin.users.edit.cancel" defaultMessage="Cancel" />
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? (
                <FormattedMessage id="admin.users.edit.saving" defaultMessage="Saving…" />
              ) : (
                <FormattedMessage id="admin.users.edit.save" defaultMessage="Save Changes" />
              )}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
