import { useState } from 'react';
import { AppWindow, Plus } from 'lucide-react';
import { EmptyState } from '@/components/empty-state';
import { QueryState } from '@/components/query-state';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useClientsQuery } from '@/data/oauth-clients/clients-query';
import { ClientCard } from './client-card';
import { CreateClientDialog } from './create-client-dialog';

export function ClientsTab() {
  const clients = useClientsQuery();
  const [creating, setCreating] = useState(false);
  const create = (
    <Button onClick={() => setCreating(true)}>
      <Plus /> Create Client
    </Button>
  );
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Applications that sign users in through the hub.</p>
        {create}
      </div>
      <QueryState
        query={clients}
        loadingLabel="Loading OAuth clients..."
        errorTitle="Could not load the OAuth clients"
        isEmpty={(d) => d.length === 0}
        empty={
          <Card>
            <CardContent>
              <EmptyState
                icon={AppWindow}
                title="No OAuth Clients"
                hint="Register the first application to let it sign users in."
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
