import { defineMessage } from 'react-intl';
import { useQuery } from '@tanstack/react-query';
import type { AuditSinkView } from '@shared/api/siem';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { auditSinkKeys } from './keys';

/** A SIEM sink as the admin API shows it: never its checkpoint key nor its https auth header. */
export type AuditSink = AuditSinkView;

export function getAuditSinks(signal?: AbortSignal): Promise<AuditSink[]> {
  return api.get<{ sinks: AuditSink[] }>('/api/admin/audit-sinks', signal).then((r) => r.sinks);
}

export function useAuditSinksQuery<T = AuditSink[]>(options: QueryOptions<AuditSink[], T> = {}) {
  return useQuery({
    queryKey: auditSinkKeys.list(),
    queryFn: ({ signal }) => getAuditSinks(signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToFetchAuditSinks',
        defaultMessage: 'Failed to fetch audit sinks',
      }),
    },
    ...options,
  });
}
