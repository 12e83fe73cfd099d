// The header (web/src/components/Header.tsx) for a reader without the app: the phone's burger opens a
// drawer with the links and buttons the app's MobileMenu shows, built from the header as it stands
// when it opens (signed out, or what the session island drew). The search form is a plain GET form.
// Styles: .island-drawer* in web/src/styles/site.css.
import { headerLinks } from '../components/header-nav';
import type { Island } from './lib/island';

/** The links only the drawer adds to the header's (the app's MobileMenu). */
const DRAWER_LINKS = headerLinks(false, [], true);

const DRAWER_ID = 'island-menu';

function element<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, text?: string): HTMLElementTagNameMap[K] {
  const node = document.createElement(tag);
  node.className = className;
  if (text) node.textContent = text;
  return node;
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

  // The header's links as they stand (the session island adds a signed-in reader's), then the
  // drawer's own (Assinatura).
  const nav = element('nav', 'island-drawer-nav');
  nav.setAttribute('aria-label', 'Navegação');
  const here = location.pathname;
  const shown = [...header.querySelectorAll<HTMLAnchorElement>('nav a[href]')].map((link) => ({ label: link.textContent ?? '', to: link.getAttribute('href') ?? '/' }));
  const extra = DRAWER_LINKS.filter((item) => !shown.some((link) => link.to === item.to));
  for (const { label, to } of [...shown, ...extra]) {
    const link = element('a', 'island-drawer-link', label);
    link.href = to;
    if (to === here) link.setAttribute('aria-current', 'page');
    nav.append(link);
  }

  // The header's buttons (hidden on phones), full width: a signed-in reader's when the session island
  // drew them, else the server's signed-out ones. A copied button acts through its original.
  const actions = element('div', 'island-drawer-actions');
  const member = header.querySelector('.header-member');
  for (const original of (member ?? header).querySelectorAll<HTMLElement>(member ? 'a, button' : '.header-guest a')) {
    const copy = original.cloneNode(true) as HTMLElement;
    copy.setAttribute('data-block', '');
    copy.style.width = '100%';
    if (original instanceof HTMLButtonElement) copy.addEventListener('click', () => original.click());
    actions.append(copy);
  }

  panel.append(top, nav, actions);
  drawer.append(overlay, panel);
  return drawer;
}

const headerMenu: Island = (header) => {
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
    if (open && drawer?.hidden !== false) {
      // Built anew at each opening: a sign-in or sign-out since the last one changes it.
      drawer?.remove();
      drawer = buildDrawer(header);
      drawer.querySelector('.island-drawer-overlay')?.addEventListener('click', () => setOpen(false));
      drawer.querySelector('.island-drawer-close')?.addEventListener('click', () => setOpen(false));
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
