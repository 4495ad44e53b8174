import { useEffect, useRef, useState } from 'react';
import { useIntl } from 'react-intl';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/auth/auth-provider';
import { notify } from '@/lib/notify';
import { cn } from '@/lib/utils';
import { useDocumentTitle } from '@/lib/use-document-title';
import type { MfaChallenge } from '@/data/auth/sign-in-mutation';
import type { SessionState } from '@/data/auth/session-query';
import { destinationAfterAuth } from './auth.utils';
import { MfaStep } from './mfa-step';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { LinkIdentityPage } from './link-identity';
import { LinkedNotice } from './linked-notice';
import { BrandFooter, BrandHeader, brandStyle, useClientBrand } from './client-brand';

/**
 * /auth (spec §2): sign-in and sign-up tabs; a signed-in visitor is sent onward at once. With
 * ?link=<slug> it is the screen that links a waiting upstream identity; with ?linked=<slug> (a
 * mailed link opened by an account with a second factor) it says the link is done, sign in now.
 */
export default function AuthPage() {
  const { user, loading, isEcosystemAdmin } = useAuth();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const destination = destinationAfterAuth(params, isEcosystemAdmin);
  // Where this sign-in's answer says to go (the admin flag is in the answer, not yet in context).
  const onwardFor = (state: SessionState) => destinationAfterAuth(params, state.is_ecosystem_admin);
  // While the post-sign-up toast shows, the new session must not whisk the user away early.
  const [holding, setHolding] = useState(false);
  const [tab, setTab] = useState('signin');
  /** The password was right and a second factor is asked for. */
  const [challenge, setChallenge] = useState<MfaChallenge | null>(null);
  const announced = useRef(false);
  const linking = !!params.get('link');
  const intl = useIntl();
  const brand = useClientBrand(params);
  useDocumentTitle(
    linking
      ? intl.formatMessage({ id: 'auth.title.link', defaultMessage: 'Connect Your Sign-In' })
      : challenge
        ? intl.formatMessage({ id: 'auth.title.mfa', defaultMessage: 'Two-Step Verification' })
        : tab === 'signup'
          ? intl.formatMessage({ id: 'auth.title.signUp', defaultMessage: 'Sign Up' })
          : intl.formatMessage({ id: 'auth.title.signIn', defaultMessage: 'Sign In' }),
  );

  useEffect(() => {
    const verified = params.get('verified');
    if (!verified || announced.current) return;
    announced.current = true;
    if (verified === 'true')
      notify.success(intl.formatMessage({ id: 'auth.verified', defaultMessage: 'Email verified. Thank you!' }));
    else
      notify.error(
        intl.formatMessage({
          id: 'auth.verifyFailed',
          defaultMessage: 'This verification link is invalid or has expired.',
        }),
      );
  }, [params, intl]);

  // reauth=1: the authorization endpoint asks a signed-in user to sign in again (OIDC prompt=login,
  // max_age, "Use another account"): show the form instead of sending them straight back.
  const reauth = params.get('reauth') === '1';
  // link=<slug>: a federated sign-in waits for the person to prove the existing account (issue 27).
  if (linking) return <LinkIdentityPage />;
  if (!loading && user && !holding && !reauth) return <Navigate to={destination} replace />;
  const linked = params.get('linked');

  return (
    <main
      id="main"
      tabIndex={-1}
      className={cn(
        'flex min-h-[calc(100vh-8rem)] flex-col outline-none items-center justify-center bg-gradient-to-b',
        'from-accent to-background px-4 py-12',
      )}
    >
      <Card className="w-full max-w-md" style={brandStyle(brand)}>
        <CardHeader className="text-center">
          <CardTitle as="h1" className="text-2xl">
            {brand ? brand.app_name : 'Ecosystem Hub'}
          </CardTitle>
          {brand ? (
            <BrandHeader brand={brand} />
          ) : (
            <CardDescription>
              {intl.formatMessage({
                id: 'auth.description',
                defaultMessage: 'Sign in to access the hiring platforms and administration.',
              })}
            </CardDescription>
          )}
        </CardHeader>
        <CardContent className="space-y-4">
          {linked && !challenge && <LinkedNotice slug={linked} />}
          {challenge ? (
            <MfaStep
              challenge={challenge}
              onSignedIn={(state) => navigate(onwardFor(state), { replace: true })}
              onCancel={() => setChallenge(null)}
            />
          ) : (
            <Tabs value={tab} onValueChange={setTab}>
              <TabsList className="grid w-full grid-cols-2">
                <TabsTrigger value="signin">
                  {intl.formatMessage({ id: 'auth.tab.signIn', defaultMessage: 'Sign In' })}
                </TabsTrigger>
                <TabsTrigger value="signup">
                  {intl.formatMessage({ id: 'auth.tab.signUp', defaultMessage: 'Sign Up' })}
                </TabsTrigger>
              </TabsList>
              <TabsContent value="signin" className="pt-4">
                <SignInForm
                  onSignedIn={(state) => navigate(onwardFor(state), { replace: true })}
                  onMfaRequired={setChallenge}
                />
              </TabsContent>
              <TabsContent value="signup" className="pt-4">
                <SignUpForm onSignedUp={(state) => navigate(onwardFor(state), { replace: true })} onHold={setHolding} />
              </TabsContent>
            </Tabs>
          )}
        </CardContent>
      </Card>
      {brand && <BrandFooter brand={brand} />}
    </main>
  );
}
