import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CopyButton } from '@/features/oauth-admin/copy-button';

/**
 * The sink's checkpoint key, shown this once after creation: the receiver checks with it that
 * the hub withheld nothing; the server never returns it again, so closing this step loses it.
 */
export function AuditSinkKey({ checkpointKey, onDone }: { checkpointKey: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <DialogHeader>
        <DialogTitle>Audit sink created</DialogTitle>
        <DialogDescription>
          Each batch carries a checkpoint signed with this key (HMAC-SHA256), so the collector can prove no audit entry
          was left out.
        </DialogDescription>
      </DialogHeader>
      <p
        role="alert"
        className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground"
      >
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        Copy the checkpoint key now and store it with the collector. It is shown only this once; to get another, add the
        sink again.
      </p>
      <div className="space-y-1">
        <p className="text-sm font-medium">Checkpoint key</p>
        <div className="flex items-center gap-1">
          <code data-testid="checkpoint-key" className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
            {checkpointKey}
          </code>
          <CopyButton label="Checkpoint key" getText={() => checkpointKey} />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>I have stored it</Button>
      </DialogFooter>
    </div>
  );
}
