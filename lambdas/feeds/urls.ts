// The public addresses the files name, as the web app routes them (web/src/App.tsx).
import { publicArticlePath } from '../../shared/article-rules';
import type { PublishedArticle } from '../articles/public';

export type SiteUrls = ReturnType<typeof siteUrls>;

export function siteUrls(siteUrl: string) {
  const base = siteUrl.replace(/\/+$/, '');
  const segment = encodeURIComponent;
  return {
    page: (path: string) => `${base}${path}`,
    /** /{city}/{slug}, or /article/{slug} for an article without a city. */
    article: (article: Pick<PublishedArticle, 'slug' | 'location_path'>) => `${base}${publicArticlePath(article.location_path, article.slug)}`,
    city: (locationPath: string) => `${base}/?city=${segment(locationPath)}`,
    author: (authorId: string) => `${base}/author/${segment(authorId)}`,
    event: (eventId: string) => `${base}/events/${segment(eventId)}`,
    /** A generated file, by its key in the site bucket. */
    file: (key: string) => `${base}/${key}`,
  };
}
