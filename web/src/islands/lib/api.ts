// Anonymous calls of the portal API from islands: the address comes from /config.json, as in the app
// (web/src/lib/api.ts, which also brings the sign-in client and is not for islands).
import { loadConfig } from '../../lib/config';

/**
 * GET `path` of the API as JSON (as the signed-in reader when given their token: lib/session.ts);
 * throws on a network failure or an answer that is not 2xx.
 */
export async function apiGet<T>(path: string, { signal, token }: { signal?: AbortSignal; token?: string } = {}): Promise<T> {
  const { apiBase } = await loadConfig();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (token) headers.Authorization = `Bearer ${token}`;
  const response = await fetch(`${apiBase}${path}`, { headers, signal });
  if (!response.ok) throw new Error(`GET ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** POST `body` as JSON to `path`, outliving the page if it is left; failures are the caller's. */
export async function apiPost(path: string, body: unknown): Promise<Response> {
  const { apiBase } = await loadConfig();
  return fetch(`${apiBase}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body: JSON.stringify(body),
    keepalive: true,
  });
}
