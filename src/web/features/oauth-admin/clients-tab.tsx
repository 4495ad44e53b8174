import { useEffect, useState } from 'react';
import { toast } from 'sonner';
import { AppWindow, Plus } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { useClientsQuery } from '@/data/oauth-clients/clients';
import { ClientCard } from './client-card';
import { CreateClientDialog } from './create-client-dialog';

export function ClientsTab() {
  const clients = useClientsQuery();
  const [creating, setCreating] = useState(false);
  useEffect(() => {
    if (clients.isError) toast.error('Failed to fetch OAuth clients');
  }, [clients.isError]);

  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm text-muted-foreground">Applications that sign users in through the hub.</p>
        <Button onClick={() => setCreating(true)}>
          <Plus /> Create Client
        </Button>
      </div>
      {clients.isPending ? (
        <p className="py-8 text-center text-muted-foreground">Loading OAuth clients...</p>
      ) : clients.data?.length === 0 ? (
        <Card>
          <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
            <AppWindow className="size-10 text-muted-foreground" aria-hidden />
            <p className="font-medium">No OAuth Clients</p>
            <p className="text-sm text-muted-foreground">Register the first application to let it sign users in.</p>
            <Button onClick={() => setCreating(true)}>
              <Plus /> Create Client
            </Button>
          </CardContent>
        </Card>
      ) : (
        <div className="grid gap-4 lg:grid-cols-2">
          {clients.data?.map((c) => (
            <ClientCard key={c.id} client={c} />
          ))}
        </div>
      )}
      <CreateClientDialog open={creating} onOpenChange={setCreating} />
    </div>
  );
}
