import { ModuleShell } from './module-shell';

/** Shell of the guarded module screens: same sidebar, linking the guarded routes. */
export default function ModuleLayout() {
  return <ModuleShell mode="live" user={{ name: 'Administrator', detail: 'Internal module screens' }} />;
}
