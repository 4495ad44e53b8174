import { useAuth } from '@/auth/auth-provider';
import { ModuleShell } from './module-shell';

/**
 * Shell of the guarded module screens: the same sidebar, linking the guarded routes, naming
 * the signed-in user (already loaded by the guard above, so this makes no request of its own).
 */
export default function ModuleLayout() {
  const { user } = useAuth();
  const name = user?.full_name || user?.email || 'Administrator';
  return <ModuleShell mode="live" user={{ name, detail: user?.full_name ? user.email : 'Internal module screens' }} />;
}
