import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api';
import { authKeys } from './keys';

/** GET /api/auth/session (TEAM.md contract). */
export interface SessionUser {
  id: string;
  email: string;
  full_name: string | null;
  organization: string | null;
  department: string | null;
  email_verified: boolean;
  created_at: string;
  last_login_at: string | null;
}
export interface SessionInfo {
  id: string;
  expires_at: string;
}
export interface SessionState {
  user: SessionUser | null;
  session: SessionInfo | null;
  is_ecosystem_admin: boolean;
}

export const fetchSession = () => api.get<SessionState>('/api/auth/session');

export function useSessionQuery() {
  return useQuery({ queryKey: authKeys.session, queryFn: fetchSession, staleTime: 60_000 });
}

export interface SignInInput {
  email: string;
  password: string;
}
export interface SignUpInput {
  email: string;
  password: string;
  full_name: string;
}

/** Sign-in / sign-up answer with the new session state, which goes straight into the cache. */
export function useSignIn() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignInInput) => api.post<SessionState>('/api/auth/sign-in', input),
    onSuccess: (state) => client.setQueryData(authKeys.session, state),
  });
}

export function useSignUp() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: SignUpInput) => api.post<SessionState & { verification_sent: boolean }>('/api/auth/sign-up', input),
    onSuccess: (state) => client.setQueryData(authKeys.session, { user: state.user, session: state.session, is_ecosystem_admin: state.is_ecosystem_admin }),
  });
}

export const postSignOut = () => api.post<{ signed_out: boolean }>('/api/auth/sign-out');
