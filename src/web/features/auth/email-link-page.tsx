import { useEffect, useRef, useState, type FormEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormError } from '@/components/form-error';
import { ApiError } from '@/lib/api';
import { errorText } from '@/lib/error-text';
import { useDocumentTitle } from '@/lib/use-document-title';
import { isMfaChallenge, type MfaChallenge } from '@/data/auth/sign-in-mutation';
import { useEmailLinkMutation } from '@/data/auth/email-sign-in';
import { MfaStep } from './mfa-step';

/**
 * Issue 42: /email-sign-in?token=… — the mailed sign-in link. In the browser that asked for it,
 * it signs in at once; in another it asks for the code the asking browser shows.
 */
export default function EmailLinkPage() {
  const intl = useIntl();
  useDocumentTitle(intl.formatMessage({ id: 'auth.emailSignIn.linkTitle', defaultMessage: 'Sign in by email link' }));
  const [params] = useSearchParams();
  const token = params.get('token') ?? '';
  const navigate = useNavigate();
  const open = useEmailLinkMutation();
  const [needsCode, setNeedsCode] = useState(false);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const tried = useRef(false);

  async function send(confirm?: string) {
    setError(null);
    if (!token) {
      // A link cut short in the mail client: nothing to send, and the server's words would be about a field.
      return setError(
        intl.formatMessage({
          id: 'auth.emailSignIn.noToken',
          defaultMessage: 'This link is incomplete. Open the whole link from your email, or ask for a new one.',
        }),
      );
    }
    try {
      const answer = await open.mutateAsync({ token, ...(confirm ? { confirm_code: confirm } : {}) });
      if (isMfaChallenge(answer)) setChallenge(answer);
      else navigate('/', { replace: true });
    } catch (err) {
      if (err instanceof ApiError && err.code === 'confirm_code_required') setNeedsCode(true);
      else setError(errorText(err));
    }
  }

  useEffect(() => {
    if (tried.current) return;
    tried.current = true;
    void send();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, on arrival
  }, []);

  function submit(event: FormEvent) {
    event.preventDefault();
    void send(code.trim());
  }

  return (
    <main id="main" className="flex min-h-[60vh] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md">
        <CardHeader>
          <CardTitle as="h1" className="text-xl">
            <FormattedMessage id="auth.emailSignIn.linkTitle" defaultMessage="Sign in by email link" />
          </CardTitle>
        </CardHeader>
        <CardContent className="space-y-4">
          {challenge ? (
            <MfaStep
              challenge={challenge}
              onSignedIn={() => navigate('/', { replace: true })}
              onCancel={() => navigate('/auth')}
            />
          ) : needsCode ? (
            <form onSubmit={submit} className="space-y-3" noValidate>
              <p className="text-sm text-muted-foreground">
                <FormattedMessage
                  id="auth.emailSignIn.confirmHelp"
                  defaultMessage="This link was asked for in another browser. Type the code that browser shows to sign in here."
                />
              </p>
              <Label htmlFor="email-link-confirm">
                <FormattedMessage id="auth.emailSignIn.confirmLabel" defaultMessage="Code shown in the other browser" />
              </Label>
              <Input
                id="email-link-confirm"
                inputMode="numeric"
                maxLength={6}
                value={code}
                onChange={(e) => setCode(e.target.value)}
              />
              <Button type="submit" disabled={open.isPending || code.trim().length !== 6}>
                <FormattedMessage id="auth.emailSignIn.confirm" defaultMessage="Confirm and sign in" />
              </Button>
            </form>
          ) : (
            !error && (
              <p role="status" className="text-sm text-muted-foreground">
                <FormattedMessage id="auth.emailSignIn.opening" defaultMessage="Signing you in…" />
              </p>
            )
          )}
          {error && <FormError message={error} />}
        </CardContent>
      </Card>
    </main>
  );
}
