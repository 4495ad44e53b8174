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
  const [params] = useSearchParams();
  const active = accountTabOf(params.get('tab'));
  useDocumentTitle(active.label, 'Account');
  return (
    <div className="w-full max-w-4xl">
      <DeletionBanner hidden={active.key === 'privacy'} />
      <SectionedPage
        name="Account"
        path="/account"
        title="Your Account"
        description="Your profile, how you sign in, where you are signed in and the apps that can act for you."
        sections={ACCOUNT_TABS}
        active={active}
        contentClassName="space-y-6"
      />
    </div>
  );
}
