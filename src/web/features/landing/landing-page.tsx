import { FormattedMessage, defineMessages, useIntl } from 'react-intl';
import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  ActivityIcon,
  ArrowRightIcon,
  FileLockIcon,
  KeyRoundIcon,
  LayoutDashboardIcon,
  ScrollTextIcon,
  ShieldCheckIcon,
  UsersIcon,
} from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Badge } from '@/components/ui/badge';
import { ECOSYSTEM_PLATFORMS } from '@shared/ecosystem';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '@/auth/auth-provider';
import { homePath } from '@/features/auth/auth.utils';

// The setup tools are rarely used: their code loads only when ?setup=true asks for them.
const SetupPanel = lazy(() => import('./setup-panel'));

const F = defineMessages({
  signInTitle: { id: 'landing.feature.signIn.title', defaultMessage: 'One sign-in' },
  signInText: {
    id: 'landing.feature.signIn.text',
    defaultMessage: 'One account and one session across all five platforms.',
  },
  oauthTitle: { id: 'landing.feature.oauth.title', defaultMessage: 'OAuth 2.0 and OpenID Connect' },
  oauthText: {
    id: 'landing.feature.oauth.text',
    defaultMessage: 'A standards-correct provider with PKCE, rotating refresh tokens and signed ID tokens.',
  },
  usersTitle: { id: 'landing.feature.users.title', defaultMessage: 'Users and roles' },
  usersText: {
    id: 'landing.feature.users.text',
    defaultMessage: 'Search, edit and grant roles with server-enforced rules against escalation.',
  },
  credentialsTitle: { id: 'landing.feature.credentials.title', defaultMessage: 'Credential access' },
  credentialsText: {
    id: 'landing.feature.credentials.text',
    defaultMessage: 'Time-limited, justified and approved access to application secrets.',
  },
  auditTitle: { id: 'landing.feature.audit.title', defaultMessage: 'Tamper-evident audit log' },
  auditText: {
    id: 'landing.feature.audit.text',
    defaultMessage: 'Every security event in a hash chain you can verify at any time.',
  },
  sessionsTitle: { id: 'landing.feature.sessions.title', defaultMessage: 'Sessions you can see' },
  sessionsText: {
    id: 'landing.feature.sessions.text',
    defaultMessage: 'Every active session with its application, device and IP, revocable in one click.',
  },
});

const FEATURES = [
  { icon: KeyRoundIcon, title: F.signInTitle, text: F.signInText },
  { icon: ShieldCheckIcon, title: F.oauthTitle, text: F.oauthText },
  { icon: UsersIcon, title: F.usersTitle, text: F.usersText },
  { icon: FileLockIcon, title: F.credentialsTitle, text: F.credentialsText },
  { icon: ScrollTextIcon, title: F.auditTitle, text: F.auditText },
  { icon: ActivityIcon, title: F.sessionsTitle, text: F.sessionsText },
];

/** The platforms' taglines and descriptions (src/shared/ecosystem.ts) in every language. */
const PLATFORM_TEXT = defineMessages({
  'fulfils.tagline': { id: 'landing.platform.fulfils.tagline', defaultMessage: 'Core employment marketplace' },
  'fulfils.description': {
    id: 'landing.platform.fulfils.description',
    defaultMessage: 'Employers post roles, candidates apply and hires are fulfilled end to end.',
  },
  'sortstak.tagline': { id: 'landing.platform.sortstak.tagline', defaultMessage: 'Data sorting tool' },
  'sortstak.description': {
    id: 'landing.platform.sortstak.description',
    defaultMessage: 'Cleans, de-duplicates and routes candidate and job data between platforms.',
  },
  'role-builder.tagline': {
    id: 'landing.platform.roleBuilder.tagline',
    defaultMessage: 'Role definitions and templates',
  },
  'role-builder.description': {
    id: 'landing.platform.roleBuilder.description',
    defaultMessage: 'Builds structured role definitions from reusable templates and skills.',
  },
  'qrc.tagline': { id: 'landing.platform.qrc.tagline', defaultMessage: 'Fast candidate-to-role checks' },
  'qrc.description': {
    id: 'landing.platform.qrc.description',
    defaultMessage: 'Scores a candidate against a role in seconds and explains every issue found.',
  },
  'talentmls.tagline': { id: 'landing.platform.talentmls.tagline', defaultMessage: 'Talent multi-listing service' },
  'talentmls.description': {
    id: 'landing.platform.talentmls.description',
    defaultMessage: 'Lists talent and jobs once and shares them across every platform.',
  },
});
const platformText = (key: string, part: 'tagline' | 'description') =>
  PLATFORM_TEXT[`${key}.${part}` as keyof typeof PLATFORM_TEXT];

export default function LandingPage() {
  const [params] = useSearchParams();
  const showSetup = params.get('setup') === 'true';
  const intl = useIntl();
  useDocumentTitle(showSetup && intl.formatMessage({ id: 'landing.setup.title', defaultMessage: 'Setup' }));
  const { user, isEcosystemAdmin } = useAuth();

  return (
    <main id="main">
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <Badge variant="secondary">
            <FormattedMessage id="landing.badge" defaultMessage="Five platforms · one hub" />
          </Badge>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            <FormattedMessage
              id="landing.heading"
              defaultMessage="Sign in once. Administer the whole hiring ecosystem."
            />
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            <FormattedMessage
              id="landing.intro"
              defaultMessage="Ecosystem Hub is the shared sign-in and administration hub for the family of hiring platforms: accounts, sessions, applications and a security audit trail in one place."
            />
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              {/* Signed in, the way in is the user's home: the dashboard for admins, the account for others. */}
              {user ? (
                <Link to={homePath(isEcosystemAdmin)}>
                  {isEcosystemAdmin
                    ? intl.formatMessage({ id: 'landing.openDashboard', defaultMessage: 'Open the dashboard' })
                    : intl.formatMessage({ id: 'landing.openAccount', defaultMessage: 'Open your account' })}{' '}
                  <ArrowRightIcon />
                </Link>
              ) : (
                <Link to="/auth">
                  <FormattedMessage id="landing.signIn" defaultMessage="Sign in" /> <ArrowRightIcon />
                </Link>
              )}
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/demo">
                <LayoutDashboardIcon /> <FormattedMessage id="landing.viewDemo" defaultMessage="View the demo" />
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="ecosystem-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="ecosystem-heading" className="mb-6 text-2xl font-semibold">
          <FormattedMessage id="landing.ecosystem" defaultMessage="The ecosystem" />
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ECOSYSTEM_PLATFORMS.map((platform) => (
            <Card key={platform.key} data-testid="ecosystem-card">
              <CardHeader>
                <CardTitle as="h3">{platform.name}</CardTitle>
                <CardDescription>
                  {platformText(platform.key, 'tagline')
                    ? intl.formatMessage(platformText(platform.key, 'tagline'))
                    : platform.tagline}
                </CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4">
                <p className="text-sm">
                  {platformText(platform.key, 'description')
                    ? intl.formatMessage(platformText(platform.key, 'description'))
                    : platform.description}
                </p>
                <Link to={`/demo${platform.adminPath}`} className="text-sm font-medium text-primary hover:underline">
                  <FormattedMessage id="landing.seeInDemo" defaultMessage="See it in the demo →" />
                </Link>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="features-heading" className="mb-6 text-2xl font-semibold">
            <FormattedMessage id="landing.features" defaultMessage="What the hub does" />
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title.id} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <div>
                  <h3 className="font-medium">{intl.formatMessage(title)}</h3>
                  <p className="text-sm text-muted-foreground">{intl.formatMessage(text)}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {showSetup && (
        <section aria-labelledby="setup-heading" className="mx-auto max-w-6xl px-4 py-12">
          <Suspense
            fallback={
              <p className="text-muted-foreground">
                <FormattedMessage id="landing.setup.loading" defaultMessage="Loading setup tools..." />
              </p>
            }
          >
            <SetupPanel />
          </Suspense>
        </section>
      )}

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        Ecosystem Hub ·{' '}
        <Link to="/final-todo" className="hover:underline">
          <FormattedMessage id="landing.checklist" defaultMessage="Launch checklist" />
        </Link>
      </footer>
    </main>
  );
}
