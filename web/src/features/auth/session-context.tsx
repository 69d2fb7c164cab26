import type { LoginAnswer, UserDto } from '@lectern/shared';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useState } from 'react';
import { clearSession, readSession, writeSession } from '../../lib/session-storage';
import { fetchCurrentUser, postLogout } from './api/session';
import { isRejectedToken, useDropRejectedSession } from './use-drop-rejected-session';

export interface Session {
  /** 'checking' while the stored token is verified at start-up (SPEC §4 Session). */
  status: 'checking' | 'ready';
  user: UserDto | null;
  signIn(answer: LoginAnswer): void;
  signOut(): Promise<void>;
  /** Reloads the user from the server, after the account itself changed (e.g. its email). */
  refreshUser(): Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<UserDto | null>(null);
  const [status, setStatus] = useState<Session['status']>(() => (readSession() ? 'checking' : 'ready'));

  useEffect(() => {
    if (!readSession()) return;
    const controller = new AbortController();
    fetchCurrentUser(controller.signal)
      .then(setUser)
      .catch((error: unknown) => {
        // An invalid token is dropped silently; a server or network failure keeps it for the next visit.
        if (isRejectedToken(error)) clearSession();
      })
      .finally(() => {
        if (!controller.signal.aborted) setStatus('ready');
      });
    return () => controller.abort();
  }, []);

  const forgetUser = useCallback(() => {
    queryClient.clear();
    setUser(null);
  }, [queryClient]);
  useDropRejectedSession(queryClient, forgetUser);

  const signIn = useCallback((answer: LoginAnswer) => {
    writeSession({ token: answer.token, userId: answer.id });
    setUser(answer.user);
    setStatus('ready');
  }, []);

  const signOut = useCallback(async () => {
    try {
      await postLogout(); // revoke on the server, not only in the browser (SECURITY SESS-2)
    } catch {
      // the token is dropped below either way
    }
    clearSession();
    forgetUser();
  }, [forgetUser]);

  const refreshUser = useCallback(async () => {
    try {
      setUser(await fetchCurrentUser());
    } catch {
      // the shown user stays as it was; the next start-up check settles it
    }
  }, []);

  const value = useMemo(
    () => ({ status, user, signIn, signOut, refreshUser }),
    [status, user, signIn, signOut, refreshUser],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** The logged-in user, on pages behind RequireUser. */
export function useUser(): UserDto {
  const { user } = useSession();
  if (!user) throw new Error('useUser on a page without a user');
  return user;
}
