// Lazy loader of the Amplify-backed auth client (a chunk of its own).
type AuthClient = typeof import('./client');

let pending: Promise<AuthClient> | null = null;

export function loadAuthClient(): Promise<AuthClient> {
  pending ??= import('./client').catch((error: unknown) => {
    pending = null;
    throw error;
  });
  return pending;
}

/**
 * Whether Amplify left a session in this browser. Anonymous visitors have none, so public pages
 * skip loading Amplify (about a fifth of their JavaScript) until someone signs in.
 */
export function hasStoredSession(): boolean {
  try {
    for (let index = 0; index < localStorage.length; index += 1) {
      const key = localStorage.key(index) ?? '';
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.LastAuthUser')) return true;
    }
  } catch {
    // Storage blocked: Amplify could not keep a session either.
  }
  return false;
}
