// The site's name in page titles, without React: page-meta.ts (the app) and the islands share it.
export const SITE_TITLE = 'Portal Plural';
/** The description of pages without their own (index.html carries the same). */
export const SITE_DESCRIPTION = 'Portal Plural — jornal plural e comunidade de escritores. Notícias, artigos e eventos.';

/** 'Entrar — Portal Plural' */
export const pageTitle = (name: string) => `${name} — ${SITE_TITLE}`;
