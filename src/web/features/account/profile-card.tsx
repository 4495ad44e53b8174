import { useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Me } from '@/data/me/me-query';
import { useProfileUpdateMutation } from '@/data/me/profile-update-mutation';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';

const FIELDS = [
  { key: 'full_name', label: 'Full name', autoComplete: 'name' },
  { key: 'organization', label: 'Organization', autoComplete: 'organization' },
  { key: 'department', label: 'Department', autoComplete: 'off' },
] as const;
type Field = (typeof FIELDS)[number]['key'];

/** PATCH /api/me with the fields that changed; an emptied field is stored as null. */
export function ProfileCard({ me }: { me: Me }) {
  const initial = {
    full_name: me.full_name ?? '',
    organization: me.organization ?? '',
    department: me.department ?? '',
  };
  const [values, setValues] = useState<Record<Field, string>>(initial);
  const [error, setError] = useState<string | null>(null);
  const update = useProfileUpdateMutation({ onSuccess: () => notify.success('Profile saved') });
  const changed = FIELDS.filter(({ key }) => values[key].trim() !== initial[key]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setError(null);
    const patch = Object.fromEntries(changed.map(({ key }) => [key, values[key].trim() || null]));
    try {
      await update.mutateAsync(patch);
    } catch (err) {
      setError(errorText(err));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Profile</CardTitle>
        <CardDescription>How administrators and the apps you use see you.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Profile">
          {FIELDS.map(({ key, label, autoComplete }) => (
            <div key={key} className={key === 'full_name' ? 'space-y-2 sm:col-span-2' : 'space-y-2'}>
              <Label htmlFor={`profile-${key}`}>{label}</Label>
              <Input
                id={`profile-${key}`}
                autoComplete={autoComplete}
                maxLength={200}
                value={values[key]}
                onChange={(e) => {
                  setError(null);
                  setValues((v) => ({ ...v, [key]: e.target.value }));
                }}
              />
            </div>
          ))}
          <div className="space-y-4 sm:col-span-2">
            <FormError message={error} />
            <Button type="submit" disabled={update.isPending || changed.length === 0}>
              {update.isPending ? 'Saving…' : 'Save profile'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
