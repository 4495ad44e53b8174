import { FormattedMessage } from 'react-intl';
import { Suspense } from 'react';
import { Outlet, useLocation } from 'react-router';
import { AppProviders } from '@/app-providers';
import { RouteErrorBoundary } from '@/features/not-found/route-error';
import { cn } from '@/lib/utils';
import { TopBanner } from './top-banner';
import { SessionNotices } from '@/features/auth/session-notices';

export function RootLayout() {
  const location = useLocation();
  return (
    <AppProviders>
      <a
        href="#main"
        className={cn(
          'sr-only z-50 rounded-md bg-card px-3 py-2 text-sm font-medium text-foreground shadow',
          'focus:not-sr-only focus:fixed focus:top-2 focus:start-2',
        )}
      >
        <FormattedMessage id="common.skipToMain" defaultMessage="Skip to main content" />
      </a>
      <TopBanner />
      <SessionNotices />
      <RouteErrorBoundary resetKey={location.pathname}>
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </RouteErrorBoundary>
    </AppProviders>
  );
}

export function PageLoading({ label }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
      {label ?? <FormattedMessage id="common.loading" defaultMessage="Loading..." />}
    </div>
  );
}
