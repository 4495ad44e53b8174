import { FormattedMessage } from 'react-intl';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useAuth } from '@/auth/auth-provider';

/**
 * Route guard for spec §2's guarded routes: while the session is being checked it shows
 * 'Loading...'; without a user it goes to /auth, remembering where the user was going
 * (`next`, and for /auth-redirect its app_id / redirect_url / app_name, which /auth keeps).
 */
export default function RequireAuth() {
  const { user, loading, signedOutByUser } = useAuth();
  const location = useLocation();
  if (loading) {
    return (
      <main id="main" className="flex min-h-[50vh] items-center justify-center text-muted-foreground">
        <p role="status" aria-live="polite">
          <FormattedMessage id="common.loading" defaultMessage="Loading..." />
        </p>
      </main>
    );
  }
  if (!user && signedOutByUser) return <Navigate to="/auth" replace />;
  if (!user) {
    const params = new URLSearchParams(location.search);
    const target = new URLSearchParams();
    if (location.pathname === '/auth-redirect') {
      for (const key of ['app_id', 'redirect_url', 'app_name']) {
        const value = params.get(key);
        if (value !== null) target.set(key, value);
      }
    } else {
      target.set('next', location.pathname + location.search);
    }
    const query = target.toString();
    return <Navigate to={`/auth${query ? `?${query}` : ''}`} replace />;
  }
  return <Outlet />;
}
