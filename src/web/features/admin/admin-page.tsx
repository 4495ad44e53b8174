import { useEffect, useMemo } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
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
  const intl = useIntl();
  const { user, loading, isEcosystemAdmin } = useAuth();
  const [params] = useSearchParams();
  const sections = useMemo(() => ADMIN_TABS.map((t) => ({ ...t, label: intl.formatMessage(t.label) })), [intl]);
  const activeKey = adminTabOf(params.get('tab')).key;
  const active = sections.find((s) => s.key === activeKey) ?? sections[0];
  const { log: logAdminEvent } = useAdminAudit();
  const isAdminView = !loading && Boolean(user) && isEcosystemAdmin;
  const name = intl.formatMessage({ id: 'admin.page.name', defaultMessage: 'Admin' });
  useDocumentTitle(
    isAdminView && active.label,
    isAdminView ? name : intl.formatMessage({ id: 'admin.page.accessDenied', defaultMessage: 'Access Denied' }),
  );

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
          <FormattedMessage id="admin.page.ownSessions" defaultMessage="Manage your own sessions" />
        </Link>
      </AccessDenied>
    );
  }

  return (
    <div>
      <SectionedPage
        name={name}
        path="/admin"
        title={intl.formatMessage({ id: 'admin.page.title', defaultMessage: 'Admin Dashboard' })}
        description={intl.formatMessage({
          id: 'admin.page.description',
          defaultMessage: 'Users, roles, registered applications, sessions, credential access and the security audit.',
        })}
        sections={sections}
        active={active}
      />
    </div>
  );
}
