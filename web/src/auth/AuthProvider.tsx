// Holds the session: checks it once at start, follows Amplify's Hub events, clears server state on sign-out.
import { startTransition, useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { userKeys } from '../features/users/api/keys';
import type { SessionUser } from './client';
import { AuthContext, type AuthContextValue, type AuthStatus } from './context';
import { hasStoredSession, loadAuthClient } from './load';

interface State {
  status: AuthStatus;
  user: SessionUser | null;
  signedOutByUser?: boolean;
}

const SIGNED_OUT: State = { status: 'signedOut', user: null };

export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [state, setState] = useState<State>({ status: 'loading', user: null });

  const clearSession = useCallback(() => {
    setState((previous) => ({ ...SIGNED_OUT, signedOutByUser: previous.signedOutByUser }));
    queryClient.removeQueries({ queryKey: userKeys.allMe() });
  }, [queryClient]);

  const check = useCallback(async () => {
    try {
      const client = await loadAuthClient();
      const user = await client.currentUser();
      if (user) {
        setState((previous) => (previous.user?.userId === user.userId && previous.status === 'signedIn' ? previous : { status: 'signedIn', user }));
      } else {
        clearSession();
      }
    } catch (error) {
      console.error('session check failed', error);
      clearSession();
    }
  }, [clearSession]);

  // Follows Amplify's events once it is loaded: at start when a session is stored, else on sign-in.
  const [listening, setListening] = useState(false);
  useEffect(() => {
    if (!listening) return;
    let active = true;
    let unlisten: (() => void) | undefined;
    void loadAuthClient()
      .then((client) => {
        if (!active) return;
        unlisten = client.listen((event) => {
          if (event === 'signedOut' || event === 'tokenRefresh_failure') clearSession();
          else void check();
        });
      })
      .catch((error: unknown) => console.error('auth client failed to load', error));
    return () => {
      active = false;
      unlisten?.();
    };
  }, [listening, check, clearSession]);

  useEffect(() => {
    if (!hasStoredSession()) {
      // A transition: an urgent update here would make React hydrate the rest of the server-rendered
      // page synchronously, in one long task, instead of in slices.
      startTransition(() => setState(SIGNED_OUT));
      return;
    }
    setListening(true);
    void check();
  }, [check]);

  const signIn = useCallback(async (email: string, password: string) => {
    const client = await loadAuthClient();
    const user = await client.signInWithPassword(email, password);
    setState({ status: 'signedIn', user });
    setListening(true);
  }, []);

  const confirmNewPassword = useCallback(async (password: string) => {
    const client = await loadAuthClient();
    const user = await client.confirmNewPassword(password);
    setState({ status: 'signedIn', user });
    setListening(true);
  }, []);

  const confirmTotp = useCallback(async (code: string) => {
    const client = await loadAuthClient();
    const user = await client.confirmTotpCode(code);
    setState({ status: 'signedIn', user });
    setListening(true);
  }, []);

  const signOut = useCallback(async () => {
    // Known before the server round trip, so no protected page redirects to /auth meanwhile.
    setState((previous) => ({ ...previous, signedOutByUser: true }));
    const client = await loadAuthClient().catch(() => null);
    const ok = client ? await client.signOutUser() : false;
    clearSession();
    queryClient.clear();
    return ok;
  }, [clearSession, queryClient]);

  const value = useMemo<AuthContextValue>(
    () => ({ status: state.status, user: state.user, signedOutByUser: state.signedOutByUser === true, signIn, confirmNewPassword, confirmTotp, signOut }),
    [state, signIn, confirmNewPassword, confirmTotp, signOut],
  );

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
