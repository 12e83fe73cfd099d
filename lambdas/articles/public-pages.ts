// The public pages as the server renders them (lambdas/pages): what the API's public routes answer an
// anonymous reader, read straight from the table rather than over HTTP.
import type { ArticleCard, ArticleView } from '../../shared/api-types';
import { AppError } from '../platform/errors';
import { authorPage } from './authors';
import { anonymousArticlePage } from './reading';

/**
 * The anonymous view of a published article (a premium one cut to its lead) with its related
 * articles, or null when there is none at this address.
 */
export async function anonymousArticle(slug: string, location: string | null): Promise<{ article: ArticleView; related: ArticleCard[] } | null> {
  try {
    return await anonymousArticlePage(slug, location ?? undefined);
  } catch (error) {
    if (error instanceof AppError && error.status === 404) return null;
    throw error;
  }
}

/** The addresses of an author's published articles (their pages show the author's name and avatar). */
export async function authorArticleAddresses(authorId: string): Promise<{ slug: string; location_path: string | null }[]> {
  const addresses: { slug: string; location_path: string | null }[] = [];
  for (let page = 1; ; page += 1) {
    const found = await authorPage(authorId, page);
    if (!found) return addresses;
    addresses.push(...found.articles.map((article) => ({ slug: article.slug, location_path: article.location_path })));
    if (page >= found.total_pages) return addresses;
  }
}
