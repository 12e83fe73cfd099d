// The one rule for every URL a person types into the portal (menu items, avatar, article and event
// covers, the import's Featured Image, an applicant's website, the newsletter's tracked links; later the
// editor's link button). A URL is judged as the browser will read it: parsed by WHATWG `URL` against
// the site's origin, never by its string shape, since a browser reads `/\evil.example` as
// `//evil.example`, drops tabs and line breaks inside a URL, and runs `javascript:` and `data:`.
// An "internal path" is one whose resolved origin is the site's. Refused outright, whatever the field:
// backslashes, control, invisible and blank characters, schemes other than http(s), and credentials
// (`https://portal@evil.example` shows a trusted name before the real host). No zod here: the web app
// and the Lambdas both import it; a refused URL is told TEXT_MESSAGES.url ('URL inválida', the spec's).
import { hasControlCharacters } from './text';

/**
 * The origin paths are resolved against where the caller does not know the site's (shared schemas):
 * a path resolves to its base's origin or leaves it, whichever origin the base has.
 */
const SITE_BASE = 'https://portal.invalid';

// Characters a browser ignores, strips or rewrites inside a URL; none belongs in one that is typed.
const UNSAFE = /[\s\\\u00AD\u200B-\u200F\u2060\uFEFF]/;
const SCHEME = /^[a-z][a-z\d+.-]*:/i;

export interface JudgedUrl {
  /** The URL as the browser resolves it. */
  url: URL;
  /** Its resolved origin is the site's. */
  internal: boolean;
  /** Written with its scheme (`https://…`), not as a path of the site. */
  absolute: boolean;
}

/**
 * A typed URL as the browser reads it on the site, or undefined when it is refused: an absolute
 * http(s) URL with a host and no credentials, or a path of the site (beginning with one `/` and
 * resolving to the site's origin: `//evil.example` leaves it). `site` is the site's address, when known.
 */
export function judgeUrl(value: string, site: string = SITE_BASE): JudgedUrl | undefined {
  if (!value || UNSAFE.test(value) || hasControlCharacters(value)) return undefined;
  const absolute = SCHEME.test(value);
  if (!absolute && !value.startsWith('/')) return undefined;
  if (!URL.canParse(value, site)) return undefined;
  const url = new URL(value, site);
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return undefined;
  if (url.username || url.password || !url.hostname) return undefined;
  const internal = url.origin === new URL(site).origin;
  if (!absolute && !internal) return undefined;
  return { url, internal, absolute };
}

/** The stored form of a path of the site: resolved (`/a/../b` is `/b`) and percent-encoded as the browser sends it. */
const pathOf = (url: URL) => `${url.pathname}${url.search}${url.hash}`;

/** A link (menu items): a path of the site or any web address; stored normalized. */
export function linkUrl(value: string, site?: string): string | undefined {
  const judged = judgeUrl(value, site);
  if (!judged) return undefined;
  return judged.absolute ? judged.url.href : pathOf(judged.url);
}

/** An image (avatar, covers, the import's Featured Image): '' for none, our own `/media/` file or any web address. */
export function imageUrl(value: string): string | undefined {
  if (value === '') return '';
  const judged = judgeUrl(value);
  if (!judged) return undefined;
  if (judged.absolute) return judged.url.href;
  return judged.url.pathname.startsWith('/media/') && !judged.url.search && !judged.url.hash ? judged.url.pathname : undefined;
}

/** A web address of its own (an applicant's website): absolute http(s) only. */
export function webUrl(value: string): string | undefined {
  const judged = judgeUrl(value);
  return judged?.absolute ? judged.url.href : undefined;
}

/** An address the portal sends people to (the newsletter's tracked links): absolute, and on the site itself. */
export function isOwnSiteUrl(value: string, site: string): boolean {
  const judged = judgeUrl(value, site);
  return Boolean(judged?.absolute && judged.internal);
}
