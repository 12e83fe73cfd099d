// The author page's small rules, apart from the page so the unit tests reach them without React.
import { formatNumber } from '../../../lib/format';
import { authorPath } from './paths';

/** '1 artigo publicado', '12 artigos publicados' (0 is plural in Portuguese). */
export const publishedCountLabel = (count: number) => `${formatNumber(count)} ${count === 1 ? 'artigo publicado' : 'artigos publicados'}`;

/** A page's address; the first has no ?page=, so each list has one address. */
export const authorPageHref = (authorId: string, page: number) => (page > 1 ? `${authorPath(authorId)}?page=${page}` : authorPath(authorId));
