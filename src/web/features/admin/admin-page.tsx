import { useEffect } from 'react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { AccessDenied } from '@/components/access-denied';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/auth/auth-provider';
import { useOverviewQuery } from '@/data/admin/dashboard-queries';
import AuditLogTab from '@/features/audit-log/audit-log-tab';
import { useAdminAudit } from '@/lib/audit/admin-audit';
import { OverviewTab } from './overview-tab';
import { UsersTab } from './users-tab';
import { SecurityTab } from './security-tab';
import { SecurityAuditTab } from './security-audit-tab';
import { AnalyticsTab } from './analytics-tab';
import { ComingSoon } from './coming-soon';

const TABS = [
  ['overview', 'Overview'],
  ['users', 'Users'],
  ['security', 'Security'],
  ['security-audit', 'Security Audit'],
  ['analytics', 'Analytics'],
  ['settings', 'Settings'],
  ['audit-log', 'Audit Log'],
] as const;

/** /admin (spec §2): six tabs plus the audit pipeline's Audit Log; the tab lives in the URL. */
export default function AdminPage() {
  const { user, loading, isEcosystemAdmin } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = TABS.some(([k]) => k === params.get('tab')) ? params.get('tab')! : 'overview';
  const overview = useOverviewQuery();
  const { log: logAdminEvent } = useAdminAudit();
  const isAdminView = !loading && Boolean(user) && isEcosystemAdmin;

  // Spec §3 admin_panel_access: each admin tab opened, through the admin audit flow.
  useEffect(() => {
    if (isAdminView) logAdminEvent('admin_panel_access', 'low', { tab });
  }, [isAdminView, tab, logAdminEvent]);

  useEffect(() => {
    if (overview.isError) toast.error('Failed to load admin data securely');
  }, [overview.isError]);

  if (loading) return <div className="p-10 text-center text-muted-foreground">Loading...</div>;
  if (!user) return <Navigate to="/auth" replace />;
  if (!isEcosystemAdmin) {
    return (
      <AccessDenied>
        <Link to="/sessions" className="mt-6 inline-block text-sm text-primary hover:underline">
          Manage your own sessions
        </Link>
      </AccessDenied>
    );
  }

  return (
    <main className="mx-auto w-full max-w-7xl px-4 py-8 sm:px-6">
      <header className="mb-6">
        <Link to="/sessions" className="float-right mt-2 text-sm text-primary hover:underline">
          Your sessions
        </Link>
        <h1 className="text-2xl font-semibold tracking-tight sm:text-3xl">Admin Dashboard</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Users, roles, registered applications, sessions, credential access and the security audit.
        </p>
      </header>
      <Tabs
        value={tab}
        onValueChange={(value) => {
          const next = new URLSearchParams();
          if (value !== 'overview') next.set('tab', value);
          setParams(next, { replace: true });
        }}
      >
        <TabsList className="w-full sm:w-fit">
          {TABS.map(([key, label]) => (
            <TabsTrigger key={key} value={key}>
              {label}
            </TabsTrigger>
          ))}
        </TabsList>
        <TabsContent value="overview">
          <OverviewTab overview={overview.data} loading={overview.isPending} />
        </TabsContent>
        <TabsContent value="users">
          <UsersTab />
        </TabsContent>
        <TabsContent value="security">
          <SecurityTab />
        </TabsContent>
        <TabsContent value="security-audit">
          <SecurityAuditTab />
        </TabsContent>
        <TabsContent value="analytics">
          <AnalyticsTab />
        </TabsContent>
        <TabsContent value="settings">
          <ComingSoon title="Settings" />
        </TabsContent>
        <TabsContent value="audit-log">
          <AuditLogTab />
        </TabsContent>
      </Tabs>
    </main>
  );
}
