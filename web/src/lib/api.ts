// JSON client of the portal API. Signed-in calls carry the Cognito access token as a Bearer token.
import type { ApiError } from '../../../shared/api-types';
import { MESSAGES } from '../../../shared/messages';
import { hasStoredSession, loadAuthClient } from '../auth/load';
import { loadConfig } from './config';

export class ApiRequestError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly field?: string,
    /** The API's stable code for a refusal the app handles (MFA_REQUIRED: two-step verification first). */
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions {
  body?: unknown;
  /** Send the access token when there is a session (default true). */
  auth?: boolean;
  signal?: AbortSignal;
  /** Let the request outlive the page (fetch keepalive), e.g. a record sent while the visitor leaves. */
  keepalive?: boolean;
}

/** The session's access token, or null without one (no Amplify load for anonymous visitors). */
export async function accessToken(): Promise<string | null> {
  if (!hasStoredSession()) return null;
  const client = await loadAuthClient();
  return client.accessToken();
}

export async function apiRequest<T>(method: Method, path: string, options: RequestOptions = {}): Promise<T> {
  const config = await loadConfig();
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (options.auth !== false) {
    const token = await accessToken();
    if (token) headers.Authorization = `Bearer ${token}`;
  }
  let response: Response;
  try {
    response = await fetch(`${config.apiBase}${path}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiRequestError('Não foi possível conectar ao servidor. Verifique sua conexão.', 0);
  }
  if (response.status === 204) return undefined as T;
  const data: unknown = await response.json().catch(() => null);
  if (!response.ok) {
    const body = (data ?? {}) as Partial<ApiError>;
    // The HTTP API's JWT authorizer answers 401 in English before our code runs.
    if (response.status === 401) throw new ApiRequestError(MESSAGES.notAuthenticated, 401);
    throw new ApiRequestError(
      typeof body.message === 'string' && body.message ? body.message : MESSAGES.internal,
      response.status,
      typeof body.field === 'string' ? body.field : undefined,
      typeof body.code === 'string' ? body.code : undefined,
    );
  }
  return data as T;
}

export const api = {
  get: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('GET', path, options),
  post: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('POST', path, { ...options, body }),
  put: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PUT', path, { ...options, body }),
  patch: <T>(path: string, body?: unknown, options?: Omit<RequestOptions, 'body'>) =>
    apiRequest<T>('PATCH', path, { ...options, body }),
  delete: <T>(path: string, options?: Omit<RequestOptions, 'body'>) => apiRequest<T>('DELETE', path, options),
};

/** The pt-BR message of an error, or the fallback when it has none we can show. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiRequestError) return error.message || fallback;
  return fallback;
}
