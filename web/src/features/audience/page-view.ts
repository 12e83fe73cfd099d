// Page views of the public pages: each page calls usePageView once. A view begins on the first load
// and on each client-side navigation (its 'view' beacon) and ends once, at pagehide, when the tab
// is hidden or when the reader navigates away (its 'exit' beacon; see tracker.ts).
import { useEffect, useState } from 'react';
import { useLocation } from 'react-router-dom';
import { loadTracker } from './store';

/**
 * Counts the page as viewed while it is mounted; a new view for another path or article. An article
 * page passes its article once loaded (`ready` false meanwhile). A page restored from the
 * back/forward cache is a view again.
 */
export function usePageView(articleId?: string, ready = true): void {
  const { pathname } = useLocation();
  const [restored, setRestored] = useState(0);
  useEffect(() => {
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setRestored((count) => count + 1);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);
  useEffect(() => {
    if (!ready) return;
    let stop: (() => void) | undefined;
    let left = false;
    loadTracker()
      .then((tracker) => {
        if (!left) stop = tracker.startView(pathname, articleId);
      })
      .catch(() => undefined);
    return () => {
      left = true;
      stop?.();
    };
  }, [pathname, articleId, ready, restored]);
}
