// Auth state shared by the app (spec 4: loading until the first session check, then present or absent).
import { createContext, useContext } from 'react';
import type { SessionUser } from './client';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthContextValue {
  status: AuthStatus;
  user: SessionUser | null;
  /** True once the reader signed out here: protected pages then send them home, not to /auth. */
  signedOutByUser: boolean;
  /** Throws an Error whose message is pt-BR; NewPasswordRequired for an invited user's first sign-in, TotpRequired when a code is asked. */
  signIn(email: string, password: string): Promise<void>;
  /** Completes that first sign-in with the password the user chose; throws a pt-BR Error. */
  confirmNewPassword(password: string): Promise<void>;
  /** Completes a sign-in that asked for the authenticator app's six-digit code; throws a pt-BR Error. */
  confirmTotp(code: string): Promise<void>;
  /** Returns false when the server side of the sign-out failed; the local session is gone anyway. */
  signOut(): Promise<boolean>;
}

/**
 * The account was created with a temporary password (an approved author application): Cognito asks for
 * a new one before signing in.
 */
export class NewPasswordRequired extends Error {
  override name = 'NewPasswordRequired';
}

/** The account has an authenticator app (TOTP): Cognito asks for its six-digit code after the password. */
export class TotpRequired extends Error {
  override name = 'TotpRequired';
}

export const AuthContext = createContext<AuthContextValue | null>(null);

export function useAuth(): AuthContextValue {
  const value = useContext(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}
