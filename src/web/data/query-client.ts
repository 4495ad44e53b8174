import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import type { MessageDescriptor } from 'react-intl';
import { activeIntl } from '@/i18n/active-intl';
import { ApiError, isFieldRefusal, isRetryable } from '@/lib/api';
import { notify } from '@/lib/notify';

/**
 * What a query or mutation may declare about its failure. `errorToast` is the spec's toast
 * title (§8, e.g. 'Failed to load users'); the description is the API error in words
 * (error-text.ts). The caches below raise it once per failed fetch, so no component copies a
 * toast effect.
 */
export interface FailureMeta extends Record<string, unknown> {
  /** A message (formatted here, in the page's language) or a title a component already formatted. */
  errorToast?: MessageDescriptor | string;
  /** Where the spec fixes the toast's description (§8), it is given here instead. */
  errorDescription?: (error: unknown) => string;
}

/** Refusals the signed-in shell answers itself (enrolment page, step-up dialog): no toast on top. */
const HANDLED_ELSEWHERE = new Set(['mfa_enrollment_required', 'password_change_required']);

function present(meta: FailureMeta | undefined, error: unknown) {
  if (!meta?.errorToast) return;
  if (error instanceof ApiError && HANDLED_ELSEWHERE.has(error.code)) return;
  // A refusal naming fields is shown beside them by the form that sent it (lib/form-errors.ts): no toast repeats it.
  if (isFieldRefusal(error)) return;
  // One toast per title: three failed queries of one tab replace each other instead of stacking.
  const toast = meta.errorToast;
  const title = typeof toast === 'string' ? toast : activeIntl().formatMessage(toast);
  const id = typeof toast === 'string' ? toast : (toast.id ?? title);
  notify.error(title, meta.errorDescription ? { id, description: meta.errorDescription(error) } : { id, error });
}

declare module '@tanstack/react-query' {
  interface Register {
    queryMeta: FailureMeta;
    mutationMeta: FailureMeta;
  }
}

export function makeQueryClient(): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({
      onError: (error, query) => present(query.meta, error),
    }),
    mutationCache: new MutationCache({
      onError: (error, _vars, _ctx, mutation) => present(mutation.meta, error),
    }),
    defaultOptions: {
      queries: {
        staleTime: 15_000,
        refetchOnWindowFocus: false,
        retry: (count, error) => isRetryable(error) && count < 2,
      },
    },
  });
}
