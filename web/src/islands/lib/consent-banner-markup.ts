// The consent banner's first screen as HTML, for the document of a rendered page
// (lambdas/pages/document.ts puts it after #root, outside React). The boot script shows it before the
// first paint when this browser has no choice on the current text (shared/boot-script.ts), so the
// banner is painted with the page instead of popping up once the islands load (it was the largest
// paint of a short page such as /busca). The consent island binds its buttons (data-consent). The same
// look and words as the sheet the island draws (lib/consent-sheet.ts); keep the two in step.
import { PRIVACY_PATH } from '../../features/privacy/paths';

export const CONSENT_BANNER_ID = 'consent-banner';
/** What each of the banner's buttons does. */
export type BannerAction = 'choose' | 'reject' | 'accept';

const button = (action: BannerAction, look: 'filled' | 'subtle', label: string) =>
  `<button type="button" class="consent-button consent-button-${look}" data-consent="${action}">${label}</button>`;

export const CONSENT_BANNER_HTML =
  `<section id="${CONSENT_BANNER_ID}" role="dialog" aria-modal="false" aria-labelledby="${CONSENT_BANNER_ID}-title" class="consent-sheet" data-mode="banner" data-island="consent">` +
  `<div class="consent-head"><h2 id="${CONSENT_BANNER_ID}-title" tabindex="-1" class="consent-title">Sua privacidade no Portal Plural</h2></div>` +
  '<p class="consent-text">Contamos as visitas sem cookies. Os anúncios do Google, que usam cookies, e a personalização deles só com a sua permissão. ' +
  `<a href="${PRIVACY_PATH}">Política de Privacidade</a></p>` +
  `<div class="consent-actions">${button('choose', 'subtle', 'Escolher')}${button('reject', 'filled', 'Rejeitar')}${button('accept', 'filled', 'Aceitar todos')}</div>` +
  '</section>';
