import { useSearchParams } from 'react-router';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/auth/auth-provider';
import { AccessDenied } from '@/components/access-denied';
import { ClientsTab } from './clients-tab';
import { SessionsTab } from './sessions-tab';

/** /oauth-admin (spec §2): OAuth Clients and Active Sessions, for ecosystem administrators only. */
export default function OAuthAdminPage() {
  const { isEcosystemAdmin, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const tab = params.get('tab') === 'sessions' ? 'sessions' : 'clients';
  if (loading) return <div className="p-10 text-center text-muted-foreground">Loading...</div>;
  if (!isEcosystemAdmin) {
    return <AccessDenied />;
  }
  return (
    <main className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6">
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">OAuth Administration</h1>
      <Tabs
        value={tab}
        onValueChange={(v) => setParams(v === 'sessions' ? { tab: 'sessions' } : {}, { replace: true })}
      >
        <TabsList>
          <TabsTrigger value="clients">OAuth Clients</TabsTrigger>
          <TabsTrigger value="sessions">Active Sessions</TabsTrigger>
        </TabsList>
        <TabsContent value="clients">
          <ClientsTab />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
      </Tabs>
    </main>
  );
}
