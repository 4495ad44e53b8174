import { useMutation } from '@tanstack/react-query';
import type { DeviceRequest } from '@shared/api/device';
import { api } from '@/lib/api';
import type { MutationOptions } from '../options';

export type { DeviceRequest };

/** POST /api/device/lookup: the client and scopes behind a user code (each entry is counted). */
export function useDeviceLookupMutation(options: MutationOptions<DeviceRequest, string> = {}) {
  return useMutation({
    mutationFn: (userCode: string) => api.post<DeviceRequest>('/api/device/lookup', { user_code: userCode }),
    ...options,
  });
}

export interface DeviceDecisionVars {
  decision_token: string;
  approve: boolean;
}

/** POST /api/device/decision: approve or deny the request the lookup showed. */
export function useDeviceDecisionMutation(
  options: MutationOptions<{ status: 'approved' | 'denied' }, DeviceDecisionVars> = {},
) {
  return useMutation({
    mutationFn: (vars: DeviceDecisionVars) => api.post<{ status: 'approved' | 'denied' }>('/api/device/decision', vars),
    ...options,
  });
}
