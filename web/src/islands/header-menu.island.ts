// The header (web/src/components/Header.tsx) for a reader without the app: the phone's burger opens a
// drawer with the links and buttons the app's MobileMenu shows a signed-out reader, and "Inscreva-se"
// opens /auth on its sign-up tab as the app's link does. The search form is a plain GET form already.
// Styles: .island-drawer* in web/src/styles/site.css.
import { headerLinks } from '../components/header-nav';
import type { Island } from './lib/island';

/** The drawer's links: the app's, for a signed-out reader. */
const LINKS = headerLinks(false, [], true);

const DRAWER_ID = 'island-menu';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
}

/**
 * The app's sign-up link carries router state ({ tab: 'signup' }), which a plain link cannot: the same
 * entry is made the way React Router makes it (history.state.usr) and loaded, so /auth's app reads it.
 */
function openAuthTab(event: MouseEvent, link: HTMLAnchorElement) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  event.preventDefault();
  history.pushState({ usr: { tab: link.dataset.authTab }, key: Math.random().toString(36).slice(2, 10), idx: 0 }, '', link.href);
  location.reload();
}

function buildDrawer(header: HTMLElement): HTMLElement {
  const drawer = element('div', 'island-drawer');
  drawer.id = DRAWER_ID;
  drawer.hidden = true;
  const overlay = element('div', 'island-drawer-overlay');
  const panel = element('div', 'island-drawer-panel');
  panel.setAttribute('role', 'dialog');
  panel.setAttribute('aria-modal', 'true');
  panel.setAttribute('aria-labelledby', `${DRAWER_ID}-title`);
  panel.tabIndex = -1;

  const top = element('div', 'island-drawer-top');
  const title = element('h2', 'island-drawer-title', 'Portal Plural');
  title.id = `${DRAWER_ID}-title`;
  const close = element('button', 'island-drawer-close');
  close.type = 'button';
  close.setAttribute('aria-label', 'Fechar menu');
  close.innerHTML = '<svg viewBox="0 0 15 15" width="18" height="18" aria-hidden="true"><path fill="currentColor" d="M11.8 3.9a.5.5 0 0 0-.7-.7L7.5 6.8 3.9 3.2a.5.5 0 0 0-.7.7l3.6 3.6-3.6 3.6a.5.5 0 0 0 .7.7l3.6-3.6 3.6 3.6a.5.5 0 0 0 .7-.7L8.2 7.5l3.6-3.6Z"/></svg>';
  top.append(title, close);

  const nav = element('nav', 'island-drawer-nav');
  nav.setAttribute('aria-label', 'Navegação');
  const here = location.pathname;
  for (const { label, to } of LINKS) {
    const link = element('a', 'island-drawer-link', label);
    link.href = to;
    if (to === here) link.setAttribute('aria-current', 'page');
    nav.append(link);
  }

  // The header's own signed-out buttons (server-rendered, hidden on phones), full width.
  const actions = element('div', 'island-drawer-actions');
  for (const button of header.querySelectorAll<HTMLAnchorElement>('.header-guest a')) {
    const copy = button.cloneNode(true) as HTMLAnchorElement;
    copy.setAttribute('data-block', '');
    copy.style.width = '100%';
    actions.append(copy);
  }

  panel.append(top, nav, actions);
  drawer.append(overlay, panel);
  return drawer;
}

const headerMenu: Island = (header) => {
  header.addEventListener('click', (event) => {
    const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-auth-tab]') : null;
    if (link) openAuthTab(event, link);
  });

  const burger = header.querySelector<HTMLButtonElement>('.mantine-Burger-root');
  if (!burger) return;
  const lines = burger.querySelector<HTMLElement>('.mantine-Burger-burger');
  let drawer: HTMLElement | null = null;
  burger.setAttribute('aria-expanded', 'false');
  burger.setAttribute('aria-controls', DRAWER_ID);

  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      setOpen(false);
      return;
    }
    // Focus stays inside the open dialog.
    if (event.key !== 'Tab' || !drawer) return;
    const focusable = [...drawer.querySelectorAll<HTMLElement>('a[href], button')];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  function setOpen(open: boolean) {
    if (open && !drawer) {
      drawer = buildDrawer(header);
      drawer.querySelector('.island-drawer-overlay')?.addEventListener('click', () => setOpen(false));
      drawer.querySelector('.island-drawer-close')?.addEventListener('click', () => setOpen(false));
      drawer.addEventListener('click', (event) => {
        const link = event.target instanceof Element ? event.target.closest<HTMLAnchorElement>('a[data-auth-tab]') : null;
        if (link) openAuthTab(event, link);
      });
      // After the header in the document: the header's burger stays first in the tab order.
      header.after(drawer);
    }
    if (!drawer || drawer.hidden === !open) return;
    drawer.hidden = !open;
    burger!.setAttribute('aria-expanded', String(open));
    if (lines) lines.toggleAttribute('data-opened', open);
    document.documentElement.classList.toggle('island-drawer-open', open);
    if (open) {
      document.addEventListener('keydown', onKey);
      drawer.querySelector<HTMLElement>('.island-drawer-link')?.focus();
    } else {
      document.removeEventListener('keydown', onKey);
      burger!.focus();
    }
  }

  burger.addEventListener('click', () => setOpen(Boolean(drawer?.hidden ?? true)));
  // Widening past the phone layout (the burger hides) closes it.
  matchMedia('(min-width: 62em)').addEventListener('change', (event) => {
    if (event.matches) setOpen(false);
  });
};

export default headerMenu;
