// Each page's <title> and meta description, set from the page itself (no head-manager dependency).
import { useEffect } from 'react';
import { SITE_DESCRIPTION } from './page-title';

export { pageTitle, SITE_DESCRIPTION, SITE_TITLE } from './page-title';

function descriptionMeta(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

/** Sets the title (and the description, or the site's default) while the page is shown; null waits for data. */
export function usePageMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = title;
    descriptionMeta().content = description || SITE_DESCRIPTION;
  }, [title, description]);
}

/** Keeps search engines off a page while it is shown (a draft event opened by its staff): robots noindex. */
export function useNoindex(noindex: boolean) {
  useEffect(() => {
    if (!noindex) return;
    const meta = document.createElement('meta');
    meta.name = 'robots';
    meta.content = 'noindex';
    document.head.append(meta);
    return () => meta.remove();
  }, [noindex]);
}
