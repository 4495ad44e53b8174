import { AppShell } from '@/layout/shell/app-shell';
import { useDemoUser } from './demo-user';

/** Shell of the public investor demo: the sidebar links the /demo twins. */
export default function DemoLayout() {
  return <AppShell mode="demo" user={useDemoUser()} />;
}
