// The keepalive POST itself, without the API client: the islands of the public pages send their
// beacons with it and must not pull in the session code (lib/api.ts, Amplify).

/** The API base and the current access token, resolved ahead of time (see postKeepalive). */
export interface PreparedRequest {
  apiBase: string;
  token: string | null;
}

/**
 * A POST that starts synchronously, with a base and token resolved earlier, and outlives the page:
 * for pagehide and unmount, when there is no time left to wait for the session. Errors are ignored.
 */
export function postKeepalive(prepared: PreparedRequest, path: string, body: unknown): void {
  const headers: Record<string, string> = { Accept: 'application/json', 'Content-Type': 'application/json' };
  if (prepared.token) headers.Authorization = `Bearer ${prepared.token}`;
  try {
    fetch(`${prepared.apiBase}${path}`, { method: 'POST', headers, body: JSON.stringify(body), keepalive: true }).catch(
      () => undefined,
    );
  } catch {
    // keepalive bodies are capped (64 KB) and some browsers refuse during unload: nothing to do.
  }
}
