// The system API (lambdas/system).
import { api } from '../../../lib/api';

/** Tells the server which missing address a visitor tried (it logs it); failures are ignored. */
export function reportNotFound(path: string): void {
  api.post<void>('/not-found', { path }, { auth: false }).catch(() => undefined);
}
