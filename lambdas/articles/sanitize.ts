// Article HTML is cleaned on the server before it is stored: an allowlist of tags and attributes,
// http(s)/mailto links only, and iframes only from allowlisted video providers.
import sanitizeHtml from 'sanitize-html';

/** Embeds we allow, by host, with the path their player lives on. */
const EMBED_PROVIDERS: Record<string, RegExp> = {
  'www.youtube.com': /^\/embed\/[\w-]+$/,
  'www.youtube-nocookie.com': /^\/embed\/[\w-]+$/,
};

function isAllowedEmbed(src: string | undefined): boolean {
  if (!src || !URL.canParse(src)) return false;
  const url = new URL(src);
  const path = EMBED_PROVIDERS[url.hostname];
  return url.protocol === 'https:' && path !== undefined && path.test(url.pathname);
}

/**
 * Addresses the scheme check lets through but a browser reads otherwise: a backslash (read as a
 * slash, so '/\other.site' leaves the portal) or a user and password before the host (which hide
 * the real host from a reader). The editor refuses them too (its link rule); this is the server's word.
 */
function isDeceptiveUrl(value: string | undefined): boolean {
  if (value === undefined) return false;
  if (value.includes('\\')) return true;
  const base = 'https://portal.invalid';
  if (!URL.canParse(value, base)) return true;
  const url = new URL(value, base);
  return url.username !== '' || url.password !== '';
}

/** Drops one attribute holding a deceptive address; the element and its text stay. */
function withoutDeceptive(attribs: sanitizeHtml.Attributes, name: string): sanitizeHtml.Attributes {
  if (!isDeceptiveUrl(attribs[name])) return attribs;
  const { [name]: _dropped, ...rest } = attribs;
  return rest;
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote',
    'code', 'pre', 'hr', 'img', 'figure', 'figcaption', 'div', 'iframe', 'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height'],
    iframe: ['src', 'width', 'height', 'allowfullscreen', 'title'],
    div: ['data-youtube-video'],
    th: ['colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  allowedIframeHostnames: Object.keys(EMBED_PROVIDERS),
  allowIframeRelativeUrls: false,
  transformTags: {
    // Links written by authors open safely and carry no ranking endorsement.
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...withoutDeceptive(attribs, 'href'), rel: 'noopener noreferrer nofollow', ...(attribs.target ? { target: '_blank' } : {}) },
    }),
    img: (tagName, attribs) => ({ tagName, attribs: withoutDeceptive(attribs, 'src') }),
    iframe: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, width: attribs.width ?? '640', height: attribs.height ?? '360' },
    }),
  },
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !isAllowedEmbed(frame.attribs.src),
};

export function sanitizeArticleHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Visible text of sanitized HTML (for lengths, word counts and the "content too short" rule). */
export function textOf(html: string): string {
  // Block boundaries separate words even where the HTML has no whitespace between them.
  const spaced = html.replace(/<\/(?:p|h[1-6]|li|blockquote|div|td|th|figcaption)>|<br\s*\/?>/gi, '$& ');
  return sanitizeHtml(spaced, { allowedTags: [], allowedAttributes: {} })
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
