// The header's buttons on a public page without the app (Header.tsx marks its actions with this island).
// The server renders the signed-out buttons for everyone (the page is cached), hidden in a browser
// holding a session (the boot script's has-session class) behind a placeholder. For such a browser this
// island draws what the app's header shows a signed-in reader — their role's links, Dashboard,
// Escrever when allowed, Sair — from the session Amplify left and /api/me; without a usable session, or
// after Sair, it takes the class away and the signed-out buttons show. The phone's drawer copies the
// header as it stands (header-menu.island.ts). An anonymous reader loads nothing more than this file.
import { SESSION_HINT_CLASS } from '../../../shared/boot-script';
import type { Island } from './lib/island';

const session: Island = async (element) => {
  const html = document.documentElement;
  if (!html.classList.contains(SESSION_HINT_CLASS)) return;
  const [{ MESSAGES }, { headerLinks, offersWriting }, { mantineButton }, { accessToken, hasSession, loadMe, signOut }, { toast }] = await Promise.all([
    import('../../../shared/messages'),
    import('../components/header-nav'),
    import('./lib/button'),
    import('./lib/session'),
    import('./lib/toast'),
  ]);
  const header = element.closest('header');
  const nav = header?.querySelector('nav');
  /** On the nav links this island added (the role's links), to take them away again on sign-out. */
  const added = 'data-session-link';

  function syncLinks(signedIn: boolean, roles: readonly string[]) {
    if (!nav) return;
    for (const link of nav.querySelectorAll(`[${added}]`)) link.remove();
    const model = nav.querySelector<HTMLAnchorElement>('a:not([aria-current])') ?? nav.querySelector('a');
    if (!model || !signedIn) return;
    const present = new Set([...nav.querySelectorAll('a')].map((link) => link.getAttribute('href')));
    for (const item of headerLinks(true, roles as Parameters<typeof headerLinks>[1], false)) {
      if (present.has(item.to)) continue;
      const link = model.cloneNode(true) as HTMLAnchorElement;
      link.setAttribute('href', item.to);
      link.setAttribute(added, '');
      link.classList.toggle('active', location.pathname === item.to);
      if (location.pathname === item.to) link.setAttribute('aria-current', 'page');
      else link.removeAttribute('aria-current');
      link.textContent = item.label;
      nav.append(link);
    }
  }

  function signedOut() {
    element.querySelector('.header-member')?.remove();
    syncLinks(false, []);
    html.classList.remove(SESSION_HINT_CLASS);
  }

  if (!hasSession() || !(await accessToken())) {
    signedOut();
    return;
  }
  // Without /api/me (a failed call) the reader still gets their session's buttons, with no role's links.
  const me = await loadMe().catch(() => null);
  const roles = me?.roles ?? [];
  const member = document.createElement('span');
  member.className = 'header-member';
  member.append(mantineButton('Dashboard', 'subtle', '/dashboard'));
  if (offersWriting(roles)) member.append(mantineButton('Escrever', 'filled', '/create'));
  const leave = mantineButton('Sair', 'default');
  leave.addEventListener('click', () => {
    leave.setAttribute('disabled', '');
    void signOut().then((ok) => {
      if (ok) toast(MESSAGES.signOutSuccess);
      else toast(MESSAGES.signOutError, 'error');
      signedOut();
    });
  });
  member.append(leave);
  element.querySelector('.header-pending')?.remove();
  element.append(member);
  syncLinks(true, roles);
};

export default session;
