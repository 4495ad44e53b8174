import { createContext, useCallback, useContext, useEffect, useMemo, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/data/auth/keys';
import {
  postSignOut,
  useSessionQuery,
  type SessionInfo,
  type SessionState,
  type SessionUser,
} from '@/data/auth/auth-api';
import * as appAccess from '@/data/apps/app-access';
import type { CrossPlatformSession } from '@/data/apps/app-access';

/** The signed-in state of spec §1/§4, as every screen reads it. */
export interface AuthState {
  user: SessionUser | null;
  session: SessionInfo | null;
  /** True until the first answer of GET /api/auth/session. */
  loading: boolean;
  /** Computed on the server (an effective platform_admin or super_admin role). */
  isEcosystemAdmin: boolean;
  signOut(): Promise<void>;
  /** Re-reads the session from the server (after a role or profile change). */
  refresh(): Promise<void>;
  createCrossPlatformSession(appId: string, redirectUrl: string): Promise<CrossPlatformSession | null>;
  createAppToken(clientId: string, scopes?: string[]): Promise<{ access_token: string } | null>;
  revokeAppAccess(clientId: string): Promise<boolean | null>;
}

const AuthContext = createContext<AuthState | null>(null);

const SIGNED_OUT: SessionState = { user: null, session: null, is_ecosystem_admin: false };

export function AuthProvider({ children }: { children: ReactNode }) {
  const client = useQueryClient();
  const query = useSessionQuery();
  // A failed session read (network, 5xx) counts as signed out once it settles, never as signed in.
  const state = query.data ?? SIGNED_OUT;
  const loading = query.isPending;
  const user = state.user;
  // Spec §6/§8: a failed check is logged; a refetch that fails keeps the last known flag
  // (TanStack Query keeps the previous data), a first check that fails leaves it false.
  useEffect(() => {
    if (query.error) console.error('Error checking admin status', query.error);
  }, [query.error]);

  const signOut = useCallback(async () => {
    try {
      await postSignOut();
    } finally {
      // Sign out clears the admin flag and every cached answer that belonged to the user.
      client.setQueryData(authKeys.session, SIGNED_OUT);
      client.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
    }
  }, [client]);

  const refresh = useCallback(async () => {
    await client.invalidateQueries({ queryKey: authKeys.session });
  }, [client]);

  const value = useMemo<AuthState>(
    () => ({
      user,
      session: state.session,
      loading,
      isEcosystemAdmin: user ? state.is_ecosystem_admin : false,
      signOut,
      refresh,
      // Spec §5: these need a signed-in user; otherwise they return null.
      createCrossPlatformSession: async (appId, redirectUrl) =>
        user ? appAccess.createCrossPlatformSession(appId, redirectUrl) : null,
      createAppToken: async (clientId, scopes) => (user ? appAccess.createAppToken(clientId, scopes) : null),
      revokeAppAccess: async (clientId) => (user ? appAccess.revokeAppAccess(clientId) : null),
    }),
    [user, state.session, state.is_ecosystem_admin, loading, signOut, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; spec §5: using it outside its provider is an error. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}
