import { useMutation } from '@tanstack/react-query';
import type { MfaStatus } from '@shared/api/me';
import type { RecoveryCodes, TotpSetup } from '@shared/api/mfa';
import { apiFetch, api } from '@/lib/api';
import type { MutationOptions } from '../options';
import { meKeys } from './keys';
import { useRefetchingMutation } from '../refetching-mutation';

export type TotpEnrolment = TotpSetup;

/** Starts enrolment: a fresh secret (sealed at rest on the server) and its otpauth:// URI. */
export function startTotpEnrolment(): Promise<TotpEnrolment> {
  return api.post<TotpEnrolment>('/api/me/mfa/totp');
}

/** The first code proves the app holds the secret; the answer is the ten recovery codes, shown once. */
export function confirmTotp(code: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/me/mfa/totp/confirm', { code });
}

export function disableTotp(currentPassword: string): Promise<MfaStatus> {
  return apiFetch<MfaStatus>('/api/me/mfa/totp', { method: 'DELETE', json: { current_password: currentPassword } });
}

export function regenerateRecoveryCodes(currentPassword: string): Promise<RecoveryCodes> {
  return api.post<RecoveryCodes>('/api/me/mfa/recovery-codes', { current_password: currentPassword });
}


export const useTotpEnrolMutation = (options: MutationOptions<TotpEnrolment, void> = {}) =>
  useMutation({ mutationFn: startTotpEnrolment, ...options });
export const useTotpConfirmMutation = (options: MutationOptions<RecoveryCodes, string> = {}) =>
  useRefetchingMutation(meKeys.profile(), confirmTotp, options);
export const useTotpDisableMutation = (options: MutationOptions<MfaStatus, string> = {}) =>
  useRefetchingMutation(meKeys.profile(), disableTotp, options);
export const useRecoveryCodesMutation = (options: MutationOptions<RecoveryCodes, string> = {}) =>
  useRefetchingMutation(meKeys.profile(), regenerateRecoveryCodes, options);
