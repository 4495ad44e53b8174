import { useState, type KeyboardEvent } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { FormError } from '@/components/form-error';
import { errorText } from '@/lib/error-text';
import type { SessionState } from '@/data/auth/session-query';
import { isMfaChallenge, type MfaChallenge } from '@/data/auth/sign-in-mutation';
import {
  useEmailCodeVerifyMutation,
  useEmailSignInModesQuery,
  useEmailSignInRequestMutation,
} from '@/data/auth/email-sign-in';

type Sent = { mode: 'code' | 'link'; email: string; confirmCode?: string };

/**
 * Issue 42: sign in with a code or link sent by mail, under the password form when an
 * administrator turned it on. A code is typed here; a link is opened from the mail (in this
 * browser it signs in at once; elsewhere it asks for the code this panel shows).
 */
export function EmailSignIn({
  onSignedIn,
  onMfaRequired,
}: {
  onSignedIn: (state: SessionState) => void;
  onMfaRequired: (challenge: MfaChallenge) => void;
}) {
  const intl = useIntl();
  const modes = useEmailSignInModesQuery();
  const request = useEmailSignInRequestMutation();
  const verify = useEmailCodeVerifyMutation();
  const [email, setEmail] = useState('');
  const [code, setCode] = useState('');
  const [sent, setSent] = useState<Sent | null>(null);
  const [error, setError] = useState<string | null>(null);
  if (!modes.data || (!modes.data.code && !modes.data.link)) return null;

  async function ask(mode: 'code' | 'link') {
    setError(null);
    const address = email.trim();
    if (!address) {
      setError(intl.formatMessage({ id: 'auth.emailSignIn.emailMissing', defaultMessage: 'Enter your email first.' }));
      return;
    }
    try {
      const answer = await request.mutateAsync({ email: address, mode });
      setSent({ mode, email: address, confirmCode: answer.confirm_code });
    } catch (err) {
      setError(errorText(err));
    }
  }

  async function check() {
    if (!sent) return;
    setError(null);
    try {
      const answer = await verify.mutateAsync({ email: sent.email, code: code.trim() });
      if (isMfaChallenge(answer)) onMfaRequired(answer);
      else onSignedIn(answer);
    } catch (err) {
      setError(errorText(err));
    }
  }

  // Inside the password form: Enter here must not submit the password.
  const stay = (run: () => void) => (event: KeyboardEvent) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      run();
    }
  };

  return (
    <div
      role="group"
      aria-label={intl.formatMessage({ id: 'auth.emailSignIn.group', defaultMessage: 'Sign in by email' })}
      className="space-y-3 rounded-md border p-3"
      data-testid="email-sign-in"
    >
      <p className="text-sm font-medium">
        <FormattedMessage id="auth.emailSignIn.title" defaultMessage="No password? Sign in by email" />
      </p>
      {!sent ? (
        <>
          <Label htmlFor="email-sign-in-email" className="sr-only">
            <FormattedMessage id="auth.emailSignIn.emailLabel" defaultMessage="Email for a sign-in mail" />
          </Label>
          <Input
            id="email-sign-in-email"
            type="email"
            autoComplete="username"
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            onKeyDown={stay(() => void ask(modes.data.code ? 'code' : 'link'))}
            placeholder={intl.formatMessage({
              id: 'auth.emailSignIn.emailPlaceholder',
              defaultMessage: 'you@example.com',
            })}
          />
          <div className="flex flex-wrap gap-2">
            {modes.data.code && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={request.isPending}
                onClick={() => void ask('code')}
              >
                <FormattedMessage id="auth.emailSignIn.sendCode" defaultMessage="Email me a code" />
              </Button>
            )}
            {modes.data.link && (
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={request.isPending}
                onClick={() => void ask('link')}
              >
                <FormattedMessage id="auth.emailSignIn.sendLink" defaultMessage="Email me a link" />
              </Button>
            )}
          </div>
        </>
      ) : sent.mode === 'code' ? (
        <>
          <p className="text-sm text-muted-foreground" role="status">
            <FormattedMessage
              id="auth.emailSignIn.codeSent"
              defaultMessage="If {email} has an account, a 6-digit code is on its way. It works once, for 10 minutes."
              values={{ email: sent.email }}
            />
          </p>
          <Label htmlFor="email-sign-in-code">
            <FormattedMessage id="auth.emailSignIn.codeLabel" defaultMessage="Code from the mail" />
          </Label>
          <Input
            id="email-sign-in-code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={6}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            onKeyDown={stay(() => void check())}
          />
          <Button
            type="button"
            size="sm"
            disabled={verify.isPending || code.trim().length !== 6}
            onClick={() => void check()}
          >
            <FormattedMessage id="auth.emailSignIn.verify" defaultMessage="Sign in with the code" />
          </Button>
        </>
      ) : (
        <p className="text-sm text-muted-foreground" role="status">
          <FormattedMessage
            id="auth.emailSignIn.linkSent"
            defaultMessage={
              'If {email} has an account, a sign-in link is on its way (valid 15 minutes). Open it in ' +
              'this browser. Opened on another device, it asks for this code: {code}'
            }
            values={{
              email: sent.email,
              code: <strong className="font-mono text-foreground">{sent.confirmCode}</strong>,
            }}
          />
        </p>
      )}
      {sent && (
        <Button type="button" variant="link" size="sm" className="px-0" onClick={() => setSent(null)}>
          <FormattedMessage id="auth.emailSignIn.again" defaultMessage="Use another email or way" />
        </Button>
      )}
      {error && <FormError message={error} />}
    </div>
  );
}
