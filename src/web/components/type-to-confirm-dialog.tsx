import { useId, useState, type ReactNode } from 'react';
import { FormattedMessage } from 'react-intl';
import {
  AlertDialog,
  AlertDialogAction,
  AlertDialogCancel,
  AlertDialogContent,
  AlertDialogDescription,
  AlertDialogFooter,
  AlertDialogHeader,
  AlertDialogTitle,
} from '@/components/ui/alert-dialog';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';

/**
 * The confirmation of a deletion that takes more than itself with it (an organization, an identity
 * provider, a webhook): it says what is lost (`losses`, the server's counts, one line each) and
 * the red button works only once the person has typed `name` exactly. Open while mounted.
 */
export function TypeToConfirmDialog({
  title,
  name,
  description,
  losses,
  action,
  onConfirm,
  onClose,
}: {
  title: string;
  /** What the person types: the name they see on the screen. */
  name: string;
  description: ReactNode;
  /** What goes with it; null while the counts load. */
  losses: ReactNode[] | null;
  action: string;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const [typed, setTyped] = useState('');
  const inputId = useId();
  const matches = typed.trim() === name;
  return (
    <AlertDialog open onOpenChange={(next) => !next && onClose()}>
      <AlertDialogContent>
        <AlertDialogHeader>
          <AlertDialogTitle className="break-words">{title}</AlertDialogTitle>
          <AlertDialogDescription>{description}</AlertDialogDescription>
        </AlertDialogHeader>
        <div className="space-y-3 text-sm">
          {losses === null ? (
            <p className="text-muted-foreground" aria-live="polite">
              <FormattedMessage id="typeToConfirm.counting" defaultMessage="Counting what goes with it…" />
            </p>
          ) : (
            losses.length > 0 && (
              <ul className="list-disc space-y-1 ps-5" data-testid="deletion-losses">
                {losses.map((line, i) => (
                  <li key={i}>{line}</li>
                ))}
              </ul>
            )
          )}
          <div className="space-y-2">
            <Label htmlFor={inputId} className="block leading-normal break-words">
              <FormattedMessage
                id="typeToConfirm.label"
                defaultMessage="Type <b>{name}</b> to confirm"
                values={{ name, b: (chunks) => <strong className="break-all">{chunks}</strong> }}
              />
            </Label>
            <Input
              id={inputId}
              value={typed}
              onChange={(e) => setTyped(e.target.value)}
              autoComplete="off"
              spellCheck={false}
            />
          </div>
        </div>
        <AlertDialogFooter>
          <AlertDialogCancel>
            <FormattedMessage id="common.cancel" defaultMessage="Cancel" />
          </AlertDialogCancel>
          <AlertDialogAction
            className="bg-destructive text-destructive-foreground hover:bg-destructive/90"
            disabled={!matches || losses === null}
            onClick={onConfirm}
          >
            {action}
          </AlertDialogAction>
        </AlertDialogFooter>
      </AlertDialogContent>
    </AlertDialog>
  );
}
