import { defineMessage } from 'react-intl';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { chainVerificationSchema } from '@shared/api/audit';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type ChainVerification = z.output<typeof chainVerificationSchema>;

export function verifyAuditChain(): Promise<ChainVerification> {
  return api.get<ChainVerification>('/api/admin/audit/verify');
}

/** Verification walks the whole chain: run on demand, never on render. */
export function useAuditVerifyMutation(options: MutationOptions<ChainVerification, void> = {}) {
  return useMutation({
    mutationFn: verifyAuditChain,
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToVerifyTheAuditLog',
        defaultMessage: 'Failed to verify the audit log',
      }),
    },
    ...options,
  });
}
