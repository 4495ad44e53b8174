import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api';

export interface ChainVerification {
  ok: boolean;
  checked: number;
  first_bad_id: number | null;
}

export function fetchAuditVerification(): Promise<ChainVerification> {
  return api.get<ChainVerification>('/api/admin/audit/verify');
}

/** Verification walks the whole chain: run on demand, never on render. */
export function useAuditVerifyMutation() {
  return useMutation({ mutationFn: fetchAuditVerification });
}
