import { defineMessage } from 'react-intl';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { acceptedInvitationSchema, invitationResultSchema } from '@shared/api/orgs';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { orgKeys, orgPath, type OrgMode } from './keys';

type InvitationResult = z.output<typeof invitationResultSchema>;
export type AcceptedInvitation = z.output<typeof acceptedInvitationSchema>;
export interface InviteVars {
  email: string;
  role: string;
}

type Scope = { mode: OrgMode; orgId: string };

function useInvalidating<TVars, TData>(
  { mode, orgId }: Scope,
  mutationFn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationOptions<TData, TVars>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.invitations(mode, orgId) });
      await onSuccess?.(...args);
    },
    ...options,
  });
}

/** POST …/invitations: the form shows the refusal (a bad address, a member already), so no toast. */
export function useInviteMutation(scope: Scope, options: MutationOptions<InvitationResult, InviteVars> = {}) {
  return useInvalidating(
    scope,
    (body: InviteVars) => api.post<InvitationResult>(orgPath(scope.mode, scope.orgId, '/invitations'), body),
    options,
  );
}

/** POST …/invitations/:id/resend: a fresh link, valid 7 days from now; the old one stops working. */
export function useInvitationResendMutation(scope: Scope, options: MutationOptions<InvitationResult, string> = {}) {
  return useInvalidating(
    scope,
    (invitationId: string) =>
      api.post<InvitationResult>(
        orgPath(scope.mode, scope.orgId, `/invitations/${encodeURIComponent(invitationId)}/resend`),
      ),
    {
      meta: {
        errorToast: defineMessage({
          id: 'data.toast.failedToResendTheInvitation',
          defaultMessage: 'Failed to resend the invitation',
        }),
      },
      ...options,
    },
  );
}

export function useInvitationRevokeMutation(scope: Scope, options: MutationOptions<{ deleted: true }, string> = {}) {
  return useInvalidating(
    scope,
    (invitationId: string) =>
      api.delete<{ deleted: true }>(
        orgPath(scope.mode, scope.orgId, `/invitations/${encodeURIComponent(invitationId)}`),
      ),
    {
      meta: {
        errorToast: defineMessage({
          id: 'data.toast.failedToRevokeTheInvitation',
          defaultMessage: 'Failed to revoke the invitation',
        }),
      },
      ...options,
    },
  );
}

export function acceptInvitation(token: string): Promise<AcceptedInvitation> {
  return api.post<AcceptedInvitation>('/api/invitations/accept', { token });
}

/** POST /api/invitations/accept: the page shows the refusal (expired, used, revoked, another address). */
export function useInvitationAcceptMutation({
  onSuccess,
  ...options
}: MutationOptions<AcceptedInvitation, string> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: acceptInvitation,
    onSuccess: async (...args) => {
      await client.invalidateQueries({ queryKey: orgKeys.mine() });
      await onSuccess?.(...args);
    },
    ...options,
  });
}
