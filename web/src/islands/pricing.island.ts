// /pricing for a signed-out reader without the app (PricingPage marks its plans with this island): the
// payment tabs switch, and choosing a way to pay or "Criar conta grátis" leads to /auth as the app does
// (with its notice; "Criar conta grátis" is a plain link to the Cadastrar tab). A reader with a
// session gets the app on this page.
import { AUTH_SUBSCRIBE_PATH } from '../components/header-nav';
import type { Island } from './lib/island';

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
    // Any way to pay: subscribing asks a signed-out reader to sign in first.
    if (target?.closest('button, [role="radio"]')) location.assign(AUTH_SUBSCRIBE_PATH);
  });
};

export default pricing;
