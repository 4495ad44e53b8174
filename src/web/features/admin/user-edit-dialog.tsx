import { useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { Switch } from '@/components/ui/switch';
import { ApiError } from '@/lib/api';
import { useUpdateUserMutation, type UserPatch } from '@/data/admin/users';
import type { AdminUser } from '@/data/admin/types';

/** Edit dialog (spec §2): email, full name (empty saves null), organization, department, active. */
export function UserEditDialog({ user, onClose }: { user: AdminUser; onClose: () => void }) {
  const [form, setForm] = useState<UserPatch>({
    email: user.email,
    full_name: user.full_name ?? '',
    organization: user.organization ?? '',
    department: user.department ?? '',
    is_active: user.is_active,
  });
  const [emailError, setEmailError] = useState<string | null>(null);
  const update = useUpdateUserMutation();
  const set = (key: keyof UserPatch) => (e: React.ChangeEvent<HTMLInputElement>) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setEmailError(null);
    try {
      await update.mutateAsync({ id: user.id, patch: form });
      toast.success('User updated successfully');
      onClose();
    } catch (error) {
      const message = error instanceof ApiError ? error.message : undefined;
      if (error instanceof ApiError && (error.code === 'email_in_use' || error.details.field === 'email'))
        setEmailError(message ?? null);
      toast.error('Failed to update user', { description: message });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent>
        <form onSubmit={save} className="space-y-4">
          <DialogHeader>
            <DialogTitle>Edit User</DialogTitle>
            <DialogDescription>Update the account details of {user.email}.</DialogDescription>
          </DialogHeader>
          <div className="space-y-2">
            <Label htmlFor="edit-email">Email</Label>
            <Input
              id="edit-email"
              type="email"
              required
              value={form.email}
              onChange={set('email')}
              aria-invalid={Boolean(emailError)}
            />
            {emailError && (
              <p role="alert" className="text-sm text-destructive">
                {emailError}
              </p>
            )}
          </div>
          <div className="space-y-2">
            <Label htmlFor="edit-full-name">Full Name</Label>
            <Input id="edit-full-name" value={form.full_name} onChange={set('full_name')} />
          </div>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="space-y-2">
              <Label htmlFor="edit-organization">Organization</Label>
              <Input id="edit-organization" value={form.organization} onChange={set('organization')} />
            </div>
            <div className="space-y-2">
              <Label htmlFor="edit-department">Department</Label>
              <Input id="edit-department" value={form.department} onChange={set('department')} />
            </div>
          </div>
          <div className="flex items-center justify-between rounded-lg border p-3">
            <div>
              <Label htmlFor="edit-active">Account Active</Label>
              <p className="text-xs text-muted-foreground">Deactivating signs the user out everywhere.</p>
            </div>
            <Switch
              id="edit-active"
              checked={form.is_active}
              onCheckedChange={(v) => setForm((f) => ({ ...f, is_active: v }))}
            />
          </div>
          <DialogFooter>
            <Button type="button" variant="outline" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={update.isPending}>
              {update.isPending ? 'Saving…' : 'Save Changes'}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
