// Input hygiene shared by every schema (no zod here, so public pages may import it): what counts as a
// control character, how long a text is as a reader sees it, and which URLs we store.

// C0/C1 controls (tab, line feed and carriage return excepted) and the bidi overrides that disguise text.
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069]/;
// Zero-width and soft-hyphen characters: stored as sent (emoji sequences need the joiner), never counted.
const INVISIBLE = /[\u00AD\u200B-\u200D\u2060\uFEFF]/g;

export const TEXT_MESSAGES = {
  control: 'O texto contém caracteres inválidos',
  url: 'URL inválida',
  /** A list's page cursor that is not one the list gave (shared/text-fields.ts, lambdas/platform/dynamo.ts). */
  cursor: 'Cursor de paginação inválido',
} as const;

export const hasControlCharacters = (text: string): boolean => CONTROL.test(text);

/** Length as a reader sees it: trimmed, without zero-width characters. */
export const visibleLength = (text: string): number => text.replace(INVISIBLE, '').trim().length;

/** Visible length of HTML, tags and the common entities left out (the server counts again on sanitized HTML). */
export const visibleHtmlLength = (html: string): number =>
  visibleLength(html.replace(/<[^>]*>/g, ' ').replace(/&(?:nbsp|amp|lt|gt|quot|#\d+|#x[\da-f]+);/gi, 'x').replace(/\s+/g, ' '));

/**
 * The stored form of a URL field: '' stays '', our own media path (`/media/...`) stays as it is, an
 * absolute http(s) URL without credentials becomes its normalized href; anything else is undefined.
 */
export function normalizeUrl(value: string): string | undefined {
  if (value === '') return '';
  if (hasControlCharacters(value) || /\s/.test(value)) return undefined;
  if (/^\/media\/[\w./-]+$/.test(value)) return value.split('/').includes('..') ? undefined : value;
  if (!URL.canParse(value)) return undefined;
  const url = new URL(value);
  if (!/^https?:$/.test(url.protocol) || url.username || url.password || !url.hostname) return undefined;
  return url.href;
}
