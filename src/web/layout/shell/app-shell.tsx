import { Suspense, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { LoadingState } from '@/components/loading-state';
import { AppSidebar, type SidebarUser } from './app-sidebar';
import { ShellModeContext } from './shell-mode';
import type { ShellMode } from './shell-nav';

/**
 * The one shell of the demo and of every signed-in screen: sidebar plus the routed screen in
 * the page's only `<main>` (screens inside it render no `<main>` of their own).
 */
export function AppShell({
  mode,
  user,
  isEcosystemAdmin,
  notice,
}: {
  mode: ShellMode;
  user: SidebarUser;
  isEcosystemAdmin?: boolean;
  /** Shown above every screen of the shell (the signed-in user's unverified email). */
  notice?: ReactNode;
}) {
  return (
    <ShellModeContext.Provider value={mode}>
      <div className="flex min-h-screen flex-col md:flex-row">
        <AppSidebar mode={mode} user={user} isEcosystemAdmin={isEcosystemAdmin} />
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 px-4 py-6 outline-none md:px-8">
          <div className="mx-auto max-w-7xl">
            {notice}
            {/* A screen's chunk loads inside the shell: the sidebar stays while it arrives. */}
            <Suspense fallback={<LoadingState />}>
              <Outlet />
            </Suspense>
          </div>
        </main>
      </div>
    </ShellModeContext.Provider>
  );
}
