// RSS 2.0, written here rather than with a library: a fixed handful of elements whose only hazard is
// escaping, which one function does (and the tests check with a real parser); nothing added to the bundle.

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' };
// Characters XML 1.0 does not allow at all (control characters, lone surrogates, U+FFFE/U+FFFF).
// eslint-disable-next-line no-control-regex
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/** Text as XML character data or an attribute value. */
export function escapeXml(text: string): string {
  return text.replace(NOT_XML, '').replace(/[&<>"']/g, (char) => ENTITIES[char]!);
}

export interface RssChannel {
  title: string;
  /** The page the feed belongs to. */
  link: string;
  description: string;
  /** The feed's own address (atom:link rel="self"). */
  self: string;
}

export interface RssItem {
  title: string;
  link: string;
  /** Stable across slug changes: the article id. */
  guid: string;
  /** ISO timestamp. */
  published_at: string;
  updated_at: string;
  author?: string;
  categories: string[];
  /** Plain text: the summary. */
  description: string;
  /** HTML anyone may read (a premium article's lead only); sent escaped in content:encoded. */
  content?: string;
}

const element = (name: string, text: string) => `<${name}>${escapeXml(text)}</${name}>`;
const rfc822 = (iso: string) => new Date(iso).toUTCString();

function itemXml(item: RssItem): string {
  return [
    '<item>',
    element('title', item.title),
    element('link', item.link),
    `<guid isPermaLink="false">${escapeXml(item.guid)}</guid>`,
    element('pubDate', rfc822(item.published_at)),
    ...(item.author ? [element('dc:creator', item.author)] : []),
    ...item.categories.map((category) => element('category', category)),
    element('description', item.description),
    ...(item.content ? [element('content:encoded', item.content)] : []),
    '</item>',
  ].join('');
}

/** The feed, newest item first; its lastBuildDate is the newest change among them, so equal content gives equal bytes. */
export function rssXml(channel: RssChannel, items: RssItem[]): string {
  const changed = items.map((item) => item.updated_at).sort().at(-1);
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:dc="http://purl.org/dc/elements/1.1/">',
    '<channel>',
    element('title', channel.title),
    element('link', channel.link),
    element('description', channel.description),
    element('language', 'pt-BR'),
    ...(changed ? [element('lastBuildDate', rfc822(changed))] : []),
    `<atom:link href="${escapeXml(channel.self)}" rel="self" type="application/rss+xml"/>`,
    ...items.map(itemXml),
    '</channel>',
    '</rss>',
  ].join('\n');
}
