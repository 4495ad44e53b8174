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

const FEATURES = [
  { icon: KeyRoundIcon, title: 'One sign-in', text: 'One account and one session across all five platforms.' },
  {
    icon: ShieldCheckIcon,
    title: 'OAuth 2.0 and OpenID Connect',
    text: 'A standards-correct provider with PKCE, rotating refresh tokens and signed ID tokens.',
  },
  {
    icon: UsersIcon,
    title: 'Users and roles',
    text: 'Search, edit and grant roles with server-enforced rules against escalation.',
  },
  {
    icon: FileLockIcon,
    title: 'Credential access',
    text: 'Time-limited, justified and approved access to application secrets.',
  },
  {
    icon: ScrollTextIcon,
    title: 'Tamper-evident audit log',
    text: 'Every security event in a hash chain you can verify at any time.',
  },
  {
    icon: ActivityIcon,
    title: 'Sessions you can see',
    text: 'Every active session with its application, device and IP, revocable in one click.',
  },
];

export default function LandingPage() {
  const [params] = useSearchParams();
  const showSetup = params.get('setup') === 'true';
  useDocumentTitle(showSetup && 'Setup');
  const { user, isEcosystemAdmin } = useAuth();

  return (
    <main id="main">
      <section className="bg-gradient-to-b from-accent to-background">
        <div className="mx-auto flex max-w-6xl flex-col items-center gap-6 px-4 py-16 text-center sm:py-24">
          <Badge variant="secondary">Five platforms · one hub</Badge>
          <h1 className="max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
            Sign in once. Administer the whole hiring ecosystem.
          </h1>
          <p className="max-w-2xl text-lg text-muted-foreground">
            Ecosystem Hub is the shared sign-in and administration hub for the family of hiring platforms: accounts,
            sessions, applications and a security audit trail in one place.
          </p>
          <div className="flex flex-wrap justify-center gap-3">
            <Button asChild size="lg">
              {/* Signed in, the way in is the user's home: the dashboard for admins, the account for others. */}
              {user ? (
                <Link to={homePath(isEcosystemAdmin)}>
                  {isEcosystemAdmin ? 'Open the dashboard' : 'Open your account'} <ArrowRightIcon />
                </Link>
              ) : (
                <Link to="/auth">
                  Sign in <ArrowRightIcon />
                </Link>
              )}
            </Button>
            <Button asChild size="lg" variant="outline">
              <Link to="/demo">
                <LayoutDashboardIcon /> View the demo
              </Link>
            </Button>
          </div>
        </div>
      </section>

      <section aria-labelledby="ecosystem-heading" className="mx-auto max-w-6xl px-4 py-12">
        <h2 id="ecosystem-heading" className="mb-6 text-2xl font-semibold">
          The ecosystem
        </h2>
        <div className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {ECOSYSTEM_PLATFORMS.map((platform) => (
            <Card key={platform.key} data-testid="ecosystem-card">
              <CardHeader>
                <CardTitle as="h3">{platform.name}</CardTitle>
                <CardDescription>{platform.tagline}</CardDescription>
              </CardHeader>
              <CardContent className="flex flex-1 flex-col justify-between gap-4">
                <p className="text-sm">{platform.description}</p>
                <Link to={`/demo${platform.adminPath}`} className="text-sm font-medium text-primary hover:underline">
                  See it in the demo →
                </Link>
              </CardContent>
            </Card>
          ))}
        </div>
      </section>

      <section aria-labelledby="features-heading" className="bg-muted/50">
        <div className="mx-auto max-w-6xl px-4 py-12">
          <h2 id="features-heading" className="mb-6 text-2xl font-semibold">
            What the hub does
          </h2>
          <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, text }) => (
              <li key={title} className="flex gap-3">
                <Icon className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                <div>
                  <h3 className="font-medium">{title}</h3>
                  <p className="text-sm text-muted-foreground">{text}</p>
                </div>
              </li>
            ))}
          </ul>
        </div>
      </section>

      {showSetup && (
        <section aria-labelledby="setup-heading" className="mx-auto max-w-6xl px-4 py-12">
          <Suspense fallback={<p className="text-muted-foreground">Loading setup tools...</p>}>
            <SetupPanel />
          </Suspense>
        </section>
      )}

      <footer className="border-t py-6 text-center text-sm text-muted-foreground">
        Ecosystem Hub ·{' '}
        <Link to="/final-todo" className="hover:underline">
          Launch checklist
        </Link>
      </footer>
    </main>
  );
}
