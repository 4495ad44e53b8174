import { FormattedMessage } from 'react-intl';
import type { ReactNode } from 'react';
import { ShieldAlert } from 'lucide-react';

/** The spec's screen for signed-in users who are not ecosystem administrators (§2 /oauth-admin). */
export function AccessDenied({ children }: { children?: ReactNode }) {
  return (
    <div className="mx-auto max-w-xl px-4 py-16 text-center">
      <ShieldAlert className="mx-auto size-10 text-destructive" aria-hidden />
      <h1 className="mt-4 text-2xl font-semibold">
        <FormattedMessage id="common.accessDenied.title" defaultMessage="Access Denied" />
      </h1>
      <p className="mt-2 text-muted-foreground">
        <FormattedMessage
          id="common.accessDenied.text"
          defaultMessage="You need ecosystem administrator privileges to access this page."
        />
      </p>
      {children}
    </div>
  );
}
