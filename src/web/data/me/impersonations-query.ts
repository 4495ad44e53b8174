import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { myImpersonationsSchema } from '@shared/api/impersonation';
import { api } from '@/lib/api';

type MyImpersonations = z.output<typeof myImpersonationsSchema>;

/** Issue 42: GET /api/me/impersonations — when support viewed the account as its owner. */
export function useMyImpersonationsQuery() {
  return useQuery({
    queryKey: ['me', 'impersonations'] as const,
    queryFn: ({ signal }) => api.get<MyImpersonations>('/api/me/impersonations', signal),
  });
}
