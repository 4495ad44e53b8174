import { FormattedMessage, useIntl } from 'react-intl';
import { EyeIcon } from 'lucide-react';
import { useMyImpersonationsQuery } from '@/data/me/impersonations-query';

/**
 * Issue 42, in the account's Sessions: each time support viewed the account as its owner — who,
 * when, for how long and why (the same facts the mail told). Nothing when it never happened.
 */
export function ImpersonationsCard() {
  const intl = useIntl();
  const list = useMyImpersonationsQuery();
  const items = list.data?.impersonations ?? [];
  if (items.length === 0) return null;
  return (
    <section aria-labelledby="impersonations-title" className="space-y-2" data-testid="my-impersonations">
      <h3 id="impersonations-title" className="flex items-center gap-2 text-base font-semibold">
        <EyeIcon className="size-4" aria-hidden />
        <FormattedMessage id="auth.impersonation.activity.title" defaultMessage="Viewed by support" />
      </h3>
      <ul className="space-y-2">
        {items.map((item) => (
          <li key={item.started_at} className="rounded-md border p-3 text-sm">
            <FormattedMessage
              id="auth.impersonation.activity.item"
              defaultMessage="{who} viewed your account as you on {when}, for at most {minutes} minutes: {why}"
              values={{
                who: item.admin_name ?? item.admin_email ?? '—',
                when: intl.formatDate(item.started_at, { dateStyle: 'medium', timeStyle: 'short' }),
                minutes: item.minutes,
                why: item.justification,
              }}
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
