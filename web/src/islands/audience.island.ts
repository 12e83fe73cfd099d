// The audience island, on the root of each page that counts its views (the app's is usePageView,
// useViewCounter): the page view's beacons (features/audience/tracker.ts, 'view' now and 'exit' when
// the reader leaves) and, on an article (data-article-id), its view counter. A page restored from the
// back/forward cache is a view again, as in the app. In a browser with a session the beacons carry the
// reader's token (the server leaves the staff's views out) and an article records the signed-in
// reader's reading history (features/articles/lib/reading-session.ts, as the app's useReadingTracker);
// an anonymous reader loads neither.
import { SESSION_HINT_CLASS } from '../../../shared/boot-script';
import { articleApiPath } from '../features/articles/lib/paths';
import { startView, type SessionSource } from '../features/audience/tracker';
import { loadConfig } from '../lib/config';
import type { Island } from './lib/island';

/** The signed-in reader's API base and token, null without a usable session. */
const signedIn: SessionSource = async () => {
  const [{ accessToken }, { apiBase }] = await Promise.all([import('./lib/session'), loadConfig()]);
  const token = await accessToken().catch(() => null);
  return token ? { apiBase, token } : null;
};

/** POST /api/articles/{id}/view, once per page load, without a token (countView in the app). */
async function countView(articleId: string) {
  const { apiBase } = await loadConfig();
  await fetch(`${apiBase}${articleApiPath(articleId)}/view`, { method: 'POST', headers: { Accept: 'application/json' } });
}

const audience: Island = (element) => {
  const articleId = element.dataset.articleId || undefined;
  const path = window.location.pathname;
  const session = document.documentElement.classList.contains(SESSION_HINT_CLASS) ? signedIn : undefined;
  let stop = startView(path, articleId, session);
  window.addEventListener('pageshow', (event) => {
    if (!event.persisted) return;
    stop();
    stop = startView(path, articleId, session);
  });
  if (session && articleId) {
    void import('../features/articles/lib/reading-session').then(({ trackReading }) => trackReading(articleId, session));
  }
  if (articleId) countView(articleId).catch((error: unknown) => console.error('view count failed', error));
};

export default audience;
