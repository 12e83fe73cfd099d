// Each page's <title> and meta description, set from the page itself (no head-manager dependency).
import { useEffect } from 'react';

export const SITE_TITLE = 'Portal Plural';

/** 'Entrar — Portal Plural' */
export const pageTitle = (name: string) => `${name} — ${SITE_TITLE}`;

function descriptionMeta(): HTMLMetaElement {
  let meta = document.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) {
    meta = document.createElement('meta');
    meta.name = 'description';
    document.head.append(meta);
  }
  return meta;
}

// The description index.html ships with: pages without their own fall back to it.
const DEFAULT_DESCRIPTION = typeof document === 'undefined' ? '' : descriptionMeta().content;

/** Sets the title (and the description, or the site's default) while the page is shown; null waits for data. */
export function usePageMeta(title: string | null, description?: string | null) {
  useEffect(() => {
    if (title === null) return;
    document.title = title;
    descriptionMeta().content = description || DEFAULT_DESCRIPTION;
  }, [title, description]);
}
