// Titles and descriptions of the public article pages, one definition for the page (usePageMeta) and
// for the server's <head> (ssr/head.ts).
import type { ArticleView, AuthorPage } from '../../../../../shared/api-types';
import { pageTitle, SITE_DESCRIPTION, SITE_TITLE } from '../../../lib/page-meta';

export interface PageMeta {
  title: string;
  description?: string;
}

/** The home, the home of a known city, or an address naming no city of ours. */
export function homeMeta(city: string | null, cityName: string | null): PageMeta {
  if (!city) return { title: `${SITE_TITLE} — Notícias`, description: SITE_DESCRIPTION };
  if (!cityName) return { title: pageTitle('Cidade não encontrada') };
  return { title: pageTitle(cityName), description: `Últimas notícias de ${cityName} no Portal Plural.` };
}

export const articleMeta = (article: Pick<ArticleView, 'title' | 'summary'>): PageMeta => ({
  title: pageTitle(article.title),
  description: article.summary,
});

export const authorMeta = (page: Pick<AuthorPage, 'author'>): PageMeta => ({
  title: pageTitle(page.author.full_name),
  description: page.author.bio || `Artigos de ${page.author.full_name} no Portal Plural.`,
});
