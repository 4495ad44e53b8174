import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { LoadingState } from '@/components/loading-state';
import { SectionedPage } from '@/components/sectioned-page';
import { useAuth } from '@/auth/auth-provider';
import { useAdminAudit } from '@/lib/audit/admin-audit';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_TABS, adminTabOf } from './admin-tabs';

/** /admin (spec §2): six tabs plus the audit pipeline's Audit Log; the tab lives in the URL. */
export default function AdminPage() {
  const { user, loading, isEcosystemAdmin } = useAuth();
  const [params] = useSearchParams();
  const active = adminTabOf(params.get('tab'));
  const { log: logAdminEvent } = useAdminAudit();
  const isAdminView = !loading && Boolean(user) && isEcosystemAdmin;
  useDocumentTitle(isAdminView && active.label, isAdminView ? 'Admin' : 'Access Denied');

  // Spec §3 admin_panel_access: each admin tab opened, through the admin audit flow.
  useEffect(() => {
    if (isAdminView) logAdminEvent('admin_panel_access', 'low', { tab: active.key });
  }, [isAdminView, active.key, logAdminEvent]);

  if (loading) return <LoadingState rows={2} />;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isEcosystemAdmin) {
    return (
      <AccessDenied>
        <Link
          to="/account?tab=sessions"
          className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline"
        >
          Manage your own sessions
        </Link>
      </AccessDenied>
    );
  }

  return (
    <div>
      <SectionedPage
        name="Admin"
        path="/admin"
        title="Admin Dashboard"
        description="Users, roles, registered applications, sessions, credential access and the security audit."
        sections={ADMIN_TABS}
        active={active}
      />
    </div>
  );
}
