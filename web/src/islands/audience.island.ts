// The audience island, on the root of each page that counts its views (the app's is usePageView,
// useViewCounter): the page view's beacons (features/audience/tracker.ts, 'view' now and 'exit' when
// the reader leaves) and, on an article (data-article-id), its view counter. A page restored from the
// back/forward cache is a view again, as in the app. An anonymous reader's reading history is not
// kept (useReadingTracker records signed-in readers only), so nothing else is sent.
import { articleApiPath } from '../features/articles/lib/paths';
import { startView } from '../features/audience/tracker';
import { loadConfig } from '../lib/config';
import type { Island } from './lib/island';

/** POST /api/articles/{id}/view, once per page load, without a token (countView in the app). */
async function countView(articleId: string) {
  const { apiBase } = await loadConfig();
  await fetch(`${apiBase}${articleApiPath(articleId)}/view`, { method: 'POST', headers: { Accept: 'application/json' } });
}

const audience: Island = (element) => {
  const articleId = element.dataset.articleId || undefined;
  const path = window.location.pathname;
  let stop = startView(path, articleId);
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    stop();
    stop = startView(path, articleId);
  });
  if (articleId) countView(articleId).catch((error: unknown) => console.error('view count failed', error));
};

export default audience;
