import { defineMessage } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { revealSchema } from '@shared/admin-api';
import { api } from '@/lib/api';
import { errorText, type Wording } from '@/lib/error-text';
import type { MutationOptions } from '../options';

export type RevealedCredential = z.output<typeof revealSchema>;

/** The audited reveal through a live grant; only its requester may call it. */
export function revealCredential(grantId: string): Promise<RevealedCredential> {
  return api.post<RevealedCredential>(`/api/admin/credential-grants/${grantId}/reveal`);
}

/** Spec §8: 'Access Denied' with the server's message, or 'Failed to request credential access'. */
export const ACCESS_DENIED_WORDING: Wording = {
  refusal: (error) => error.message || undefined,
  unexpected: defineMessage({
    id: 'data.toast.failedToRequestCredentialAccess',
    defaultMessage: 'Failed to request credential access',
  }),
};

export function accessDeniedDescription(error: unknown): string {
  return errorText(error, ACCESS_DENIED_WORDING);
}

export function useCredentialRevealMutation(options: MutationOptions<RevealedCredential, string> = {}) {
  return useMutation({
    mutationFn: revealCredential,
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.accessDenied',
        defaultMessage: 'Access Denied',
      }),
      errorDescription: accessDeniedDescription,
    },
    ...options,
  });
}
