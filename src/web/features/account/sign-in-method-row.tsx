import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';

/**
 * One way into the account in a list of them (a passkey, a linked provider): its name, when it
 * was added and last used, and the one button that takes it away (its words while that runs).
 */
export function SignInMethodRow({
  icon: Icon,
  name,
  detail,
  testId,
  action,
}: {
  icon: LucideIcon;
  name: string;
  detail: ReactNode;
  testId: string;
  action: { icon: LucideIcon; text: string; busyText: string; label: string; isBusy: boolean; onClick: () => void };
}) {
  const { icon: ActionIcon } = action;
  return (
    <li className="flex flex-wrap items-center justify-between gap-3 py-3" data-testid={testId}>
      <div className="flex min-w-0 items-center gap-3">
        <Icon className="size-5 shrink-0 text-muted-foreground" aria-hidden />
        <div className="min-w-0">
          <p className="truncate font-medium">{name}</p>
          <p className="text-xs break-words text-muted-foreground">{detail}</p>
        </div>
      </div>
      <Button variant="outline" size="sm" aria-label={action.label} disabled={action.isBusy} onClick={action.onClick}>
        <ActionIcon aria-hidden /> {action.isBusy ? action.busyText : action.text}
      </Button>
    </li>
  );
}
