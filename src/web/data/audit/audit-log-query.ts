import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { AUDIT_PAGE_DEFAULT } from '@shared/audit-queue';
import { auditKeys, type AuditLogFilters } from './keys';

export type { AuditLogFilters };


export interface AuditLogEntry {
  id: number;
  occurred_at: string;
  event_type: string;
  severity: string;
  user_id: string | null;
  user_email: string | null;
  session_id: string | null;
  ip_address: string | null;
  user_agent: string | null;
  source: 'server' | 'client';
  details: Record<string, unknown>;
  prev_hash: string;
  hash: string;
}

export interface AuditLogPage {
  events: AuditLogEntry[];
  next_cursor: string | null;
}

/** Query string of the filters (empty values left out); shared by the list and the export link. */
export function auditFilterParams(filters: AuditLogFilters): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filters)) if (v) params.set(k, v);
  return params;
}

export function fetchAuditLogPage(filters: AuditLogFilters, cursor?: string | null, limit = AUDIT_PAGE_DEFAULT): Promise<AuditLogPage> {
  const params = auditFilterParams(filters);
  params.set('limit', String(limit));
  if (cursor) params.set('cursor', cursor);
  return api.get<AuditLogPage>(`/api/admin/audit?${params}`);
}

/** Newest first; each further page continues from the previous page's cursor. */
export function useAuditLogQuery(filters: AuditLogFilters) {
  return useInfiniteQuery({
    queryKey: auditKeys.list(filters),
    queryFn: ({ pageParam }) => fetchAuditLogPage(filters, pageParam),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => last.next_cursor,
    staleTime: 0,
  });
}

/** The export is a download (the browser streams it to disk), so it is a link, not a fetch. */
export function auditExportUrl(filters: AuditLogFilters, format: 'csv' | 'jsonl'): string {
  const params = auditFilterParams(filters);
  params.set('format', format);
  return `/api/admin/audit/export?${params}`;
}
