// The consent island (the app's is features/privacy/components/ConsentBanner.tsx). On the layout's
// page-wide element it shows the banner while there is no choice on the current text, and the
// preferences when asked; the sheet's code loads only then. On a "Preferências de cookies" button
// (the footer, the privacy page) it opens the preferences.
import { consentState, openConsentPreferences, resendUnsentConsent, subscribeConsent } from '../features/privacy/consent-state';
import type { Island } from './lib/island';

let sheet: Promise<typeof import('./lib/consent-sheet')> | null = null;

const consent: Island = async (element) => {
  if (element instanceof HTMLButtonElement) {
    element.addEventListener('click', () => openConsentPreferences());
    return;
  }
  resendUnsentConsent();
  const render = async () => {
    if (consentState().banner === 'closed' && !sheet) return;
    sheet ??= import('./lib/consent-sheet');
    const { renderConsentSheet } = await sheet;
    // Read after the wait: the state may have changed meanwhile.
    const { banner, choice } = consentState();
    renderConsentSheet(element, banner, choice);
  };
  subscribeConsent(() => void render().catch((error: unknown) => console.error('consent banner failed', error)));
  await render();
};

export default consent;
