// The sign-up box's rules, shared by the React box (components/NewsletterSignup.tsx) and the anonymous
// reader's island (web/src/islands/newsletter.island.ts). Pure: no React, no API client.
import { SIGNUP_MESSAGES } from '../../../../../shared/newsletter-signup-rules';

// The server checks the address for real; this only saves a round trip for an obvious typo.
export const LOOKS_LIKE_EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** What the box says when the sign-up failed: the server's words for a 4xx, a retry hint otherwise (0: no answer). */
export function signupFailure(status: number, message: string | undefined): string {
  if (status === 429) return SIGNUP_MESSAGES.tooManySignups;
  return status >= 400 && status < 500 && message ? message : SIGNUP_MESSAGES.signupError;
}
