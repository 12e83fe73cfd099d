// The <head> tags of a server-rendered page: title, description, canonical address, Open Graph and
// Twitter card (what WhatsApp, Facebook and X show of a shared link), and the RSS alternates.
import { absoluteUrl } from '../features/articles/lib/structured-data';
import { SITE_TITLE } from '../lib/page-meta';

export interface HeadInfo {
  title: string;
  description?: string;
  /** A path of ours; made absolute on the site's origin. */
  canonical: string;
  type: 'website' | 'article' | 'profile';
  /** A path of ours or an address elsewhere. */
  image?: string;
  imageAlt?: string;
  /** Pages that should not be indexed (an address naming no city of ours, a 404). */
  noindex?: boolean;
  publishedTime?: string | null;
  modifiedTime?: string | null;
  /** An extra RSS feed (a city's), beside the site's. */
  feed?: { title: string; href: string };
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeText = (value: string) => value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

const meta = (attribute: 'name' | 'property', key: string, value: string | null | undefined) =>
  value ? `<meta ${attribute}="${key}" content="${escapeAttribute(value)}" />` : '';

export function headTags(head: HeadInfo, origin: string): string {
  const canonical = absoluteUrl(head.canonical, origin);
  const image = head.image ? absoluteUrl(head.image, origin) : '';
  return [
    `<title>${escapeText(head.title)}</title>`,
    meta('name', 'description', head.description),
    head.noindex ? meta('name', 'robots', 'noindex') : `<link rel="canonical" href="${escapeAttribute(canonical)}" />`,
    meta('property', 'og:site_name', SITE_TITLE),
    meta('property', 'og:locale', 'pt_BR'),
    meta('property', 'og:type', head.type),
    meta('property', 'og:title', head.title),
    meta('property', 'og:description', head.description),
    meta('property', 'og:url', canonical),
    meta('property', 'og:image', image),
    meta('property', 'og:image:alt', image ? head.imageAlt : undefined),
    meta('property', 'article:published_time', head.publishedTime),
    meta('property', 'article:modified_time', head.modifiedTime),
    meta('name', 'twitter:card', image ? 'summary_large_image' : 'summary'),
    meta('name', 'twitter:title', head.title),
    meta('name', 'twitter:description', head.description),
    meta('name', 'twitter:image', image),
    head.feed
      ? `<link rel="alternate" type="application/rss+xml" title="${escapeAttribute(head.feed.title)}" href="${escapeAttribute(head.feed.href)}" />`
      : '',
  ]
    .filter(Boolean)
    .join('\n    ');
}
