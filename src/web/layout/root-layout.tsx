import { Suspense } from 'react';
import { Outlet } from 'react-router';
import { AppProviders } from '@/app-providers';
import { TopBanner } from './top-banner';

export function RootLayout() {
  return (
    <AppProviders>
      <TopBanner />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
    </AppProviders>
  );
}

export function PageLoading({ label = 'Loading...' }: { label?: string }) {
  return (
    <div role="status" className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
      {label}
    </div>
  );
}
