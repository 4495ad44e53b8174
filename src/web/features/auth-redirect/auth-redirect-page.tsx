import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { useIntl } from 'react-intl';
import { AlertTriangle, Loader2 } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader } from '@/components/ui/card';
import { createHandoffSession } from '@/data/apps/handoff-session';
import { ApiError } from '@/lib/api';
import { useDocumentTitle } from '@/lib/use-document-title';
import { useAuth } from '@/auth/auth-provider';
import { homePath } from '@/features/auth/auth.utils';
import { AUTH_REDIRECT_TEXT, handoffFailureReason, handoffFields, readHandoffParams } from './auth-redirect.utils';

type Phase =
  | { kind: 'working' }
  | { kind: 'posting'; action: string; fields: Record<string, string> }
  | { kind: 'failed'; message: string; reason?: string | null };

/**
 * /auth-redirect (spec §2, §8): creates a cross-platform session for the target app and hands
 * it over by a hidden form POST to the app's (server-verified, registered) redirect URL.
 * The route guard has already sent signed-out visitors to /auth with the same parameters.
 */
export default function AuthRedirectPage() {
  const [search] = useSearchParams();
  const params = readHandoffParams(search);
  const [phase, setPhase] = useState<Phase>({ kind: 'working' });
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  const appId = params?.appId;
  const redirectUrl = params?.redirectUrl;
  const home = homePath(useAuth().isEcosystemAdmin);
  const intl = useIntl();
  const t = (key: keyof typeof AUTH_REDIRECT_TEXT) => intl.formatMessage(AUTH_REDIRECT_TEXT[key]);

  const run = useCallback(async () => {
    if (!appId || !redirectUrl) return;
    setPhase({ kind: 'working' });
    let session;
    try {
      session = await createHandoffSession(appId, redirectUrl);
    } catch (error) {
      // A third-party app the user has not allowed yet: the hub's consent page, then the hand-off.
      const consentUrl = error instanceof ApiError ? error.details.consent_url : undefined;
      if (error instanceof ApiError && error.code === 'consent_required' && typeof consentUrl === 'string') {
        window.location.assign(consentUrl);
        return;
      }
      // Spec §8: logged, and the page says why (the server's reason when it gave one).
      console.error('Failed to create cross-platform session', error);
      return setPhase({
        kind: 'failed',
        message: intl.formatMessage(AUTH_REDIRECT_TEXT.failedSession),
        reason: handoffFailureReason(error),
      });
    }
    try {
      setPhase({ kind: 'posting', action: session.redirect_url, fields: handoffFields(session, Date.now()) });
    } catch {
      setPhase({ kind: 'failed', message: intl.formatMessage(AUTH_REDIRECT_TEXT.unexpected) });
    }
  }, [appId, redirectUrl, intl]);

  // One session per attempt, even if the auth state object changes while it is being created.
  const started = useRef(-1);
  useEffect(() => {
    if (started.current === attempt) return;
    started.current = attempt;
    void run();
  }, [run, attempt]);

  useEffect(() => {
    if (phase.kind === 'posting') formRef.current?.submit();
  }, [phase]);

  const target = params?.appName ?? t('theApplication');
  const title = !params
    ? t('invalidTitle')
    : phase.kind === 'failed'
      ? t('errorTitle')
      : intl.formatMessage({ id: 'authRedirect.connecting', defaultMessage: 'Connecting to {target}' }, { target });
  useDocumentTitle(title);

  if (!params) {
    return (
      <Shell title={t('invalidTitle')} description={t('missingParams')} icon="error">
        <Button asChild variant="outline">
          <Link to={home}>{t('home')}</Link>
        </Button>
      </Shell>
    );
  }
  if (phase.kind === 'failed') {
    return (
      <Shell title={t('errorTitle')} description={phase.message} detail={phase.reason} icon="error">
        <Button asChild variant="outline">
          <Link to={home}>{t('home')}</Link>
        </Button>
        <Button onClick={() => setAttempt((n) => n + 1)}>{t('retry')}</Button>
      </Shell>
    );
  }
  return (
    <Shell title={title} description={t('working')} icon="working">
      {phase.kind === 'posting' && (
        <form ref={formRef} method="post" action={phase.action} className="hidden" aria-hidden="true">
          {Object.entries(phase.fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
        </form>
      )}
    </Shell>
  );
}

function Shell({
  title,
  description,
  detail,
  icon,
  children,
}: {
  title: string;
  description: string;
  detail?: string | null;
  icon: 'working' | 'error';
  children?: React.ReactNode;
}) {
  return (
    <main id="main" className="flex min-h-[calc(100vh-8rem)] items-center justify-center px-4 py-12">
      <Card className="w-full max-w-md text-center">
        <CardHeader className="items-center">
          {icon === 'working' ? (
            <Loader2 className="size-8 animate-spin text-primary" aria-hidden="true" />
          ) : (
            <AlertTriangle className="size-8 text-destructive" aria-hidden="true" />
          )}
          <h1 className="text-xl font-semibold leading-none">{title}</h1>
          <div role={icon === 'error' ? 'alert' : 'status'} className="space-y-1">
            <CardDescription>{description}</CardDescription>
            {detail && (
              <p data-testid="handoff-reason" className="text-sm">
                {detail}
              </p>
            )}
          </div>
        </CardHeader>
        {children && <CardContent className="flex justify-center gap-2">{children}</CardContent>}
      </Card>
    </main>
  );
}
