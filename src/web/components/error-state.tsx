import { FormattedMessage } from 'react-intl';
import { AlertCircleIcon, RotateCwIcon } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { errorText } from '@/lib/error-text';
import { cn } from '@/lib/utils';

/**
 * A query that failed: what failed, the server's reason in words (error-text.ts) and Retry.
 * Retry stays disabled while the new attempt runs, so one click is one request.
 */
export function ErrorState({
  title,
  error,
  onRetry,
  retrying = false,
  className,
}: {
  title: string;
  error: unknown;
  onRetry?: () => void;
  retrying?: boolean;
  className?: string;
}) {
  return (
    <div
      role="alert"
      data-testid="error-state"
      className={cn(
        'flex flex-col items-start gap-3 rounded-lg border border-destructive/40 bg-destructive/5 p-4 sm:flex-row sm:items-center',
        className,
      )}
    >
      <AlertCircleIcon className="size-5 shrink-0 text-destructive" aria-hidden />
      <div className="min-w-0 flex-1">
        <p className="font-medium">{title}</p>
        <p className="text-sm text-muted-foreground" data-testid="error-message">
          {errorText(error)}
        </p>
      </div>
      {onRetry && (
        <Button variant="outline" size="sm" onClick={onRetry} disabled={retrying}>
          <RotateCwIcon aria-hidden className={cn(retrying && 'animate-spin motion-reduce:animate-none')} />
          {retrying ? (
            <FormattedMessage id="common.retrying" defaultMessage="Retrying…" />
          ) : (
            <FormattedMessage id="common.retry" defaultMessage="Retry" />
          )}
        </Button>
      )}
    </div>
  );
}
