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
