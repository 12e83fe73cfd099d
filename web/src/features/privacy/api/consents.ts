// The consent records of the privacy API (lambdas/privacy): public, with the reader's token when
// there is a session (the record is then the account's too).
import type { ConsentInput } from '../../../../../shared/privacy';
import { api } from '../../../lib/api';

export const recordConsent = (input: ConsentInput) => api.post<{ recorded_at: string }>('/privacy/consents', input);
