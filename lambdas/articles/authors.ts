// The author page: the author's public profile and badge, and their published articles, newest first,
// a page at a time. Reads the user's partition (users context), then the sparse author-page index
// (article.ts, authorFeedEntity): a COUNT and a key-only Query; then one BatchGet of the page's cards
// and view counters. The author of every card is the page's own, so no other profile is read.
import type { AuthorPage, AuthorRef } from '../../shared/api-types';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES } from '../../shared/articles';
import { batchRead } from '../platform/dynamo-batch';
import { badRequest } from '../platform/errors';
import { authorProfile } from '../users/public';
import { isPublished, type ArticleCardRecord } from './article';
import * as store from './article-store';
import { toCard } from './reading';
import { viewCounts } from './views';

const PAGE_SIZE = ARTICLE_LIMITS.authorPageSize;
/** Pages this near the front are read beside the count; a farther one waits for it, so a page past the end reads nothing. */
const EAGER_PAGES = 5;
// User ids are Cognito subs: anything else is nobody, and never becomes an oversized key.
const USER_ID = /^[\w-]{1,128}$/;

/**
 * One page of an author's page, or null when the author is unknown (no profile and no published
 * article). `page` counts from 1 (authorPageQuerySchema reads it from an address); anything else is a 400.
 */
export async function authorPage(authorId: string, page: number): Promise<AuthorPage | null> {
  if (!Number.isSafeInteger(page) || page < 1) throw badRequest(ARTICLE_MESSAGES.invalidPage, 'page');
  if (!USER_ID.test(authorId)) return null;
  const skip = (page - 1) * PAGE_SIZE;
  const upTo = page * PAGE_SIZE;
  const [user, count, eager] = await Promise.all([
    authorProfile(authorId),
    store.countPublishedBy(authorId),
    page <= EAGER_PAGES ? store.publishedIdsBy(authorId, upTo) : undefined,
  ]);
  if (!user.profile && count === 0) return null;
  const ids = (eager ?? (skip < count ? await store.publishedIdsBy(authorId, upTo) : [])).slice(skip, upTo);

  const author: AuthorRef = {
    id: authorId,
    full_name: user.profile?.full_name || ARTICLE_MESSAGES.anonymousAuthor,
    avatar_url: user.profile?.avatar_url ?? '',
  };
  const { cards, views } = await batchRead({ cards: store.articleCards(ids), views: viewCounts(ids) });
  const records = ids.map(cards).filter((record): record is ArticleCardRecord => isPublished(record));
  return {
    author: { ...author, bio: user.profile?.bio ?? '', role: user.role },
    published_count: count,
    page,
    page_size: PAGE_SIZE,
    total_pages: Math.ceil(count / PAGE_SIZE),
    articles: records.map((record) => toCard(record, { author: () => author, views })),
  };
}
