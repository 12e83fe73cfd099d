// Addresses an author may link a word to, or show an image from, in the article body: an absolute
// http(s) URL or a path of the portal itself, judged by the browser's own parser (WHATWG URL), so
// what is accepted here is what a reader's browser will open.
// To be replaced by the portal-wide rule (shared/url-rules.ts) once it lands.

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

const parse = (value: string, base?: string): URL | null => (URL.canParse(value, base) ? new URL(value, base) : null);

/**
 * Checks what an author typed as a link or image address. `origin` is the portal's own
 * (window.location.origin): a path must resolve to it, so '//other.site' or '/\other.site' never pass.
 * On success `href` is what to store: the path as typed, or the parser's serialization of an absolute URL.
 */
export function checkLinkUrl(value: string, origin: string): LinkCheck {
  const typed = value.trim();
  if (!typed) return { ok: false, message: LINK_MESSAGES.empty };
  if (typed.includes('\\')) return { ok: false, message: LINK_MESSAGES.backslash };
  if (CONTROL.test(typed)) return { ok: false, message: LINK_MESSAGES.control };
  if (typed.startsWith('/')) {
    const resolved = parse(typed, origin);
    if (typed.startsWith('//') || !resolved || resolved.origin !== new URL(origin).origin) return { ok: false, message: LINK_MESSAGES.invalid };
    return { ok: true, href: typed };
  }
  const url = parse(typed);
  if (!url) return { ok: false, message: LINK_MESSAGES.invalid };
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, message: LINK_MESSAGES.scheme };
  if (url.username || url.password) return { ok: false, message: LINK_MESSAGES.credentials };
  return { ok: true, href: url.href };
}

/**
 * For Tiptap's own checks (auto-linked and pasted URLs): a bare 'www.site.com' gets https://, as the
 * editor's default protocol does, before the same rule.
 */
export function isAllowedLink(value: string, origin: string): boolean {
  const withScheme = /^[a-z][a-z\d+.-]*:/i.test(value) || value.startsWith('/') ? value : `https://${value}`;
  return checkLinkUrl(withScheme, origin).ok;
}
