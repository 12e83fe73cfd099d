// The header's buttons on a public page without the app (Header.tsx marks its actions with this island):
// Login and Inscreva-se for an anonymous reader; for a signed-in one what the app's header shows them
// (their role's links, Dashboard, Escrever when allowed, Sair), from the session Amplify left in this
// browser and /api/me. The phone's drawer is built from this same header markup.
import { MESSAGES } from '../../../shared/messages';
import type { Role } from '../../../shared/roles';
import { headerLinks, offersWriting } from '../components/header-nav';
import type { Island } from './lib/island';
import { mantineButton } from './lib/button';
import { openWithState } from './lib/navigate';
import { accessToken, hasSession, loadMe, signOut } from './lib/session';
import { toast } from './lib/toast';

/** On the nav links this island added (the role's links), to take them away again on sign-out. */
const ADDED = 'data-session-link';

function syncLinks(nav: Element | null, signedIn: boolean, roles: readonly Role[]) {
  if (!nav) return;
  for (const link of nav.querySelectorAll(`[${ADDED}]`)) link.remove();
  const model = nav.querySelector<HTMLAnchorElement>('a:not([aria-current])') ?? nav.querySelector('a');
  if (!model) return;
  const present = new Set([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href')));
  for (const item of headerLinks(signedIn, roles, false)) {
    if (present.has(item.to)) continue;
    const link = model.cloneNode(true) as HTMLAnchorElement;
    link.setAttribute('href', item.to);
    link.setAttribute(ADDED, '');
    link.classList.toggle('active', location.pathname === item.to);
    if (location.pathname === item.to) link.setAttribute('aria-current', 'page');
    link.textContent = item.label;
    nav.append(link);
  }
}

function signedOut(element: HTMLElement) {
  const signUp = mantineButton('Inscreva-se', 'filled', '/auth');
  // The app opens /auth on its Cadastrar tab through the router's state.
  signUp.addEventListener('click', (event) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    openWithState('/auth', { tab: 'signup' });
  });
  element.replaceChildren(mantineButton('Login', 'default', '/auth'), signUp);
  syncLinks(element.closest('header')?.querySelector('nav') ?? null, false, []);
}

function signedIn(element: HTMLElement, roles: readonly Role[]) {
  const buttons: HTMLElement[] = [mantineButton('Dashboard', 'subtle', '/dashboard')];
  if (offersWriting(roles)) buttons.push(mantineButton('Escrever', 'filled', '/create'));
  const leave = mantineButton('Sair', 'default');
  leave.addEventListener('click', () => {
    leave.setAttribute('disabled', '');
    void signOut().then((ok) => {
      if (ok) toast(MESSAGES.signOutSuccess);
      else toast(MESSAGES.signOutError, 'error');
      signedOut(element);
    });
  });
  buttons.push(leave);
  element.replaceChildren(...buttons);
  syncLinks(element.closest('header')?.querySelector('nav') ?? null, true, roles);
}

const session: Island = async (element) => {
  if (!hasSession() || !(await accessToken())) {
    signedOut(element);
    return;
  }
  // Without /api/me (a failed call) the reader still gets their session's buttons, with no role's links.
  const me = await loadMe().catch(() => null);
  signedIn(element, me?.roles ?? []);
};

export default session;
