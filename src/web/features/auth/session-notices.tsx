import { lazy, Suspense } from 'react';
import { useSessionQuery } from '@/data/auth/session-query';

const LazyImpersonationBanner = lazy(() =>
  import('./session-notice-banners').then((m) => ({ default: m.ImpersonationBanner })),
);
const LazyPasswordChangeNotice = lazy(() =>
  import('./session-notice-banners').then((m) => ({ default: m.PasswordChangeNotice })),
);

/**
 * Issue 42, under the top banner on every page: "You are viewing as … — end" while an
 * administrator views as a user (it cannot be dismissed), and the request to change a password
 * found in a breach. The notices themselves load when one is due (session-notice-banners.tsx).
 */
export function SessionNotices() {
  const session = useSessionQuery();
  const state = session.data;
  if (!state?.user) return null;
  return (
    <Suspense fallback={null}>
      {state.impersonation && <LazyImpersonationBanner state={state} />}
      {!state.impersonation && state.user.password_change && (
        <LazyPasswordChangeNotice required={state.user.password_change === 'required'} />
      )}
    </Suspense>
  );
}
