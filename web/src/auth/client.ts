// Everything that touches Amplify. This module is loaded lazily (see load.ts) so that public pages
// paint without the auth library; it configures Amplify from /config.json on first use.
import { Amplify } from 'aws-amplify';
import { confirmSignIn, fetchAuthSession, getCurrentUser, setUpTOTP, signIn, signOut, updateMFAPreference, verifyTOTPSetup } from 'aws-amplify/auth';
import { Hub } from 'aws-amplify/utils';
import { TOTP_ISSUER } from '../../../shared/mfa';
import { loadConfig } from '../lib/config';
import { NewPasswordRequired, TotpRequired } from './context';
import { codeFailure, signInFailure } from './failures';

export interface SessionUser {
  userId: string;
  /** The login id (e-mail) when Amplify knows it. */
  email: string | null;
}

export type AuthEvent = 'signedIn' | 'signedOut' | 'tokenRefresh' | 'tokenRefresh_failure';

let configured: Promise<void> | null = null;

function ready(): Promise<void> {
  configured ??= loadConfig()
    .then((config) => {
      const endpoint = config.userPoolEndpoint
        ? new URL(config.userPoolEndpoint, window.location.origin).toString().replace(/\/$/, '')
        : undefined;
      Amplify.configure({
        Auth: {
          Cognito: {
            userPoolId: config.userPoolId,
            userPoolClientId: config.userPoolClientId,
            ...(endpoint ? { userPoolEndpoint: endpoint } : {}),
            loginWith: { email: true },
          },
        },
      });
    })
    .catch((error: unknown) => {
      configured = null;
      throw error;
    });
  return configured;
}

/** The signed-in user, or null. Amplify refreshes expired tokens on the way. */
export async function currentUser(): Promise<SessionUser | null> {
  await ready();
  try {
    const user = await getCurrentUser();
    return { userId: user.userId, email: user.signInDetails?.loginId ?? null };
  } catch {
    return null;
  }
}

export async function accessToken(): Promise<string | null> {
  await ready();
  try {
    const session = await fetchAuthSession();
    return session.tokens?.accessToken.toString() ?? null;
  } catch {
    return null;
  }
}

export class AuthFailure extends Error {
  override name = 'AuthFailure';
}

const errorName = (error: unknown) => (error instanceof Error ? error.name : '');

/** Signs in with e-mail and password; throws AuthFailure with a pt-BR message. */
export async function signInWithPassword(email: string, password: string): Promise<SessionUser> {
  try {
    await ready();
  } catch {
    throw new AuthFailure('Não foi possível conectar ao servidor. Verifique sua conexão.');
  }
  try {
    // A stale session would make Amplify refuse a new sign-in.
    const existing = await currentUser();
    if (existing) await signOut().catch(() => clearLocalSession());
    const result = await signIn({ username: email, password, options: { authFlowType: 'USER_PASSWORD_AUTH' } });
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_NEW_PASSWORD_REQUIRED') throw new NewPasswordRequired('Defina sua nova senha.');
    if (result.nextStep.signInStep === 'CONFIRM_SIGN_IN_WITH_TOTP_CODE') throw new TotpRequired('Digite o código do aplicativo autenticador.');
    if (!result.isSignedIn) {
      throw new AuthFailure(
        result.nextStep.signInStep === 'CONFIRM_SIGN_UP'
          ? 'Sua conta ainda não foi confirmada.'
          : 'Não foi possível concluir o login.',
      );
    }
  } catch (error) {
    if (error instanceof AuthFailure || error instanceof NewPasswordRequired || error instanceof TotpRequired) throw error;
    console.error('signIn failed', error);
    throw new AuthFailure(signInFailure(errorName(error)));
  }
  return signedInUser();
}

/** The user a completed sign-in left behind; throws AuthFailure when Amplify holds none. */
async function signedInUser(): Promise<SessionUser> {
  const user = await currentUser();
  if (!user) throw new AuthFailure('Não foi possível concluir o login.');
  return user;
}

/**
 * Answers the sign-in's pending step (a new password, a six-digit code) and returns the signed-in user;
 * `incomplete` is said when Cognito asks for yet another step, `failure` words Cognito's refusal in pt-BR.
 */
async function answerChallenge(
  response: string,
  incomplete: string,
  failure: (error: unknown) => string,
): Promise<SessionUser> {
  try {
    const result = await confirmSignIn({ challengeResponse: response });
    if (!result.isSignedIn) throw new AuthFailure(incomplete);
  } catch (error) {
    if (error instanceof AuthFailure) throw error;
    console.error('confirmSignIn failed', error);
    throw new AuthFailure(failure(error));
  }
  return signedInUser();
}

/** Answers Cognito's NEW_PASSWORD_REQUIRED with the chosen password; throws AuthFailure with a pt-BR message. */
export function confirmNewPassword(password: string): Promise<SessionUser> {
  return answerChallenge(password, 'Não foi possível definir a nova senha.', (error) =>
    errorName(error) === 'InvalidPasswordException'
      ? 'A senha deve ter pelo menos 8 caracteres, uma letra maiúscula e um número.'
      : errorName(error) === 'NotAuthorizedException'
        ? 'A senha temporária expirou ou já foi usada. Entre de novo.'
        : 'Não foi possível definir a nova senha.',
  );
}

/** Answers the sign-in's TOTP step with the six-digit code; throws AuthFailure with a pt-BR message. */
export function confirmTotpCode(code: string): Promise<SessionUser> {
  return answerChallenge(code, 'Não foi possível concluir o login.', (error) =>
    codeFailure(errorName(error), 'Não foi possível confirmar o código. Tente novamente.'),
  );
}

export interface TotpSetup {
  /** The key to type into the app by hand (base32). */
  secret: string;
  /** The otpauth:// address the QR code carries. */
  uri: string;
}

/** Starts adding an authenticator app to the signed-in account (Cognito's AssociateSoftwareToken). */
export async function startTotpSetup(accountName: string): Promise<TotpSetup> {
  await ready();
  try {
    const output = await setUpTOTP();
    return { secret: output.sharedSecret, uri: output.getSetupUri(TOTP_ISSUER, accountName).toString() };
  } catch (error) {
    console.error('setUpTOTP failed', error);
    throw new AuthFailure(codeFailure(errorName(error), 'Não foi possível iniciar a configuração. Tente novamente.'));
  }
}

/** Checks the first code from the app, then makes TOTP the account's way to confirm a sign-in. */
export async function finishTotpSetup(code: string): Promise<void> {
  try {
    await verifyTOTPSetup({ code });
    await updateMFAPreference({ totp: 'PREFERRED' });
  } catch (error) {
    console.error('verifyTOTPSetup failed', error);
    throw new AuthFailure(codeFailure(errorName(error), 'Não foi possível ativar a verificação em duas etapas. Tente novamente.'));
  }
}

/** Removes Amplify's tokens from this browser (used when the server call of signOut fails). */
function clearLocalSession(): void {
  try {
    const keys: string[] = [];
    for (let index = 0; index < window.localStorage.length; index += 1) {
      const key = window.localStorage.key(index);
      if (key?.startsWith('CognitoIdentityServiceProvider.')) keys.push(key);
    }
    for (const key of keys) window.localStorage.removeItem(key);
  } catch {
    // storage unavailable: nothing to clear
  }
}

/** Signs out; returns false when the server side failed (the local session is removed anyway). */
export async function signOutUser(): Promise<boolean> {
  try {
    await ready();
    // Global: Cognito revokes the refresh tokens too, so a copied session cannot be renewed after "Sair".
    await signOut({ global: true });
    return true;
  } catch (error) {
    console.error('signOut failed', error);
    clearLocalSession();
    return false;
  }
}

export function listen(handler: (event: AuthEvent) => void): () => void {
  return Hub.listen('auth', ({ payload }) => {
    switch (payload.event) {
      case 'signedIn':
      case 'signedOut':
      case 'tokenRefresh':
      case 'tokenRefresh_failure':
        handler(payload.event);
        break;
      default:
        break;
    }
  });
}
