import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { Label } from '@/components/ui/label';
import { CopyButton } from './copy-button';

/** The create dialog's second step: the new client's id and, this once, its whole secret. */
export function CreatedCredentials({
  clientId,
  secret,
  onDone,
}: {
  clientId: string;
  secret: string | null;
  onDone: () => void;
}) {
  return (
    <div className="space-y-4">
      <DialogHeader>
        <DialogTitle>Client created</DialogTitle>
        <DialogDescription>Store the secret now: the list only shows its first 20 characters.</DialogDescription>
      </DialogHeader>
      <div className="space-y-1">
        <Label>Client ID</Label>
        <div className="flex items-center gap-1">
          <code data-testid="new-client-id" className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs">
            {clientId}
          </code>
          <CopyButton label="Client ID" getText={() => clientId} />
        </div>
      </div>
      {secret && (
        <div className="space-y-1">
          <Label>Client Secret</Label>
          <div className="flex items-center gap-1">
            <code
              data-testid="new-client-secret"
              className="min-w-0 flex-1 truncate rounded bg-muted px-2 py-1 text-xs"
            >
              {secret}
            </code>
            <CopyButton label="Client Secret" getText={() => secret!} />
          </div>
        </div>
      )}
      <DialogFooter>
        <Button onClick={onDone}>Done</Button>
      </DialogFooter>
    </div>
  );
}
