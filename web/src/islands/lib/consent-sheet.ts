// The consent banner of the islands (the app's is features/privacy/components/ConsentPanel.tsx: keep
// the two saying and doing the same). A bottom sheet that leaves the page readable (no overlay, no
// focus trap). First "Aceitar todos", "Rejeitar" or "Escolher"; "Escolher" (and "Preferências de
// cookies") shows a switch per purpose that needs consent. Loaded only when the sheet is shown.
import { CONSENT_LABELS, CONSENT_PURPOSES, type ConsentPurpose } from '../../../../shared/consent-rules';
import { PRIVACY_MESSAGES } from '../../../../shared/privacy-rules';
import type { StoredConsent } from '../../features/audience/consent';
import { chooseConsent, closeConsentPreferences, saveConsent, type BannerMode } from '../../features/privacy/consent-state';
import { PRIVACY_PATH } from '../../features/privacy/paths';
import { toast } from './toast';

const TITLE_ID = 'consent-sheet-title';

type Child = Node | string | false | null | undefined;

/** A small element builder: attributes (on* become listeners), then children. */
function h(tag: string, attributes: Record<string, string | boolean | EventListener | undefined> = {}, ...children: Child[]): HTMLElement {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(attributes)) {
    if (typeof value === 'function') element.addEventListener(name.slice(2), value);
    else if (value === true) element.setAttribute(name, '');
    else if (typeof value === 'string') element.setAttribute(name, value);
  }
  for (const child of children) if (child) element.append(child);
  return element;
}

let sheet: HTMLElement | null = null;
let observer: ResizeObserver | null = null;
/** What had the focus before the preferences took it (given back when they close). */
let before: Element | null = null;
let onKey: ((event: KeyboardEvent) => void) | null = null;

function close() {
  observer?.disconnect();
  observer = null;
  if (onKey) document.removeEventListener('keydown', onKey);
  onKey = null;
  sheet?.remove();
  sheet = null;
  document.body.style.paddingBottom = '';
}

/** Shows the sheet in the mode the consent state asks for (or removes it: 'closed'). */
export function renderConsentSheet(host: HTMLElement, mode: BannerMode, choice: StoredConsent | null): void {
  const wasChoosing = sheet?.dataset.mode === 'choose';
  close();
  if (mode === 'closed') {
    if (wasChoosing && before instanceof HTMLElement && before.isConnected) before.focus();
    before = null;
    return;
  }
  const choosing = mode === 'choose';
  const values: Record<ConsentPurpose, boolean> = { ads: choice?.ads ?? false, personalization: choice?.personalization ?? false };
  const buttons: HTMLButtonElement[] = [];

  const save = (next: { ads: boolean; personalization: boolean }) => () => {
    for (const button of buttons) button.disabled = true;
    // The choice holds even if its record fails: that is sent again on the next page load.
    saveConsent(next, 'banner').catch(() => undefined);
    if (choosing) toast(PRIVACY_MESSAGES.consentSaved);
  };
  const button = (label: string, look: 'filled' | 'default' | 'subtle', onclick: EventListener) => {
    const element = h('button', { type: 'button', class: `consent-button consent-button-${look}`, onclick }, label) as HTMLButtonElement;
    buttons.push(element);
    return element;
  };

  const switches = new Map<ConsentPurpose, HTMLInputElement>();
  const purposes = choosing
    ? h(
        'div',
        { class: 'consent-purposes' },
        h('div', {}, h('p', { class: 'consent-purpose-title' }, 'Contagem de visitas (sempre ativa)'), h('p', { class: 'consent-dimmed' }, 'Contamos as páginas lidas sem cookies e sem identificar você. Não precisa de consentimento.')),
        ...CONSENT_PURPOSES.map((purpose) => {
          const id = `consent-${purpose}`;
          const input = h('input', {
            type: 'checkbox',
            role: 'switch',
            id,
            class: 'consent-switch-input',
            'aria-describedby': `${id}-description`,
            onchange: () => {
              values[purpose] = input.checked;
              // Personalisation means nothing without ads.
              if (purpose === 'ads' && !input.checked) values.personalization = false;
              sync();
            },
          }) as HTMLInputElement;
          switches.set(purpose, input);
          return h(
            'div',
            { class: 'consent-switch' },
            input,
            h('div', {}, h('label', { for: id, class: 'consent-purpose-title' }, CONSENT_LABELS[purpose].title), h('p', { id: `${id}-description`, class: 'consent-dimmed' }, CONSENT_LABELS[purpose].description)),
          );
        }),
      )
    : null;
  const sync = () => {
    for (const [purpose, input] of switches) {
      input.checked = values[purpose];
      input.disabled = purpose === 'personalization' && !values.ads;
    }
  };
  sync();

  const heading = h('h2', { id: TITLE_ID, tabindex: '-1', class: 'consent-title' }, choosing ? 'Preferências de cookies' : 'Sua privacidade no Portal Plural');
  sheet = h(
    'section',
    { role: 'dialog', 'aria-modal': 'false', 'aria-labelledby': TITLE_ID, class: 'consent-sheet', 'data-mode': mode },
    h('div', { class: 'consent-head' }, heading, choosing && choice && h('button', { type: 'button', class: 'consent-close', 'aria-label': 'Fechar sem alterar', onclick: () => closeConsentPreferences() }, '×')),
    h(
      'p',
      { class: 'consent-text' },
      choosing
        ? 'Escolha o que pode ser carregado além do próprio portal. Você pode mudar isso quando quiser, em “Preferências de cookies”, no rodapé. '
        : 'Contamos as visitas sem cookies. Os anúncios do Google, que usam cookies, e a personalização deles só com a sua permissão. ',
      h('a', { href: PRIVACY_PATH }, 'Política de Privacidade'),
    ),
    purposes,
    // Rejecting is as plain as accepting: the same look, one click each.
    h(
      'div',
      { class: 'consent-actions' },
      ...(choosing
        ? [button('Rejeitar', 'default', save({ ads: false, personalization: false })), button('Aceitar todos', 'default', save({ ads: true, personalization: true })), button('Salvar preferências', 'filled', () => save({ ...values })())]
        : [button('Escolher', 'subtle', () => chooseConsent()), button('Rejeitar', 'filled', save({ ads: false, personalization: false })), button('Aceitar todos', 'filled', save({ ads: true, personalization: true }))]),
    ),
  );
  host.append(sheet);

  // The page gets room below its end for the sheet, so the footer can still be scrolled into view.
  const shown = sheet;
  if (typeof ResizeObserver !== 'undefined') {
    observer = new ResizeObserver(() => {
      document.body.style.paddingBottom = `${shown.offsetHeight}px`;
    });
    observer.observe(shown);
  }
  // Opened on purpose: the reader lands on it and goes back where they were once it closes. The
  // first-visit banner takes no focus. Esc closes the preferences when there is a choice to fall back to.
  if (choosing) {
    if (!wasChoosing) before = document.activeElement;
    heading.focus();
    if (choice) {
      onKey = (event) => {
        if (event.key === 'Escape') closeConsentPreferences();
      };
      document.addEventListener('keydown', onKey);
    }
  }
}
