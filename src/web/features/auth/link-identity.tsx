import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import { FingerprintIcon, MailCheckIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Field, useForm } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { FormError } from '@/components/form-error';
import { LoadingState } from '@/components/loading-state';
import { ApiError } from '@/lib/api';
import { errorText, type Wording } from '@/lib/error-text';
import { usePendingLinkQuery, type PendingLink } from '@/data/auth/pending-link-query';
import { useLinkConfirmMutation, type LinkConfirmInput } from '@/data/auth/link-confirm-mutation';
import { useLinkEmailMutation, type LinkMailed } from '@/data/auth/link-email-mutation';
import { AuthCard } from './auth-card';
import { destinationAfterLink, passkeyErrorText } from './auth.utils';
import { SIGN_IN_WORDING } from './sign-in-form';

/** Where a linked sign-in continues: a full navigation, so the app starts again with the new session. */
const goTo = (path: string) => window.location.assign(path);

const TEXT = defineMessages({
  expired: {
    id: 'auth.link.expired',
    defaultMessage: 'This sign-in expired or was finished in another window. Start again from the sign-in page.',
  },
});
const expired = () => activeIntl().formatMessage(TEXT.expired);

/**
 * The proof is a counted attempt like a sign-in: a wrong password and a block read as there
 * (spec §8 texts). A spent pending identity says how to start again; any other refusal (the
 * identity linked meanwhile, the provider switched off) is the server's own sentence.
 */
export const LINK_WORDING: Wording = {
  refusal: (error) => {
    if (error.code === 'invalid_token') return expired();
    const remaining = error.details.attempts_remaining;
    // No email was typed here: the sign-in's "Invalid email or password" would puzzle.
    if (error.code === 'invalid_credentials' && typeof remaining === 'number') {
      return activeIntl().formatMessage(
        {
          id: 'auth.link.wrongPassword',
          defaultMessage: 'The password is not correct. {count, plural, one {# attempt} other {# attempts}} remaining.',
        },
        { count: remaining },
      );
    }
    return SIGN_IN_WORDING.refusal?.(error);
  },
  unexpected: SIGN_IN_WORDING.unexpected,
};

/** The mail's refusals (too many links mailed, 429) are the server's own sentences, not the sign-in block's. */
const MAIL_WORDING: Wording = {
  refusal: (error) => (error.code === 'invalid_token' ? expired() : undefined),
  unexpected: SIGN_IN_WORDING.unexpected,
};

/**
 * /auth?link=<slug> (issue 27): a federated sign-in found an existing account with the upstream
 * email, and the hub never links silently. The person proves the account once — its password
 * (and the authenticator code when one is enrolled: the server asks for it), or a passkey — and is
 * signed in; or asks for a single-use link mailed to the account's address instead. (AuthPage
 * renders it and sets its title: a parent's title effect runs after its child's.)
 */
export function LinkIdentityPage({ onLinked = goTo }: { onLinked?: (returnTo: string) => void }) {
  const pending = usePendingLinkQuery();
  const [mailed, setMailed] = useState<LinkMailed | null>(null);
  const provider = pending.data?.provider.display_name;
  const intl = useIntl();
  return (
    <AuthCard
      title={intl.formatMessage({ id: 'auth.link.title', defaultMessage: 'Connect your sign-in' })}
      description={
        provider
          ? intl.formatMessage(
              {
                id: 'auth.link.descriptionWith',
                defaultMessage: 'You signed in with {provider}. One more step before you continue.',
              },
              { provider },
            )
          : intl.formatMessage({ id: 'auth.link.description', defaultMessage: 'One more step before you continue.' })
      }
    >
      <div className="space-y-4">
        {pending.isPending ? (
          <LoadingState label={intl.formatMessage({ id: 'auth.link.loading', defaultMessage: 'Loading…' })} rows={2} />
        ) : pending.isError ? (
          <FormError message={pendingErrorText(pending.error)} />
        ) : mailed ? (
          <MailSent link={pending.data} mailed={mailed} />
        ) : (
          <ProveAccount link={pending.data} onLinked={onLinked} onMailed={setMailed} />
        )}
        <Button asChild variant="ghost" className="w-full">
          <Link to="/auth">
            <FormattedMessage id="auth.link.back" defaultMessage="Back to sign in" />
          </Link>
        </Button>
      </div>
    </AuthCard>
  );
}

function pendingErrorText(error: unknown): string {
  // 400 invalid_token: the pending identity expired (10 minutes), was used, or this browser has none.
  return error instanceof ApiError && error.code === 'invalid_token' ? expired() : errorText(error);
}

function ProveAccount({
  link,
  onLinked,
  onMailed,
}: {
  link: PendingLink;
  onLinked: (returnTo: string) => void;
  onMailed: (mailed: LinkMailed) => void;
}) {
  const form = useForm({ password: '', code: '' });
  // The server asks for the code (invalid_code on `code`) when the account has an authenticator app.
  const [asksCode, setAsksCode] = useState(false);
  const confirm = useLinkConfirmMutation();
  const email = useLinkEmailMutation();
  const busy = confirm.isPending || email.isPending;
  const intl = useIntl();

  async function prove(input: LinkConfirmInput) {
    form.setError(null);
    try {
      onLinked(destinationAfterLink((await confirm.mutateAsync(input)).return_to));
    } catch (err) {
      if (err instanceof ApiError && err.details.field === 'code') setAsksCode(true);
      if (input === 'passkey') form.setError(passkeyErrorText(err));
      else form.setServerError(err, LINK_WORDING);
    }
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    const { password } = form.values;
    const code = form.values.code.replace(/\s+/g, '');
    if (!password)
      return form.setError(
        intl.formatMessage({ id: 'auth.link.needPassword', defaultMessage: 'Enter the password of this account.' }),
        'password',
      );
    if (asksCode && !code)
      return form.setError(
        intl.formatMessage({
          id: 'auth.link.needCode',
          defaultMessage: 'Enter the 6-digit code from your authenticator app.',
        }),
        'code',
      );
    void prove(code ? { password, code } : { password });
  }

  async function mail() {
    form.setError(null);
    try {
      onMailed(await email.mutateAsync());
    } catch (err) {
      form.setServerError(err, MAIL_WORDING);
    }
  }

  return (
    <section aria-labelledby="link-heading" className="space-y-4">
      <div className="space-y-1">
        <h2 id="link-heading" className="text-lg font-semibold">
          <FormattedMessage
            id="auth.link.heading"
            defaultMessage="Connect {provider} to your account"
            values={{ provider: link.provider.display_name }}
          />
        </h2>
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="auth.link.explain"
            defaultMessage="An account already uses <strong>{email}</strong>. Nothing is connected until you confirm it is yours; you only do this once."
            values={{ email: link.email, strong: (chunks) => <strong className="text-foreground">{chunks}</strong> }}
          />
        </p>
      </div>
      <form
        onSubmit={submit}
        className="space-y-4"
        noValidate
        aria-label={intl.formatMessage({ id: 'auth.link.formLabel', defaultMessage: 'Confirm with your password' })}
      >
        <input type="email" autoComplete="username" value={link.email} readOnly hidden />
        <Field
          id="link-password"
          label={intl.formatMessage({ id: 'auth.link.password', defaultMessage: 'Password' })}
          {...form.field('password')}
        >
          <Input type="password" autoComplete="current-password" autoFocus />
        </Field>
        {asksCode && (
          <Field
            id="link-code"
            label={intl.formatMessage({ id: 'auth.link.code', defaultMessage: 'Authentication code' })}
            {...form.field('code')}
          >
            <Input inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]*" maxLength={6} autoFocus />
          </Field>
        )}
        <FormError {...form.error} />
        <Button type="submit" className="w-full" disabled={busy}>
          {confirm.isPending ? (
            <FormattedMessage id="auth.link.connecting" defaultMessage="Connecting…" />
          ) : (
            <FormattedMessage id="auth.link.submit" defaultMessage="Connect and sign in" />
          )}
        </Button>
      </form>
      <div className="flex items-center gap-3 text-xs text-muted-foreground" aria-hidden>
        <span className="h-px flex-1 bg-border" /> <FormattedMessage id="auth.link.or" defaultMessage="or" />{' '}
        <span className="h-px flex-1 bg-border" />
      </div>
      <div className="flex flex-col gap-2">
        <Button type="button" variant="outline" onClick={() => void prove('passkey')} disabled={busy}>
          <FingerprintIcon aria-hidden />{' '}
          <FormattedMessage id="auth.link.passkey" defaultMessage="Use a passkey instead" />
        </Button>
        <Button type="button" variant="outline" onClick={() => void mail()} disabled={busy}>
          {email.isPending ? (
            <FormattedMessage id="auth.link.sending" defaultMessage="Sending…" />
          ) : (
            <FormattedMessage id="auth.link.mail" defaultMessage="Email me a link instead" />
          )}
        </Button>
      </div>
    </section>
  );
}

function MailSent({ link, mailed }: { link: PendingLink; mailed: LinkMailed }) {
  return (
    <div role="status" className="space-y-2 rounded-md border border-primary/40 bg-accent/60 p-4 text-sm">
      <h2 className="flex items-center gap-2 text-lg font-semibold">
        <MailCheckIcon className="size-5" aria-hidden />{' '}
        <FormattedMessage id="auth.link.inbox" defaultMessage="Check your inbox" />
      </h2>
      <p>
        <FormattedMessage
          id="auth.link.sent"
          defaultMessage="We sent a link to <strong>{email}</strong>. Open it within {minutes, plural, one {# minute} other {# minutes}} to connect {provider} and sign in. The link works once."
          values={{
            email: link.email,
            minutes: mailed.expires_in_minutes,
            provider: link.provider.display_name,
            strong: (chunks) => <strong>{chunks}</strong>,
          }}
        />
      </p>
      <p className="text-muted-foreground">
        <FormattedMessage
          id="auth.link.noMail"
          defaultMessage="No mail? Check your spam folder, or start again from the sign-in page."
        />
      </p>
    </div>
  );
}
