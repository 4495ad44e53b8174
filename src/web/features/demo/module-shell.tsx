import { Outlet } from 'react-router';
import { AppSidebar, type SidebarUser } from './app-sidebar';

/** Sidebar plus the routed screen; shared by the public demo and the guarded module screens. */
export function ModuleShell({ mode, user }: { mode: 'demo' | 'live'; user: SidebarUser }) {
  return (
    <div className="flex min-h-screen flex-col md:flex-row">
      <AppSidebar mode={mode} user={user} />
      <main className="min-w-0 flex-1 px-4 py-6 md:px-8">
        <div className="mx-auto max-w-7xl">
          <Outlet />
        </div>
      </main>
    </div>
  );
}
