import { useInfiniteQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { auditPageSchema, auditRowSchema } from '@shared/api/audit';
import { AUDIT_PAGE_DEFAULT } from '@shared/audit-queue';
import { api } from '@/lib/api';
import type { InfiniteQueryOptions } from '../options';
import { auditKeys, type AuditLogFilters } from './keys';

/** One row as the viewer shows it (the server serialises it through auditRowSchema). */
export type AuditLogEntry = z.output<typeof auditRowSchema>;
export type AuditLogPage = z.output<typeof auditPageSchema>;
export type { AuditLogFilters };

/** Query string of the filters (empty values left out); shared by the list and the export link. */
export function auditFilterParams(filters: AuditLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  return params;
}

export function getAuditLogPage(
  filters: AuditLogFilters,
  cursor: string | null,
  signal?: AbortSignal,
  limit = AUDIT_PAGE_DEFAULT,
): Promise<AuditLogPage> {
  const params = auditFilterParams(filters);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return api.get<AuditLogPage>(`/api/admin/audit?${params}`, signal);
}

/** Newest first; each further page continues from the previous page's cursor. */
export function useAuditLogQuery({ filters }: { filters: AuditLogFilters }, options: InfiniteQueryOptions<AuditLogPage> = {}) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam, signal }) => getAuditLogPage(filters, pageParam as string | null, signal),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
    ...options,
  });
}
