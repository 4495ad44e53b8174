import { useMemo } from 'react';
import { useIntl } from 'react-intl';
import { useSearchParams } from 'react-router';
import { SectionedPage } from '@/components/sectioned-page';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ACCOUNT_TABS, accountTabOf } from './account-tabs';
import { DeletionBanner } from './deletion-notice';

/**
 * /account (issue 13): every user's own home. Profile, Security (password, authenticator app,
 * recovery codes, passkeys), Sessions, Connected apps and Organizations (issue 29); the section
 * lives in the URL.
 */
export default function AccountPage() {
  const intl = useIntl();
  const [params] = useSearchParams();
  const sections = useMemo(() => ACCOUNT_TABS.map((t) => ({ ...t, label: intl.formatMessage(t.label) })), [intl]);
  const activeKey = accountTabOf(params.get('tab')).key;
  const active = sections.find((s) => s.key === activeKey) ?? sections[0];
  const name = intl.formatMessage({ id: 'account.page.name', defaultMessage: 'Account' });
  useDocumentTitle(active.label, name);
  return (
    <div className="w-full max-w-4xl">
      <DeletionBanner hidden={active.key === 'privacy'} />
      <SectionedPage
        name={name}
        path="/account"
        title={intl.formatMessage({ id: 'account.page.title', defaultMessage: 'Your Account' })}
        description={intl.formatMessage({
          id: 'account.page.description',
          defaultMessage: 'Your profile, how you sign in, where you are signed in and the apps that can act for you.',
        })}
        sections={sections}
        active={active}
        contentClassName="space-y-6"
      />
    </div>
  );
}
