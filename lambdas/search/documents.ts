// What the index knows of each published article, as the HTML page Pagefind reads: the title, the
// lead, the city and the tags for everyone, and the body only of a free article — a premium article's
// body never reaches the index, so no search result can quote it. The weights make a match in the
// title count most, and every part of a recent article count more (the recency boost), as of `now`:
// the index is rebuilt at least daily, so the boost and the periods are right to the day.
import { SEARCH_FILTERS, SEARCH_INDEX_FILTER, SEARCH_SORT_KEY, periodsOf, searchIndexOf, type SearchMeta } from '../../shared/search';
import type { PublishedArticle } from '../articles/public';

/** Pagefind takes weights up to 10; a title in a fresh article gets close to it. */
const WEIGHTS = { title: 6, lead: 2, place: 1.5, body: 1 } as const;
/** A fresh article's parts weigh this much more, falling linearly to nothing at BOOST_DAYS. */
const BOOST = 0.6;
const BOOST_DAYS = 90;
const DAY_MS = 24 * 3600 * 1000;

export interface IndexedArticle {
  url: string;
  html: string;
  /** The index it belongs in (searchIndexOf at the build). */
  index: string;
}

/** 1.6 for an article published now, 1 from 90 days on. */
export function recencyBoost(publishedAt: string, now: Date): number {
  const days = Math.max(0, (now.getTime() - new Date(publishedAt).getTime()) / DAY_MS);
  return 1 + BOOST * Math.max(0, 1 - days / BOOST_DAYS);
}

const escapeText = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const escapeAttribute = (text: string) => escapeText(text).replace(/"/g, '&quot;');
const weight = (base: number, boost: number) => (base * boost).toFixed(2);

/**
 * The page of one article. Metadata and filters come from the elements' text, so commas in a lead or a
 * city never split them; the body (sanitized HTML) comes last, where nothing it holds can swallow them.
 */
export function articleDocument(article: PublishedArticle, city: string, publicPath: string, now: Date): IndexedArticle {
  const boost = recencyBoost(article.published_at, now);
  const index = searchIndexOf(article.published_at, now);
  const premium: SearchMeta['premium'] = article.visibility === 'premium' ? 'sim' : 'nao';
  const text = (tag: string, attributes: string, content: string) => `<${tag} ${attributes}>${escapeText(content)}</${tag}>`;
  const parts = [
    text('h1', `data-pagefind-meta="title" data-pagefind-weight="${weight(WEIGHTS.title, boost)}"`, article.title),
    text('p', `data-pagefind-meta="lead" data-pagefind-weight="${weight(WEIGHTS.lead, boost)}"`, article.summary),
    city ? text('span', `data-pagefind-filter="${SEARCH_FILTERS.city}" data-pagefind-meta="city" data-pagefind-weight="${weight(WEIGHTS.place, boost)}"`, city) : '',
    ...article.tags.map((tag) => text('span', `data-pagefind-filter="${SEARCH_FILTERS.tag}" data-pagefind-weight="${weight(WEIGHTS.place, boost)}"`, tag)),
    // Not words to find: ignored for the index, still read for the metadata, sort and filters.
    text('span', `data-pagefind-ignore data-pagefind-meta="date" data-pagefind-sort="${SEARCH_SORT_KEY}"`, article.published_at),
    `<span data-pagefind-ignore data-pagefind-meta="premium:${premium}"></span>`,
    `<span data-pagefind-ignore data-pagefind-filter="${SEARCH_INDEX_FILTER}:${index}"></span>`,
    ...periodsOf(article.published_at, now).map((period) => `<span data-pagefind-ignore data-pagefind-filter="${SEARCH_FILTERS.period}:${period}"></span>`),
    premium === 'nao' && article.body ? `<div data-pagefind-weight="${weight(WEIGHTS.body, boost)}">${article.body}</div>` : '',
  ];
  return {
    url: publicPath,
    index,
    html: `<!doctype html><html lang="pt-BR"><head><title>${escapeAttribute(article.title)}</title></head><body><main data-pagefind-body>${parts.join('')}</main></body></html>`,
  };
}
