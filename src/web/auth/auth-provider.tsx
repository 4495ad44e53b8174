import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { authKeys } from '@/data/auth/keys';
import { SIGNED_OUT, useSessionQuery, type SessionInfo, type SessionUser } from '@/data/auth/session-query';
import { signOut as postSignOut } from '@/data/auth/sign-out';
import { createHandoffSession, type HandoffSession } from '@/data/apps/handoff-session';
import { createAppToken } from '@/data/apps/app-token';
import { revokeAppAccess } from '@/data/apps/app-access-revoke';

/** The signed-in state of spec §1/§4, as every screen reads it. */
export interface AuthState {
  user: SessionUser | null;
  session: SessionInfo | null;
  /** True until the first answer of GET /api/auth/session. */
  loading: boolean;
  /** Computed on the server (an effective platform_admin or super_admin role). */
  isEcosystemAdmin: boolean;
  /**
   * Ends the session. `forgetLocation` (the Sign out button): the guard then sends to a plain
   * /auth, so the next person to sign in here does not land on the previous user's page.
   */
  signOut(options?: { forgetLocation?: boolean }): Promise<void>;
  /** True after a sign-out that asked to forget where the user was, until someone signs in. */
  signedOutByUser: boolean;
  /** Re-reads the session from the server (after a role or profile change). */
  refresh(): Promise<void>;
  createCrossPlatformSession(appId: string, redirectUrl: string): Promise<HandoffSession | null>;
  createAppToken(clientId: string, scopes?: string[]): Promise<{ access_token: string } | null>;
  revokeAppAccess(clientId: string): Promise<boolean | null>;
}

const AuthContext = createContext<AuthState | null>(null);

/** Spec §8 "logged only, returning null": the app-facing calls never throw. */
async function orNull<T>(work: () => Promise<T>, message: string): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    console.error(message, error);
    return null;
  }
}

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

  const [signedOutByUser, setSignedOutByUser] = useState(false);
  useEffect(() => {
    if (user) setSignedOutByUser(false);
  }, [user]);

  const signOut = useCallback(
    async ({ forgetLocation = false }: { forgetLocation?: boolean } = {}) => {
      if (forgetLocation) setSignedOutByUser(true);
      try {
        await postSignOut();
      } finally {
        // Sign out clears the admin flag and every cached answer that belonged to the user.
        client.setQueryData(authKeys.session, SIGNED_OUT);
        client.removeQueries({ predicate: (q) => q.queryKey[0] !== authKeys.session[0] });
      }
    },
    [client],
  );

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
      signedOutByUser,
      refresh,
      // Spec §5: these need a signed-in user; otherwise they return null.
      createCrossPlatformSession: async (appId, redirectUrl) =>
        user ? orNull(() => createHandoffSession(appId, redirectUrl), 'Failed to create cross-platform session') : null,
      createAppToken: async (clientId, scopes) =>
        user ? orNull(() => createAppToken(clientId, scopes), 'Error creating app token') : null,
      revokeAppAccess: async (clientId) =>
        user ? (await orNull(() => revokeAppAccess(clientId), 'Failed to revoke app access')) !== null : null,
    }),
    [user, state.session, state.is_ecosystem_admin, loading, signOut, signedOutByUser, refresh],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

/** The auth state; spec §5: using it outside its provider is an error. */
export function useAuth(): AuthState {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used within an AuthProvider');
  return value;
}

/** Whether the signed-in user is an ecosystem admin; false outside an AuthProvider (a module screen rendered alone). */
export function useIsEcosystemAdmin(): boolean {
  return useContext(AuthContext)?.isEcosystemAdmin ?? false;
}
