// Which cached pages an event makes stale, as CloudFront invalidation paths (a trailing `*` matches
// any ending, query strings included). Pages show published articles and events only, so an event
// about one that was not and is not published touches nothing. Related-article lists on other articles'
// pages are left to their time to live (see contract.ts): purging every article page on each
// publication would empty the cache for a list below the fold.
import { publicArticlePath } from '../../shared/article-rules';

export interface PurgeEvent {
  name: string;
  detail: Record<string, unknown>;
}

const HOME = ['/', '/?*'];

const text = (value: unknown): string | null => (typeof value === 'string' && value ? value : null);

function articlePaths(slug: unknown, location: unknown): string[] {
  const name = text(slug);
  if (!name) return [];
  const paths = [publicArticlePath(null, name)];
  const city = text(location);
  if (city) paths.push(publicArticlePath(city, name));
  return paths;
}

// The agenda and its cities' filters; the home too, whose strip shows the next events.
const EVENT_LISTS = ['/events', '/events?*', ...HOME];

const eventPaths = (eventId: unknown): string[] => {
  const id = text(eventId);
  return id ? [...EVENT_LISTS, `/events/${encodeURIComponent(id)}`] : [];
};

const authorPaths = (authorId: unknown): string[] => {
  const id = text(authorId);
  return id ? [`/author/${encodeURIComponent(id)}`, `/author/${encodeURIComponent(id)}?*`] : [];
};

/** The paths of one event; `authorArticles` lists an author's published article addresses (for a profile change). */
export async function purgePaths(
  event: PurgeEvent,
  authorArticles: (authorId: string) => Promise<{ slug: string; location_path: string | null }[]>,
): Promise<string[]> {
  const detail = event.detail;
  switch (event.name) {
    case 'ArticlePublished':
      return [...HOME, ...authorPaths(detail.author_id), ...articlePaths(detail.slug, detail.location_path)];
    case 'ArticleUpdated':
      return [
        ...HOME,
        ...authorPaths(detail.author_id),
        ...articlePaths(detail.slug, detail.location_path),
        ...articlePaths(detail.previous_slug, detail.previous_location_path),
      ];
    case 'ArticleStatusChanged':
      // Publishing is ArticlePublished's; here only leaving `published` empties a page.
      if (detail.from !== 'published') return [];
      return [...HOME, ...authorPaths(detail.author_id), ...articlePaths(detail.previous_slug, detail.previous_location_path)];
    case 'ArticleDeleted':
      if (detail.was_published !== true) return [];
      return [...HOME, ...authorPaths(detail.author_id), ...articlePaths(detail.slug, detail.location_path)];
    case 'UserProfileUpdated': {
      const id = text(detail.user_id);
      if (!id) return [];
      const articles = await authorArticles(id);
      // Cards on the home show the author's name and avatar only when they have published articles.
      const home = articles.length > 0 ? HOME : [];
      return [...home, ...authorPaths(id), ...articles.flatMap((article) => articlePaths(article.slug, article.location_path))];
    }
    case 'MenuItemsChanged':
      // The menu bar is on the home and on each city's home (a query string of '/').
      return HOME;
    case 'EventPublished':
    case 'EventUpdated':
    case 'EventUnpublished':
      return eventPaths(detail.event_id);
    case 'EventDeleted':
      // A draft or a cancelled event was on no page.
      return detail.was_published === true ? eventPaths(detail.event_id) : [];
    case 'ImportCompleted':
      // Up to 50,000 articles at once (new, or imported again over themselves), their authors' pages
      // and the home: one path for all of them, as CloudFront charges per path.
      return Number(detail.successful_records) > 0 ? ['/*'] : [];
    default:
      return [];
  }
}

/** CloudFront takes at most 3,000 paths per invalidation and charges per path: many become one `/*`. */
export const MAX_PATHS = 1000;

export function mergePaths(lists: string[][]): string[] {
  const paths = [...new Set(lists.flat())];
  return paths.length > MAX_PATHS ? ['/*'] : paths;
}
