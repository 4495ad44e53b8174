import { FormattedMessage } from 'react-intl';
import { useSearchParams } from 'react-router';
import { AccessDenied } from '@/components/access-denied';
import { Breadcrumbs } from '@/components/breadcrumbs';
import { LoadingState } from '@/components/loading-state';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { useAuth } from '@/auth/auth-provider';
import { useDocumentTitle } from '@/lib/use-document-title';
import { ClientsTab } from './clients-tab';
import { SessionsTab } from './sessions-tab';
import { DynamicClientsTab } from './dynamic-clients';

const TAB_LABELS = { clients: 'OAuth Clients', sessions: 'Active Sessions', dynamic: 'Dynamic registration' } as const;

/** /oauth-admin (spec §2): OAuth Clients and Active Sessions, for ecosystem administrators only. */
export default function OAuthAdminPage() {
  const { isEcosystemAdmin, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'sessions' || asked === 'dynamic' ? asked : 'clients';
  useDocumentTitle(...(loading ? [] : isEcosystemAdmin ? [TAB_LABELS[tab], 'OAuth Admin'] : ['Access Denied']));
  if (loading) return <LoadingState rows={2} />;
  if (!isEcosystemAdmin) return <AccessDenied />;
  return (
    <div>
      {tab !== 'clients' && (
        <Breadcrumbs items={[{ label: 'OAuth Admin', to: '/oauth-admin' }, { label: TAB_LABELS[tab] }]} />
      )}
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">OAuth Administration</h1>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'clients' ? {} : { tab: v }, { replace: true })}>
        <TabsList aria-label="OAuth administration sections">
          <TabsTrigger value="clients">{TAB_LABELS.clients}</TabsTrigger>
          <TabsTrigger value="sessions">{TAB_LABELS.sessions}</TabsTrigger>
          <TabsTrigger value="dynamic">
            <FormattedMessage id="oauth.dcr.tab" defaultMessage="Dynamic registration" />
          </TabsTrigger>
        </TabsList>
        <TabsContent value="clients">
          <ClientsTab />
        </TabsContent>
        <TabsContent value="sessions">
          <SessionsTab />
        </TabsContent>
        <TabsContent value="dynamic">
          <DynamicClientsTab />
        </TabsContent>
      </Tabs>
    </div>
  );
}
