// What the header offers for a visitor's state and roles (spec 2 "Header"), kept apart from the
// markup so the rule is tested: links for everyone, Pautas for the newsroom, the master's desks,
// and 'Escrever' only for those who may write (a reader would meet a refusal behind it).
import { can, type Role } from '../../../shared/roles';

export interface NavItem {
  label: string;
  to: string;
}

/** The header's links; the phone's drawer adds 'Assinatura' (on a wide screen it is in the footer's links). */
export function headerLinks(signedIn: boolean, roles: readonly Role[], drawer: boolean): NavItem[] {
  const links: NavItem[] = [
    { label: 'Notícias', to: '/' },
    { label: 'Eventos', to: '/events' },
  ];
  if (signedIn) {
    if (can(roles, 'storyboard.access')) links.push({ label: 'Pautas', to: '/storyboard' });
    if (roles.includes('master')) links.push({ label: 'Newsletter', to: '/newsletter' }, { label: 'Admin', to: '/admin' });
  }
  if (drawer) links.push({ label: 'Assinatura', to: '/pricing' });
  return links;
}

/** /auth on its Cadastrar tab (spec 2: Login and Inscreva-se both lead to /auth). */
export const AUTH_SIGN_UP_PATH = '/auth?tab=signup';
/** /auth with the notice that subscribing needs an account (from /pricing without the app). */
export const AUTH_SUBSCRIBE_PATH = '/auth?notice=subscribe';

/** 'Escrever' leads to /create, which only authors, editors and the master may use. */
export const offersWriting = (roles: readonly Role[]) => can(roles, 'article.create');
