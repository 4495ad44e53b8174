import { defineMessages, FormattedMessage, useIntl } from 'react-intl';
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

const m = defineMessages({
  clients: { id: 'oauth.page.tab.clients', defaultMessage: 'OAuth Clients' },
  sessions: { id: 'oauth.page.tab.sessions', defaultMessage: 'Active Sessions' },
  dynamic: { id: 'oauth.dcr.tab', defaultMessage: 'Dynamic registration' },
  admin: { id: 'oauth.page.crumb', defaultMessage: 'OAuth Admin' },
  denied: { id: 'oauth.page.denied', defaultMessage: 'Access Denied' },
});

/** /oauth-admin (spec §2): OAuth Clients and Active Sessions, for ecosystem administrators only. */
export default function OAuthAdminPage() {
  const intl = useIntl();
  const { isEcosystemAdmin, loading } = useAuth();
  const [params, setParams] = useSearchParams();
  const asked = params.get('tab');
  const tab = asked === 'sessions' || asked === 'dynamic' ? asked : 'clients';
  useDocumentTitle(
    ...(loading
      ? []
      : isEcosystemAdmin
        ? [intl.formatMessage(m[tab]), intl.formatMessage(m.admin)]
        : [intl.formatMessage(m.denied)]),
  );
  if (loading) return <LoadingState rows={2} />;
  if (!isEcosystemAdmin) return <AccessDenied />;
  return (
    <div>
      {tab !== 'clients' && (
        <Breadcrumbs
          items={[{ label: intl.formatMessage(m.admin), to: '/oauth-admin' }, { label: intl.formatMessage(m[tab]) }]}
        />
      )}
      <h1 className="mb-6 text-2xl font-semibold tracking-tight sm:text-3xl">
        <FormattedMessage id="oauth.page.heading" defaultMessage="OAuth Administration" />
      </h1>
      <Tabs value={tab} onValueChange={(v) => setParams(v === 'clients' ? {} : { tab: v }, { replace: true })}>
        <TabsList
          aria-label={intl.formatMessage({ id: 'oauth.page.tabs', defaultMessage: 'OAuth administration sections' })}
        >
          <TabsTrigger value="clients">{intl.formatMessage(m.clients)}</TabsTrigger>
          <TabsTrigger value="sessions">{intl.formatMessage(m.sessions)}</TabsTrigger>
          <TabsTrigger value="dynamic">{intl.formatMessage(m.dynamic)}</TabsTrigger>
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
