// The session Amplify keeps in localStorage, read and renewed without Amplify (about 37 KB gzip): the
// islands of a signed-in reader's public page call the API with it. Tokens are renewed the way Amplify
// renews them (GetTokensFromRefreshToken, expiry judged with its stored clock drift) and written back
// under its keys, so the app finds a valid session when the reader opens it. Keep in step with
// web/src/auth/client.ts (sign-out) and hasStoredSession (web/src/auth/load.ts).
import type { Me } from '../../../../shared/api-types';
import { SESSION_HINT_CLASS } from '../../../../shared/boot-script';
import { setPremiumHint, setStaffHint } from '../../auth/hints';
import { loadConfig } from '../../lib/config';
import { apiGet as anonymousGet } from './api';

const PREFIX = 'CognitoIdentityServiceProvider.';
const TARGET = 'AWSCognitoIdentityProviderService.';
/** Amplify's margin (isTokenExpired): a token this close to its end counts as expired. */
const TOLERANCE_MS = 5000;
/** What Amplify's clearTokens removes (its device keys stay, as there). */
const SESSION_KEYS = ['accessToken', 'idToken', 'clockDrift', 'refreshToken', 'signInDetails', 'oauthMetadata'];

interface Stored {
  /** `CognitoIdentityServiceProvider.<clientId>.<username>.` */
  base: string;
  lastUserKey: string;
  clientId: string;
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/** Where Amplify keeps this browser's session, or null without one (as the boot script finds it). */
function stored(): Stored | null {
  const store = storage();
  if (!store) return null;
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index) ?? '';
    if (!key.startsWith(PREFIX) || !key.endsWith('.LastAuthUser')) continue;
    const clientId = key.slice(PREFIX.length, -'.LastAuthUser'.length);
    const user = store.getItem(key);
    if (user) return { base: `${PREFIX}${clientId}.${user}.`, lastUserKey: key, clientId };
  }
  return null;
}

export const hasSession = () => stored() !== null;

/** The JWT's claims (no check: the API verifies the token; this only reads its expiry). */
function claims(token: string | null): Record<string, unknown> | null {
  const part = token?.split('.')[1];
  if (!part) return null;
  try {
    return JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as Record<string, unknown>;
  } catch {
    return null;
  }
}

function expired(token: string | null, drift: number): boolean {
  const exp = claims(token)?.exp;
  return typeof exp !== 'number' || Date.now() + drift + TOLERANCE_MS > exp * 1000;
}

async function endpoint(): Promise<string> {
  const config = await loadConfig();
  if (config.userPoolEndpoint) return new URL(config.userPoolEndpoint, window.location.origin).toString();
  // Amplify's default: the pool's region is the part of its id before the underscore.
  return `https://cognito-idp.${config.userPoolId.split('_')[0] ?? config.region}.amazonaws.com/`;
}

async function cognito<T>(operation: string, body: unknown): Promise<T> {
  const response = await fetch(await endpoint(), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET + operation, 'cache-control': 'no-store' },
    body: JSON.stringify(body),
  });
  const data = (await response.json().catch(() => ({}))) as T & { __type?: string };
  if (!response.ok) throw Object.assign(new Error(operation), { type: String(data.__type ?? '') });
  return data;
}

/** The errors after which Amplify drops the session (TokenOrchestrator.isAuthenticationError). */
const FINAL = /^(NotAuthorized|TokenRevoked|UserNotFound|PasswordResetRequired|UserNotConfirmed|RefreshTokenReuse)/;

/** Removes the session's tokens, as Amplify's clearTokens does, and the hints the boot script reads. */
export function clearSession(): void {
  const store = storage();
  const session = stored();
  if (store && session) {
    for (const key of SESSION_KEYS) store.removeItem(session.base + key);
    store.removeItem(session.lastUserKey);
  }
  setPremiumHint(false);
  setStaffHint(false);
  document.documentElement.classList.remove(SESSION_HINT_CLASS);
}

async function renew(session: Stored, store: Storage): Promise<string | null> {
  const refreshToken = store.getItem(`${session.base}refreshToken`);
  if (!refreshToken) return null;
  try {
    const deviceKey = store.getItem(`${session.base}deviceKey`) ?? undefined;
    const { AuthenticationResult: result } = await cognito<{ AuthenticationResult?: { AccessToken?: string; IdToken?: string; RefreshToken?: string } }>(
      'GetTokensFromRefreshToken',
      { ClientId: session.clientId, RefreshToken: refreshToken, DeviceKey: deviceKey },
    );
    const iat = claims(result?.AccessToken ?? null)?.iat;
    if (!result?.AccessToken || typeof iat !== 'number') return null;
    store.setItem(`${session.base}accessToken`, result.AccessToken);
    if (result.IdToken) store.setItem(`${session.base}idToken`, result.IdToken);
    if (result.RefreshToken) store.setItem(`${session.base}refreshToken`, result.RefreshToken);
    // Amplify's own measure of the drift: the server's issue time against this clock.
    store.setItem(`${session.base}clockDrift`, String(iat * 1000 - Date.now()));
    return result.AccessToken;
  } catch (error) {
    if (FINAL.test((error as { type?: string }).type ?? '')) clearSession();
    return null;
  }
}

let pending: Promise<string | null> | null = null;

/** The access token, renewed first when it (or the id token) has expired; null without a usable session. */
export function accessToken(): Promise<string | null> {
  pending ??= (async () => {
    const store = storage();
    const session = stored();
    if (!store || !session) return null;
    const token = store.getItem(`${session.base}accessToken`);
    const idToken = store.getItem(`${session.base}idToken`);
    const drift = Number.parseInt(store.getItem(`${session.base}clockDrift`) ?? '0', 10) || 0;
    if (token && !expired(token, drift) && (!idToken || !expired(idToken, drift))) return token;
    return renew(session, store);
  })().finally(() => {
    // Asked again later (a sign-out), the tokens are read afresh.
    setTimeout(() => (pending = null), 0);
  });
  return pending;
}

/** GET on the API as the signed-in reader; null when there is no session. Throws on a failed answer. */
export async function apiGet<T>(path: string): Promise<T | null> {
  const token = await accessToken();
  return token ? anonymousGet<T>(path, { token }) : null;
}

let me: Promise<Me | null> | null = null;

/** The reader's profile, roles and subscription (/api/me), once per page; it also refreshes the premium hint. */
export function loadMe(): Promise<Me | null> {
  me ??= apiGet<Me>('/me').then((value) => {
    if (value) setPremiumHint(value.subscription.subscribed);
    // A member of the newsroom gets the app from the next page on (shared/boot-script.ts).
    if (value) setStaffHint(value.roles.length > 0);
    // A subscriber sees no ads: the app renders no slot for them (AdSlot), so the page drops the server's.
    if (value?.subscription.subscribed) for (const slot of document.querySelectorAll('.ad-slot')) slot.remove();
    return value;
  });
  return me;
}

/** Signs out as the app does (global: Cognito revokes the refresh tokens), then clears the session; false when the server call failed. */
export async function signOut(): Promise<boolean> {
  let ok = false;
  try {
    const token = await accessToken();
    if (token) {
      await cognito('GlobalSignOut', { AccessToken: token });
      ok = true;
    }
  } catch {
    ok = false;
  }
  clearSession();
  me = null;
  window.dispatchEvent(new Event(SIGNED_OUT_EVENT));
  return ok;
}

/** On window, after a sign-out from an island: islands that showed the reader's view put the anonymous one back. */
export const SIGNED_OUT_EVENT = 'portal:signed-out';

