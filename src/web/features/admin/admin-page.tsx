import { Suspense, useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LoadingState } from '@/components/loading-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/auth/auth-provider';
import { useAdminAudit } from '@/lib/audit/admin-audit';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ADMIN_TABS, adminTabOf } from './admin-tabs';

/** /admin (spec §2): six tabs plus the audit pipeline's Audit Log; the tab lives in the URL. */
export default function AdminPage() {
  const { user, loading, isEcosystemAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
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
        <Link to="/sessions" className="mt-6 inline-block text-sm text-primary underline-offset-4 hover:underline">
          Manage your own sessions
        </Link>
      </AccessDenied>
    );
  }

  return (
    <div>
      {active.key !== 'overview' && <Breadcrumbs items={[{ label: 'Admin', to: '/admin' }, { label: active.label }]} />}
      <header className="mb-6">
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Users, roles, registered applications, sessions, credential access and the security audit.
        </p>
      </header>
      <Tabs
        value={active.key}
        onValueChange={(value) => {
          const next = new URLSearchParams();
          if (value !== 'overview') next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList aria-label="Admin sections" className="w-full sm:w-fit">
          {ADMIN_TABS.map(({ key, label }) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        {ADMIN_TABS.map(({ key, Tab }) => (
          <TabsContent key={key} value={key}>
            <Suspense fallback={<LoadingState />}>
              <Tab />
            </Suspense>
          </TabsContent>
        ))}
      </Tabs>
    </div>
  );
}
