import { Outlet } from 'react-router';

/** Shell of the guarded module screens (the demo work adds the sidebar). */
export default function ModuleLayout() {
  return <Outlet />;
}
