import { Suspense } from 'react';
import { useSearchParams } from 'react-router';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LoadingState } from '@/components/loading-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ACCOUNT_TABS, accountTabOf } from './account-tabs';

/**
 * /account (issue 13): every user's own home. Profile, Security (password, authenticator app,
 * recovery codes, passkeys), Sessions and Connected apps; the section lives in the URL.
 */
export default function AccountPage() {
  const [params, setParams] = useSearchParams();
  const active = accountTabOf(params.get('tab'));
  useDocumentTitle(active.label, 'Account');
  return (
    <div className="w-full max-w-4xl">
      {active.key !== 'profile' && (
        <Breadcrumbs items={[{ label: 'Account', to: '/account' }, { label: active.label }]} />
      )}
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Your Account</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Your profile, how you sign in, where you are signed in and the apps that can act for you.
        </p>
      </header>
      <Tabs
        value={active.key}
        onValueChange={(value) => {
          const next = new URLSearchParams();
          if (value !== 'profile') next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList aria-label="Account sections" className="w-full sm:w-fit">
          {ACCOUNT_TABS.map(({ key, label }) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ACCOUNT_TABS.map(({ key, Tab }) => (
          <TabsContent key={key} value={key} className="space-y-6">
            <Suspense fallback={<LoadingState />}>
              <Tab />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
