// Input hygiene shared by every schema (no zod here, so public pages may import it): what counts as a
// control character and how long a text is as a reader sees it (URLs: url-rules.ts).

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
