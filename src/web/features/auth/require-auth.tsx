import { Outlet } from 'react-router';

/** Route guard for spec §2's guarded routes (the accounts work adds the signed-in check). */
export default function RequireAuth() {
  return <Outlet />;
}
