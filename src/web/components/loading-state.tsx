import { Skeleton } from '@/components/ui/skeleton';
import { cn } from '@/lib/utils';
import { activeIntl } from '@/i18n/active-intl';

/**
 * A query on its way: the shape of what is coming (skeleton rows) and, for screen readers and
 * for the spec's texts ('Loading OAuth clients...'), a visible label in a live status region.
 */
export function LoadingState({ label, rows = 3, className }: { label?: string; rows?: number; className?: string }) {
  return (
    <div role="status" aria-live="polite" data-testid="loading-state" className={cn('space-y-3 py-2', className)}>
      <p className="text-sm text-muted-foreground">
        {label ?? activeIntl().formatMessage({ id: 'common.loading', defaultMessage: 'Loading...' })}
      </p>
      {Array.from({ length: rows }, (_, i) => (
        <Skeleton key={i} className="h-12 w-full" />
      ))}
    </div>
  );
}
