import type { ReactNode } from 'react';
import { ErrorState } from './error-state';
import { LoadingState } from './loading-state';

/** The part of a TanStack Query result the four states need. */
interface QueryLike<T> {
  data: T | undefined;
  error: unknown;
  isPending: boolean;
  isError: boolean;
  isRefetching?: boolean;
  isFetching?: boolean;
  refetch: () => unknown;
}

export interface QueryStateProps<T> {
  query: QueryLike<T>;
  loadingLabel?: string;
  loadingRows?: number;
  errorTitle: string;
  isEmpty?: (data: T) => boolean;
  empty?: ReactNode;
  children: (data: T) => ReactNode;
}

/**
 * The one convention for a query on screen: loading (skeleton and label), error (what failed,
 * the server's reason, Retry), empty (the spec's empty state), else the content. Data already
 * shown stays on screen when a background refetch fails (the toast says so).
 */
export function QueryState<T>({
  query,
  loadingLabel,
  loadingRows,
  errorTitle,
  isEmpty,
  empty,
  children,
}: QueryStateProps<T>) {
  if (query.isPending && !query.isError) return <LoadingState label={loadingLabel} rows={loadingRows} />;
  if (query.data === undefined) {
    return (
      <ErrorState
        title={errorTitle}
        error={query.error}
        onRetry={() => void query.refetch()}
        retrying={Boolean(query.isFetching)}
      />
    );
  }
  if (isEmpty?.(query.data) && empty !== undefined) return <>{empty}</>;
  return <>{children(query.data)}</>;
}
