import { useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { usePasswordChangeMutation } from '@/data/me/password-change-mutation';
import { PasswordStrength } from '@/features/auth/password-strength';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { notify } from '@/lib/notify';
import { checkPassword, WEAK_PASSWORD_MESSAGE } from '@shared/password-policy';

/** Change password: the current one, a new one under the sign-up policy; other sessions end. */
export function PasswordCard() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [serverReasons, setServerReasons] = useState<string[]>([]);
  const check = useMemo(() => checkPassword(next), [next]);
  const change = usePasswordChangeMutation({
    onSuccess: () => notify.success('Password changed. Your other sessions were signed out.'),
  });

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!current || !next) {
      setError('Enter your current password and a new one.');
      return;
    }
    if (!check.valid) {
      setError(WEAK_PASSWORD_MESSAGE);
      return;
    }
    setError(null);
    try {
      await change.mutateAsync({ current_password: current, new_password: next });
      setCurrent('');
      setNext('');
    } catch (err) {
      if (err instanceof ApiError && err.code === 'weak_password') {
        setServerReasons(Array.isArray(err.details.reasons) ? (err.details.reasons as string[]) : []);
        setError(WEAK_PASSWORD_MESSAGE);
      } else setError(errorText(err));
    }
  }

  return (
    <Card>
      <CardHeader>
        <CardTitle>Password</CardTitle>
        <CardDescription>Changing it signs out every other device.</CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Change password">
          <div className="space-y-2">
            <Label htmlFor="password-current">Current password</Label>
            <Input
              id="password-current"
              type="password"
              autoComplete="current-password"
              value={current}
              onChange={(e) => {
                setError(null);
                setCurrent(e.target.value);
              }}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="password-new">New password</Label>
            <Input
              id="password-new"
              type="password"
              autoComplete="new-password"
              value={next}
              onChange={(e) => {
                setError(null);
                setServerReasons([]);
                setNext(e.target.value);
              }}
            />
          </div>
          {next && (
            <div className="sm:col-span-2">
              <PasswordStrength check={check} extra={serverReasons} />
            </div>
          )}
          <div className="space-y-4 sm:col-span-2">
            <FormError message={error} />
            <Button type="submit" variant="outline" disabled={change.isPending}>
              {change.isPending ? 'Changing…' : 'Change password'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
