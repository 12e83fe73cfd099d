// schema.org NewsArticle for the article page (JSON-LD). Premium articles declare the paywalled part
// (Google's paywalled-content markup): the page wraps their body in `.paywalled-content`.
import type { ArticleView } from '../../../../../shared/api-types';
import { ARTICLE_MESSAGES } from '../../../../../shared/article-rules';

export const SITE_NAME = 'Portal de Notícias';
export const PAYWALL_SELECTOR = '.paywalled-content';

export type StructuredArticle = Pick<
  ArticleView,
  | 'id'
  | 'title'
  | 'summary'
  | 'cover_image'
  | 'visibility'
  | 'published_at'
  | 'updated_at'
  | 'tags'
  | 'author'
  | 'locations'
>;

export interface StructuredDataContext {
  /** The site's origin, e.g. https://portal.example (no trailing slash needed). */
  origin: string;
  /** The page's canonical address, absolute or a path on the origin. */
  url: string;
}

/** An absolute URL for a path of ours or an address elsewhere; '' for an empty or unusable value. */
export function absoluteUrl(value: string, origin: string): string {
  if (!value) return '';
  try {
    return new URL(value, origin.endsWith('/') ? origin : `${origin}/`).toString();
  } catch {
    return '';
  }
}

function isoDate(value: string | null | undefined): string | undefined {
  if (!value) return undefined;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

export function buildArticleJsonLd(article: StructuredArticle, context: StructuredDataContext): Record<string, unknown> {
  const premium = article.visibility === 'premium';
  const url = absoluteUrl(context.url, context.origin);
  const image = absoluteUrl(article.cover_image, context.origin);
  const published = isoDate(article.published_at);
  const modified = isoDate(article.updated_at) ?? published;
  const siteUrl = absoluteUrl('/', context.origin);
  const organization = { '@type': 'Organization', name: SITE_NAME, ...(siteUrl ? { url: siteUrl } : {}) };
  const authorName = article.author.full_name || ARTICLE_MESSAGES.anonymousAuthor;
  const authorUrl = article.author.id ? absoluteUrl(`/author/${encodeURIComponent(article.author.id)}`, context.origin) : '';

  const data: Record<string, unknown> = {
    '@context': 'https://schema.org',
    '@type': 'NewsArticle',
    headline: article.title,
    description: article.summary,
    ...(image ? { image: [image] } : {}),
    ...(published ? { datePublished: published } : {}),
    ...(modified ? { dateModified: modified } : {}),
    author: { '@type': 'Person', name: authorName, ...(authorUrl ? { url: authorUrl } : {}) },
    publisher: organization,
    sourceOrganization: organization,
    inLanguage: 'pt-BR',
    countryOfOrigin: 'BR',
    locationCreated: { '@type': 'Place', address: { '@type': 'PostalAddress', addressCountry: 'BR' } },
    ...(article.locations.length > 0
      ? {
          contentLocation: article.locations.map((location) => ({
            '@type': 'Place',
            name: location.state_code ? `${location.location_name}, ${location.state_code}` : location.location_name,
            address: {
              '@type': 'PostalAddress',
              addressLocality: location.location_name,
              ...(location.state_code ? { addressRegion: location.state_code } : {}),
              addressCountry: 'BR',
            },
          })),
        }
      : {}),
    ...(article.tags.length > 0 ? { keywords: article.tags.join(', ') } : {}),
    ...(url ? { url, mainEntityOfPage: { '@type': 'WebPage', '@id': url } } : {}),
    isAccessibleForFree: !premium,
  };
  if (premium) {
    data.hasPart = { '@type': 'WebPageElement', isAccessibleForFree: false, cssSelector: PAYWALL_SELECTOR };
  }
  return data;
}

/** JSON for a <script type="application/ld+json">, safe against a `</script>` in the article's text. */
export function serializeJsonLd(data: unknown): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
