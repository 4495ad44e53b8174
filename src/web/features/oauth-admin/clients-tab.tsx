import { useState } from 'react';
import { FormattedMessage, useIntl } from 'react-intl';
import { AppWindow, Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useClientsQuery } from '@/data/oauth-clients/clients-query';
import { ClientCard } from './client-card';
import { CreateClientDialog } from './create-client-dialog';

export function ClientsTab() {
  const intl = useIntl();
  const clients = useClientsQuery();
  const [creating, setCreating] = useState(false);
  const create = (
    <Button onClick={() => setCreating(true)}>
      <Plus /> <FormattedMessage id="oauth.clients.create" defaultMessage="Create Client" />
    </Button>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">
          <FormattedMessage
            id="oauth.clients.description"
            defaultMessage="Applications that sign users in through the hub."
          />
        </p>
        {create}
      </div>
      <QueryState
        query={clients}
        loadingLabel={intl.formatMessage({ id: 'oauth.clients.loading', defaultMessage: 'Loading OAuth clients...' })}
        errorTitle={intl.formatMessage({
          id: 'oauth.clients.loadError',
          defaultMessage: 'Could not load the OAuth clients',
        })}
        isEmpty={(d) => d.length === 0}
        empty={
          <Card>
            <CardContent>
              <EmptyState
                icon={AppWindow}
                title={intl.formatMessage({ id: 'oauth.clients.empty.title', defaultMessage: 'No OAuth Clients' })}
                hint={intl.formatMessage({
                  id: 'oauth.clients.empty.hint',
                  defaultMessage: 'Register the first application to let it sign users in.',
                })}
                action={create}
              />
            </CardContent>
          </Card>
        }
      >
        {(list) => (
          <div className="grid gap-4 lg:grid-cols-2">
            {list.map((c) => (
              <ClientCard key={c.id} client={c} />
            ))}
          </div>
        )}
      </QueryState>
      <CreateClientDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
