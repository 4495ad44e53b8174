import { Outlet } from 'react-router';

/** Shell of the public demo (the demo work adds the collapsible sidebar). */
export default function DemoLayout() {
  return <Outlet />;
}
