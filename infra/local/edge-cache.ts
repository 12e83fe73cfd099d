// The local stand-in for CloudFront's cache of rendered pages: the same cache key (the path and only
// the query parameters that change a page), the same lifetime (the origin's s-maxage), and the same
// purge (invalidation paths, exact or ending in `*`), applied by the CloudFront stand-in
// (cloudfront.ts) when the page-purge worker invalidates. The pages' behaviour is tested here.
import { PAGE_QUERY_KEYS } from '../../lambdas/pages/contract';

export interface CachedPage {
  status: number;
  headers: Record<string, string>;
  body: string;
  storedAt: number;
  maxAgeSeconds: number;
}

/** s-maxage of a Cache-Control value (CloudFront's TTL for shared caches); 0 when absent. */
export function sharedMaxAge(cacheControl: string | undefined): number {
  const match = /(?:^|,)\s*s-maxage=(\d+)/.exec(cacheControl ?? '');
  return match ? Number(match[1]) : 0;
}

/** The cache key: '/?city=campinas-sp&page=2' — the parameters CloudFront's cache policy keeps, in a fixed order. */
export function cacheKey(url: URL): string {
  const kept = new URLSearchParams();
  for (const key of PAGE_QUERY_KEYS) {
    const value = url.searchParams.get(key);
    if (value !== null) kept.set(key, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

const matches = (pattern: string, key: string) => (pattern.endsWith('*') ? key.startsWith(pattern.slice(0, -1)) : key === pattern);

export class EdgeCache {
  private readonly pages = new Map<string, CachedPage>();
  hits = 0;
  misses = 0;

  get(key: string, now = Date.now()): CachedPage | undefined {
    const page = this.pages.get(key);
    if (page && now - page.storedAt < page.maxAgeSeconds * 1000) {
      this.hits += 1;
      return page;
    }
    this.misses += 1;
    return undefined;
  }

  put(key: string, page: Omit<CachedPage, 'storedAt' | 'maxAgeSeconds'>, now = Date.now()): void {
    const maxAgeSeconds = sharedMaxAge(page.headers['cache-control']);
    if (maxAgeSeconds > 0) this.pages.set(key, { ...page, storedAt: now, maxAgeSeconds });
  }

  /** Drops every page an invalidation path names; returns how many. */
  invalidate(paths: readonly string[]): number {
    let dropped = 0;
    for (const key of [...this.pages.keys()]) {
      if (paths.some((pattern) => matches(pattern, key))) {
        this.pages.delete(key);
        dropped += 1;
      }
    }
    return dropped;
  }
}
