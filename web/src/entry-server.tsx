// Server entry: renders a public page to HTML with the same providers and routes the browser hydrates
// (main.tsx), using react-dom/server's streaming renderer and waiting for the whole page (crawlers
// and link previews read the HTML as it is). The render function (lambdas/pages/render.ts) wraps the
// result in the web build's index.html.
import { PassThrough } from 'node:stream';
import type { ReactElement } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { dehydrate } from '@tanstack/react-query';
import { matchRoutes, StaticRouter } from 'react-router-dom';
import { AppRoutes, preloadPage, ROUTES } from './App';
import { AppProviders, createQueryClient } from './AppProviders';
import type { RenderInfo } from './lib/render-context';
import { headTags } from './ssr/head';
import { loadPage, type PageSources } from './ssr/routes';
import { stateScript } from './ssr/state';

export type { PageSources } from './ssr/routes';

export interface RenderedPage {
  status: 200 | 404;
  /** Tags for <head>: title, description, canonical, Open Graph, Twitter card. */
  head: string;
  /** The markup of #root. */
  html: string;
  /** The <script type="application/json"> the browser hydrates from. */
  state: string;
  /** Sources (as Vite's manifest names them) of the lazy page shown, to preload its chunk. */
  modules: string[];
  /** When what the page shows goes stale by itself (the next event starts), if it does. */
  freshUntil?: string;
  /** A 404 the staff may open (ssr/routes.ts): never cached at the edge. */
  staffMayView?: boolean;
  /** The page needs the React application for a reader with a session (else islands only). */
  app?: boolean;
  /** A permanent redirect to this address instead of a page (nothing else is set). */
  redirect?: string;
}

/**
 * Whether a reader with a session gets the React application on every public page (true) or the
 * islands with the session's header and the premium body (false); a 404 the staff may open and the
 * pages that say so (/pricing) always load the app for them.
 */
const APP_FOR_SESSIONS = false;

/** Gives up on a render that waits too long (the caller serves the SPA shell instead). */
const RENDER_TIMEOUT_MS = 5000;

function renderToString(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    const sink = new PassThrough();
    const chunks: Buffer[] = [];
    sink.on('data', (chunk: Buffer) => chunks.push(chunk));
    let failed: unknown;
    const stream = renderToPipeableStream(element, {
      // Whole boundaries inline: outlining a large one would need React's inline scripts (refused by
      // the Content-Security-Policy), and the page is sent whole anyway.
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (error) => {
        failed = error;
      },
    });
    const timer = setTimeout(() => {
      stream.abort();
      reject(failed instanceof Error ? failed : new Error('render timed out'));
    }, RENDER_TIMEOUT_MS);
    // A component that threw leaves a boundary for the browser to render: not a page to cache.
    sink.on('end', () => {
      clearTimeout(timer);
      if (failed) reject(failed instanceof Error ? failed : new Error(String(failed)));
      else resolve(Buffer.concat(chunks).toString('utf8'));
    });
  });
}

/** The page at `url` (path and query), or null for an address the server does not render. */
export async function renderPage(url: URL, sources: PageSources, origin: string, now = Date.now()): Promise<RenderedPage | null> {
  const leaf = matchRoutes(ROUTES, url.pathname)?.at(-1);
  if (!leaf) return null;
  const client = createQueryClient();
  const loading = loadPage(leaf.route.index ? '' : (leaf.route.path ?? '*'), leaf.params, url.searchParams, client, sources);
  if (!loading) return null;
  const loaded = await loading;
  if (loaded.redirect) return { status: 200, head: '', html: '', state: '', modules: [], redirect: loaded.redirect };
  const info: RenderInfo = { origin, renderedAt: now, notFound: loaded.status === 404, signedOutView: true, ...(loaded.staffMayView ? { staffMayView: true } : {}) };
  const page = await preloadPage(url.pathname, info.notFound);
  const html = await renderToString(
    <AppProviders queryClient={client} info={info}>
      <StaticRouter location={`${url.pathname}${url.search}`}>
        <AppRoutes />
      </StaticRouter>
    </AppProviders>,
  );
  const state = stateScript({ info, queries: dehydrate(client) });
  client.clear();
  return { status: loaded.status, head: headTags(loaded.head, origin), html, state, modules: page ? [page.source] : [], freshUntil: loaded.freshUntil, staffMayView: loaded.staffMayView, app: APP_FOR_SESSIONS || Boolean(loaded.staffMayView || loaded.app) };
}
