// The newsroom desk: an author's own articles with their counts, and the editors' review queue.
import type { MyArticle, MyArticles, ReviewQueue, SeoValidation } from '../../shared/api-types';
import { ARTICLE_MESSAGES, type ArticleStatus } from '../../shared/articles';
import { can } from '../../shared/roles';
import { batchRead } from '../platform/dynamo-batch';
import { forbidden } from '../platform/errors';
import { isPublished, type ArticleRowRecord } from './article';
import * as store from './article-store';
import { authorsOf, readerFor } from './people';
import { latestSeo } from './seo-store';
import { viewCounts } from './views';

const REVIEW_QUEUE_SIZE = 50;

interface RowExtras {
  views: (articleId: string) => number;
  seo: (articleId: string) => SeoValidation | null;
}
const NO_EXTRAS: RowExtras = { views: () => 0, seo: () => null };

function toMyArticle(article: ArticleRowRecord, extras: RowExtras): MyArticle {
  return {
    id: article.id,
    slug: article.slug,
    title: article.title,
    summary: article.summary,
    status: article.status,
    visibility: article.visibility,
    views_count: extras.views(article.id),
    location_path: article.location_path,
    published_at: article.published_at,
    created_at: article.created_at,
    updated_at: article.updated_at,
    seo: extras.seo(article.id),
  };
}

/** The caller's articles, newest first, with views and (for published ones) the latest SEO result. */
export async function myArticles(userId: string): Promise<MyArticles> {
  const articles = await store.articlesByAuthor(userId);
  const extras = await batchRead({
    views: viewCounts(articles.map((article) => article.id)),
    seo: latestSeo(articles.filter(isPublished).map((article) => article.id)),
  });
  const list = articles.map((article) => toMyArticle(article, extras));
  const count = (status: ArticleStatus) => list.filter((article) => article.status === status).length;
  return {
    articles: list,
    counts: { all: list.length, draft: count('draft'), review: count('review'), published: count('published') },
  };
}

/** The editors' queue: articles in review from every author (spec 6: review is an editor's task). */
export async function reviewQueue(userId: string): Promise<ReviewQueue> {
  const reader = await readerFor(userId);
  if (!can(reader.roles, 'article.set-status')) throw forbidden(ARTICLE_MESSAGES.reviewForbidden);
  const articles = await store.inReview(REVIEW_QUEUE_SIZE);
  const { author } = await batchRead({ author: authorsOf(articles.map((article) => article.author_id)) });
  return { articles: articles.map((article) => ({ ...toMyArticle(article, NO_EXTRAS), author: author(article.author_id) })) };
}
