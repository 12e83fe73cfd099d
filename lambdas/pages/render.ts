// The render function: CloudFront's origin for every address without a file extension. Public pages
// are rendered with the web app's components (web/src/entry-server.tsx) from the same service
// functions the API's routes call; any other address, and any page that fails to render, gets the
// SPA shell, which loads its data itself. Always the anonymous version: the cache is shared.
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from 'aws-lambda';
import { renderPage, type PageSources } from '../../web/src/entry-server';
import { anonymousArticle, authorPage, home, mostReadArticles } from '../articles/public';
import { anonymousEvent, publicEventList, upcomingEvents } from '../events/public';
import { VIEWER_HOST_HEADER } from '../platform/contract';
import { env, optionalEnv } from '../platform/env';
import { logger } from '../platform/observability';
import { PAGE_CACHE, PAGE_QUERY_KEYS, renderedCacheControl } from './contract';
import { loadShell, pageDocument } from './document';

const sources: PageSources = {
  home: (city) => home(city ?? undefined),
  article: anonymousArticle,
  author: authorPage,
  upcomingEvents: () => upcomingEvents(),
  events: (city) => publicEventList(city ?? undefined, undefined),
  event: anonymousEvent,
  searchSuggestions: () => mostReadArticles(),
};

const html = (statusCode: number, body: string, cacheControl: string): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl },
  body,
});

/** The address as the cache keys it: the path and only the query parameters that change a page. */
export function pageUrl(rawPath: string, query: URLSearchParams): URL {
  const url = new URL(rawPath || '/', 'http://render.local');
  for (const key of PAGE_QUERY_KEYS) {
    const value = query.get(key);
    if (value) url.searchParams.set(key, value);
  }
  return url;
}

const HOST = /^[a-z0-9.-]+(:\d{1,5})?$/i;

/**
 * The site's origin for canonical and Open Graph addresses: SITE_URL where it is set (locally); on AWS
 * the reader's host, which CloudFront's viewer-request function copies into a header (the stack cannot
 * give this function the distribution's domain: the distribution has it as its origin, a cycle).
 */
function siteOrigin(event: APIGatewayProxyEventV2): string {
  const host = event.headers?.[VIEWER_HOST_HEADER];
  if (!optionalEnv('SITE_URL', '') && host && HOST.test(host)) return `https://${host}`;
  return env('SITE_URL');
}

export async function handler(event: APIGatewayProxyEventV2): Promise<APIGatewayProxyStructuredResultV2> {
  const shell = loadShell();
  if (event.requestContext.http.method !== 'GET' && event.requestContext.http.method !== 'HEAD') {
    return { statusCode: 405, headers: { 'content-type': 'text/plain; charset=utf-8' }, body: 'Método não permitido' };
  }
  const url = pageUrl(event.rawPath, new URLSearchParams(event.rawQueryString ?? ''));
  try {
    const page = await renderPage(url, sources, siteOrigin(event));
    if (!page) return html(200, shell.html, PAGE_CACHE.shell);
    if (page.redirect) return { statusCode: 301, headers: { location: page.redirect, 'cache-control': PAGE_CACHE.rendered }, body: '' };
    const cacheControl = page.status === 200 ? renderedCacheControl(page.freshUntil) : page.staffMayView ? PAGE_CACHE.staffOnly : PAGE_CACHE.notFound;
    return html(page.status, pageDocument(shell, page), cacheControl);
  } catch (error) {
    // The shell still works: it fetches what the page needs from the API. Cached briefly only.
    logger.error('page render failed', { error, path: url.pathname });
    return html(200, shell.html, 'public, max-age=0, s-maxage=10');
  }
}
