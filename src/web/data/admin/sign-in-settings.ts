import { defineMessage } from 'react-intl';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { SignInSettings, SignInSettingsView } from '@shared/api/sign-in-settings';
import { api } from '@/lib/api';

/** Issue 42: GET/PUT /api/admin/sign-in-settings (sign-in by email, breached passwords at sign-in). */
const key = ['admin', 'sign-in-settings'] as const;

export function useSignInSettingsQuery() {
  return useQuery({
    queryKey: key,
    queryFn: ({ signal }) => api.get<SignInSettingsView>('/api/admin/sign-in-settings', signal),
    meta: {
      errorToast: defineMessage({
        id: 'data.toast.failedToLoadSigninSettings',
        defaultMessage: 'Failed to load sign-in settings',
      }),
    },
  });
}

export function useSignInSettingsMutation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<SignInSettings>) => api.put<SignInSettingsView>('/api/admin/sign-in-settings', patch),
    onSuccess: (view) => client.setQueryData(key, view),
  });
}
