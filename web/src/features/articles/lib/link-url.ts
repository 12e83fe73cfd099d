// Addresses an author may link a word to, or show an image from, in the article body: an absolute
// http(s) URL or a path of the portal itself, judged by the browser's own parser (WHATWG URL), so
// what is accepted here is what a reader's browser will open.
// The verdict is the portal-wide rule's (shared/url-rules.ts); this adds the editor's messages.

import { linkUrl } from '../../../../../shared/url-rules';

export const LINK_MESSAGES = {
  empty: 'Informe o endereço do link.',
  invalid: 'Endereço inválido: use um endereço completo (https://...) ou um caminho do portal (/...).',
  scheme: 'Somente endereços http ou https, ou caminhos do portal (/...).',
  backslash: 'O endereço não pode conter barra invertida (\\).',
  control: 'O endereço não pode conter caracteres de controle.',
  credentials: 'O endereço não pode conter usuário ou senha.',
} as const;

export type LinkCheck = { ok: true; href: string } | { ok: false; message: string };

// eslint-disable-next-line no-control-regex -- control characters are what this finds
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

/**
 * Checks what an author typed as a link or image address, by the portal's one URL rule
 * (shared/url-rules.ts) against `origin`, the portal's own (window.location.origin): a path must resolve
 * to it, so '//other.site' or '/\other.site' never pass. On success `href` is what to store (the path,
 * resolved, or the absolute URL as the browser serializes it); a refusal says what is wrong with it.
 */
export function checkLinkUrl(value: string, origin: string): LinkCheck {
  const typed = value.trim();
  if (!typed) return { ok: false, message: LINK_MESSAGES.empty };
  const href = linkUrl(typed, origin);
  if (href !== undefined) return { ok: true, href };
  return { ok: false, message: refusalOf(typed) };
}

/** Why the rule refused an address, as far as its shape tells; the rule itself decided. */
function refusalOf(typed: string): string {
  if (typed.includes('\\')) return LINK_MESSAGES.backslash;
  if (CONTROL.test(typed)) return LINK_MESSAGES.control;
  const url = URL.canParse(typed) ? new URL(typed) : null;
  if (url && url.protocol !== 'http:' && url.protocol !== 'https:') return LINK_MESSAGES.scheme;
  if (url && (url.username || url.password)) return LINK_MESSAGES.credentials;
  return LINK_MESSAGES.invalid;
}

/**
 * For Tiptap's own checks (auto-linked and pasted URLs): a bare 'www.site.com' gets https://, as the
 * editor's default protocol does, before the same rule.
 */
export function isAllowedLink(value: string, origin: string): boolean {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('/') ? value : `https://${value}`;
  return checkLinkUrl(withScheme, origin).ok;
}
