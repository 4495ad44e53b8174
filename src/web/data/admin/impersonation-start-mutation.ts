import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { impersonationPendingSchema, impersonationStartSchema } from '@shared/api/impersonation';
import { api } from '@/lib/api';
import { authKeys } from '../auth/keys';
import type { SessionState } from '../auth/session-query';

type Input = z.input<typeof impersonationStartSchema>;
type Pending = z.output<typeof impersonationPendingSchema>;

export function isPendingApproval(answer: SessionState | Pending): answer is Pending {
  return 'status' in answer && answer.status === 'pending';
}

/**
 * Issue 42: POST /api/admin/users/:id/impersonation. Started: the browser now holds the user's
 * session, so every cached answer of the administrator goes and the session is the new one.
 */
export function useImpersonationStartMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, ...body }: Input & { userId: string }) =>
      api.post<SessionState | Pending>(`/api/admin/users/${userId}/impersonation`, body),
    onSuccess: (answer) => {
      if (isPendingApproval(answer)) return;
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
      client.setQueryData(authKeys.session, answer);
    },
  });
}
