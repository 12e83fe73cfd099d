// How the editorial panels word a failed write: the spec's toast, plus the server's pt-BR reason for a 4xx.
import { ApiRequestError } from '../../../lib/api';

export function failureMessage(error: unknown, fallback: string): string {
  const reason = error instanceof ApiRequestError && error.status >= 400 && error.status < 500 ? error.message : '';
  return reason && reason !== fallback ? `${fallback} ${reason}` : fallback;
}

export const isNotFound = (error: unknown): boolean => error instanceof ApiRequestError && error.status === 404;
