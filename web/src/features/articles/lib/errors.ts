// How the articles screens word a failed request: the server's pt-BR message for 4xx, a fallback otherwise.
import { ApiRequestError } from '../../../lib/api';

export const isClientError = (error: unknown): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status >= 400 && error.status < 500;

export const hasStatus = (error: unknown, status: number): error is ApiRequestError =>
  error instanceof ApiRequestError && error.status === status;

export function requestMessage(error: unknown, fallback: string): string {
  return isClientError(error) && error.message ? error.message : fallback;
}
