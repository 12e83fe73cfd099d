// The consent island (the app's is features/privacy/components/ConsentBanner.tsx), on three kinds of
// element:
// - the banner the document carries (lib/consent-banner-markup.ts), painted with the page when there is
//   no choice on the current text: its buttons choose, and it goes once the banner's state moves on;
// - the layout's page-wide element: the preferences when asked, and the banner again if they close
//   with no choice; the sheet's code loads only then;
// - a "Preferências de cookies" button (the footer, the privacy page): it opens the preferences.
import { CONSENT_NEEDED_CLASS } from '../../../shared/boot-script';
import {
  chooseConsent,
  consentState,
  openConsentPreferences,
  resendUnsentConsent,
  saveConsent,
  subscribeConsent,
} from '../features/privacy/consent-state';
import { CONSENT_BANNER_ID, type BannerAction } from './lib/consent-banner-markup';
import type { Island } from './lib/island';

let sheet: Promise<typeof import('./lib/consent-sheet')> | null = null;

/** The document's banner, while it is the one shown. */
const paintedBanner = () =>
  document.documentElement.classList.contains(CONSENT_NEEDED_CLASS) ? document.getElementById(CONSENT_BANNER_ID) : null;

function dropPaintedBanner() {
  document.getElementById(CONSENT_BANNER_ID)?.remove();
  document.documentElement.classList.remove(CONSENT_NEEDED_CLASS);
  document.body.style.paddingBottom = '';
}

function bindPaintedBanner(banner: HTMLElement) {
  const buttons = [...banner.querySelectorAll<HTMLButtonElement>('button[data-consent]')];
  const act = (action: BannerAction) => {
    if (action === 'choose') return chooseConsent();
    for (const button of buttons) button.disabled = true;
    // The choice holds even if its record fails: that is sent again on the next page load.
    saveConsent({ ads: action === 'accept', personalization: action === 'accept' }, 'banner').catch(() => undefined);
  };
  for (const button of buttons) button.addEventListener('click', () => act(button.dataset.consent as BannerAction));
  // The page gets room below its end for the banner, so the footer can still be scrolled into view.
  const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(() => (document.body.style.paddingBottom = `${banner.offsetHeight}px`));
  observer?.observe(banner);
  const stop = subscribeConsent(() => {
    if (consentState().banner === 'banner') return;
    stop();
    observer?.disconnect();
    dropPaintedBanner();
  });
}

const consent: Island = async (element) => {
  if (element instanceof HTMLButtonElement) {
    element.addEventListener('click', () => openConsentPreferences());
    return;
  }
  if (element.id === CONSENT_BANNER_ID) {
    if (paintedBanner() && consentState().banner === 'banner') bindPaintedBanner(element);
    else dropPaintedBanner();
    return;
  }
  resendUnsentConsent();
  const render = async () => {
    // The document's banner stands for the first screen while it is shown.
    if (consentState().banner === 'banner' && paintedBanner()) return;
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
