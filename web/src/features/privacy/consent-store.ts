// The app's side of the reader's consent (consent-state.ts holds it, without React): the hook of the
// banner and of Meus dados, and the record sent through the API client, with the reader's token when
// there is a session. The server renders no banner (its cached HTML is the same for everyone):
// useConsent's server snapshot is "closed", so the banner appears only after hydration.
import { useSyncExternalStore } from 'react';
import { recordConsent } from './api/consents';
import { consentState, setConsentRecorder, subscribeConsent, type ConsentState } from './consent-state';

export * from './consent-state';

setConsentRecorder(recordConsent);

const SERVER_STATE: ConsentState = { choice: null, banner: 'closed' };

/** The choice and the banner's mode; no banner on the server and while hydrating. */
export function useConsent(): ConsentState {
  return useSyncExternalStore(subscribeConsent, consentState, () => SERVER_STATE);
}
