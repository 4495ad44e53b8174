import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormError } from '@/components/form-error';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import type { Me } from '@/data/me/me-query';
import { useEmailChangeMutation } from '@/data/me/email-change-mutation';
import { errorText } from '@/lib/error-text';

/**
 * The email address and its change: the new address gets a confirmation link and the change
 * happens only when it is opened (the old address is told). The current password is asked so
 * a borrowed session cannot take the account over.
 */
export function EmailChangeCard({ me }: { me: Me }) {
  const [newEmail, setNewEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [sentTo, setSentTo] = useState<string | null>(null);
  const change = useEmailChangeMutation();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const address = newEmail.trim();
    if (!address || !password) {
      setError('Enter the new address and your current password.');
      return;
    }
    setError(null);
    try {
      await change.mutateAsync({ new_email: address, current_password: password });
      setSentTo(address);
      setNewEmail('');
      setPassword('');
    } catch (err) {
      setError(errorText(err));
    }
  }

  const clear = () => {
    setError(null);
    setSentTo(null);
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Email address</CardTitle>
        <CardDescription className="flex flex-wrap items-center gap-2">
          <span className="wrap-anywhere text-foreground" data-testid="account-email">
            {me.email}
          </span>
          <Badge variant={me.email_verified ? 'success' : 'secondary'}>
            {me.email_verified ? 'Verified' : 'Not verified'}
          </Badge>
        </CardDescription>
      </CardHeader>
      <CardContent>
        <form onSubmit={submit} className="grid gap-4 sm:grid-cols-2" noValidate aria-label="Change email address">
          <div className="space-y-2">
            <Label htmlFor="email-new">New email address</Label>
            <Input
              id="email-new"
              type="email"
              autoComplete="email"
              value={newEmail}
              onChange={(e) => {
                clear();
                setNewEmail(e.target.value);
              }}
            />
          </div>
          <div className="space-y-2">
            <Label htmlFor="email-password">Current password</Label>
            <Input
              id="email-password"
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(e) => {
                clear();
                setPassword(e.target.value);
              }}
            />
          </div>
          <div className="space-y-4 sm:col-span-2">
            <FormError message={error} />
            {sentTo && (
              <p role="status" className="rounded-md border bg-accent p-3 text-sm">
                We sent a confirmation link to <strong className="wrap-anywhere">{sentTo}</strong>. Your address changes
                when you open it.
              </p>
            )}
            <Button type="submit" variant="outline" disabled={change.isPending}>
              {change.isPending ? 'Sending…' : 'Send confirmation link'}
            </Button>
          </div>
        </form>
      </CardContent>
    </Card>
  );
}
