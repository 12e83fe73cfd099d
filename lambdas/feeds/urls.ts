// The public addresses the files name, as the web app routes them (web/src/App.tsx).
import type { PublishedArticle } from '../articles/public';

export type SiteUrls = ReturnType<typeof siteUrls>;

export function siteUrls(siteUrl: string) {
  const base = siteUrl.replace(/\/+$/, '');
  const segment = encodeURIComponent;
  return {
    page: (path: string) => `${base}${path}`,
    /** /{city}/{slug}, or /article/{slug} for an article without a city. */
    article: (article: Pick<PublishedArticle, 'slug' | 'location_path'>) =>
      article.location_path ? `${base}/${segment(article.location_path)}/${segment(article.slug)}` : `${base}/article/${segment(article.slug)}`,
    city: (locationPath: string) => `${base}/?city=${segment(locationPath)}`,
    author: (authorId: string) => `${base}/author/${segment(authorId)}`,
    /** A generated file, by its key in the site bucket. */
    file: (key: string) => `${base}/${key}`,
  };
}
