// /pricing for a signed-out reader without the app (PricingPage marks its plans with this island): the
// payment tabs switch, and choosing a way to pay or "Criar conta grátis" leads to /auth as the app does
// (with its notice, or on the Cadastrar tab). A reader with a session gets the app on this page.
import { SUBSCRIBE_NOTICE } from '../features/payments/notice';
import type { Island } from './lib/island';
import { openWithState } from './lib/navigate';

function select(tab: HTMLElement) {
  const list = tab.closest('[role="tablist"]');
  for (const other of list?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []) {
    const active = other === tab;
    other.setAttribute('aria-selected', String(active));
    other.toggleAttribute('data-active', active);
    other.tabIndex = active ? 0 : -1;
    const panel = document.getElementById(other.getAttribute('aria-controls') ?? '');
    if (panel) panel.style.display = active ? '' : 'none';
  }
}

const pricing: Island = (element) => {
  element.addEventListener('click', (event) => {
    const target = event.target instanceof Element ? event.target : null;
    const tab = target?.closest<HTMLElement>('[role="tab"]');
    if (tab) {
      select(tab);
      return;
    }
    const signUp = target?.closest('a[href="/auth"]');
    if (signUp && event.button === 0 && !(event instanceof MouseEvent && (event.metaKey || event.ctrlKey || event.shiftKey))) {
      event.preventDefault();
      openWithState('/auth', { tab: 'signup' });
      return;
    }
    // Any way to pay: subscribing asks a signed-out reader to sign in first.
    if (target?.closest('button, [role="radio"]')) openWithState('/auth', SUBSCRIBE_NOTICE);
  });
};

export default pricing;
