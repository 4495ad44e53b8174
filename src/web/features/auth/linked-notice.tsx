import { FormattedMessage, useIntl } from 'react-intl';
import { CheckCircle2Icon } from 'lucide-react';
import { useSignInProvidersQuery } from '@/data/identity-providers/sign-in-providers-query';

/**
 * /auth?linked=<slug>: the mailed link connected the identity, but the account has a second
 * factor the provider did not stand in for, so nobody was signed in. Say so, and what comes next.
 */
export function LinkedNotice({ slug }: { slug: string }) {
  const providers = useSignInProvidersQuery();
  const intl = useIntl();
  const name =
    providers.data?.find((p) => p.slug === slug)?.display_name ??
    intl.formatMessage({ id: 'auth.linked.theSignIn', defaultMessage: 'The sign-in' });
  return (
    <div
      role="status"
      data-testid="linked-notice"
      className="flex gap-3 rounded-md border border-success/50 bg-success/10 p-3 text-sm"
    >
      <CheckCircle2Icon className="mt-0.5 size-4 shrink-0" aria-hidden />
      <p>
        <FormattedMessage
          id="auth.linked.notice"
          defaultMessage="<strong>{name} is now connected to your account.</strong> Your account also uses a second factor: sign in below with your password and that factor to finish."
          values={{ name, strong: (chunks) => <strong>{chunks}</strong> }}
        />
      </p>
    </div>
  );
}
