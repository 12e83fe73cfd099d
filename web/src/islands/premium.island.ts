// A premium article's body for a signed-in reader on the page without the app (ArticleBody marks the
// gated article with this island). The page's HTML is the anonymous one, lead and paywall, which a
// browser with a session hides at once (shared/boot-script.ts, styles/site.css: .gate-pending). Here
// the reader's own view is asked of the API, as the app asks it: when they may read the article its
// body (sanitized by the API when written; the app shows it as is) takes the lead's place and the
// paywall goes, else the paywall shows, without "Entrar" for a signed-in reader (Paywall.tsx).
import type { ArticleView } from '../../../shared/api-types';
import { SESSION_HINT_CLASS } from '../../../shared/boot-script';
import type { Island } from './lib/island';

/** The API's address of the article this page shows: /article/:slug, or /:location/:slug. */
function viewPath(pathname: string): string | null {
  const [first, second, ...rest] = pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (!first || !second || rest.length > 0) return null;
  const path = `/articles/by-slug/${encodeURIComponent(second)}`;
  return first === 'article' ? path : `${path}?location=${encodeURIComponent(first)}`;
}

const premium: Island = async (element) => {
  // An anonymous reader keeps the server's lead and paywall: nothing more to load.
  if (!document.documentElement.classList.contains(SESSION_HINT_CLASS)) return;
  const { apiGet, hasSession, SIGNED_OUT_EVENT } = await import('./lib/session');
  const gate = element.querySelector<HTMLElement>('.gate-pending');
  const content = element.querySelector<HTMLElement>('.article-content');
  const show = (signedIn: boolean) => {
    if (signedIn) gate?.querySelector('.paywall a[href="/auth"]')?.remove();
    gate?.classList.remove('gate-pending');
  };
  const path = viewPath(location.pathname);
  if (!gate || !content || !path || !hasSession()) {
    show(false);
    return;
  }
  let view: ArticleView | null = null;
  try {
    view = await apiGet<ArticleView>(path);
  } catch (error) {
    console.error('premium article failed to load', error);
  }
  if (!view || view.gated) {
    show(Boolean(view));
    return;
  }
  const lead = content.innerHTML;
  const parent = gate.parentNode;
  const next = gate.nextSibling;
  content.innerHTML = view.content;
  content.classList.remove('is-gated');
  gate.remove();
  // Signed out from the header: the anonymous view again, lead and paywall.
  window.addEventListener(
    SIGNED_OUT_EVENT,
    () => {
      content.innerHTML = lead;
      content.classList.add('is-gated');
      show(false);
      parent?.insertBefore(gate, next);
    },
    { once: true },
  );
};

export default premium;
