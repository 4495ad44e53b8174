import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';
import { cn } from '@/lib/utils';

/** Nothing to show: the spec's empty-state title, a hint and, optionally, the next action. */
export function EmptyState({
  title,
  hint,
  icon: Icon,
  action,
  className,
}: {
  title: string;
  hint?: ReactNode;
  icon?: LucideIcon;
  action?: ReactNode;
  className?: string;
}) {
  return (
    <div data-testid="empty-state" className={cn('flex flex-col items-center gap-2 py-10 text-center', className)}>
      {Icon && <Icon className="size-10 text-muted-foreground" aria-hidden />}
      <p className="font-medium">{title}</p>
      {hint && <p className="max-w-md text-sm text-muted-foreground">{hint}</p>}
      {action && <div className="mt-2">{action}</div>}
    </div>
  );
}
