// The reader's side of the newsletter API (lambdas/newsletter): the sign-up boxes, the pages the
// e-mails link to, and a signed-in reader's own subscription. Public pages load this module, so it
// holds calls only (the master's are in newsletter.ts).
import type { MyNewsletter } from '../../../../../shared/newsletter-rules';
import { api } from '../../../lib/api';

export interface SignupInput {
  email: string;
  source: 'home' | 'article' | 'footer';
  /** The path of the page the box was on. */
  source_page: string;
  consent_version: string;
}

/** Anonymous on purpose: the address typed is the one subscribed, whoever is signed in. */
export const signup = (input: SignupInput) => api.post<{ message: string }>('/newsletter/signup', input, { auth: false });

export const confirmSubscription = (token: string) => api.post<{ message: string; email: string }>('/newsletter/confirm', { token }, { auth: false });

export const unsubscribe = (token: string) => api.post<{ message: string }>('/newsletter/unsubscribe', { token }, { auth: false });

export const fetchMyNewsletter = (signal?: AbortSignal) => api.get<MyNewsletter>('/newsletter/me', { signal });

export const updateMyNewsletter = (subscribed: boolean, consentVersion?: string) =>
  api.put<MyNewsletter>('/newsletter/me', { subscribed, ...(consentVersion ? { consent_version: consentVersion } : {}) });
