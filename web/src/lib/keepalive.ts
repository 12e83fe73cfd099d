// Requests that outlive the page, apart from the client so that only the article page (reading history) loads them.
import { accessToken } from './api';
import { loadConfig } from './config';
import type { PreparedRequest } from './keepalive-post';

export { postKeepalive, type PreparedRequest } from './keepalive-post';

export async function prepareRequest(): Promise<PreparedRequest> {
  const config = await loadConfig();
  return { apiBase: config.apiBase, token: await accessToken() };
}
