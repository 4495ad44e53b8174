import { TriangleAlertIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { DialogDescription, DialogFooter, DialogHeader, DialogTitle } from '@/components/ui/dialog';
import { CopyButton } from '@/features/oauth-admin/copy-button';

/**
 * The signing secret, shown this once (after creation or rotation): the server keeps it sealed
 * and never returns it again, so closing this step loses it for good.
 */
export function WebhookSecret({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) {
  return (
    <div className="space-y-4">
      <DialogHeader>
        <DialogTitle>{title}</DialogTitle>
        <DialogDescription>
          The receiver verifies each delivery with this secret (Standard Webhooks, HMAC-SHA256).
        </DialogDescription>
      </DialogHeader>
      <p
        role="alert"
        className="flex gap-2 rounded-md border border-destructive/50 bg-destructive/10 p-3 text-sm text-foreground"
      >
        <TriangleAlertIcon aria-hidden className="mt-0.5 size-4 shrink-0 text-destructive" />
        Copy the secret now and store it with the receiver. It is shown only this once; to get another, rotate it.
      </p>
      <div className="space-y-1">
        <p className="text-sm font-medium">Signing secret</p>
        <div className="flex items-center gap-1">
          <code data-testid="webhook-secret" className="min-w-0 flex-1 break-all rounded bg-muted px-2 py-1 text-xs">
            {secret}
          </code>
          <CopyButton label="Signing secret" getText={() => secret} />
        </div>
      </div>
      <DialogFooter>
        <Button onClick={onDone}>I have stored it</Button>
      </DialogFooter>
    </div>
  );
}
