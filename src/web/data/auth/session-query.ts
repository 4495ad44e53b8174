import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { sessionUserSchema, sessionViewSchema } from '@shared/api/auth';
import { api } from '@/lib/api';
import type { QueryOptions } from '../options';
import { authKeys } from './keys';

/** GET /api/auth/session's answer (the server serialises it through sessionViewSchema). */
export type SessionState = z.output<typeof sessionViewSchema>;
export type SessionUser = z.output<typeof sessionUserSchema>;
export type SessionInfo = NonNullable<SessionState['session']>;

export const SIGNED_OUT: SessionState = { user: null, session: null, is_ecosystem_admin: false };

export function getSession(signal?: AbortSignal): Promise<SessionState> {
  return api.get<SessionState>('/api/auth/session', signal);
}

/** GET /api/auth/session: who is signed in (nulls when nobody is). */
export function useSessionQuery(options: QueryOptions<SessionState> = {}) {
  return useQuery({
    queryKey: authKeys.session,
    queryFn: ({ signal }) => getSession(signal),
    staleTime: 60_000,
    ...options,
  });
}
