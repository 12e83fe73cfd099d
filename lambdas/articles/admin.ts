// The master's view of articles (admin › Artigos) and the dashboard's counts. The list reads the
// articles' rows through gsi3, which holds only a row's fields (article.ts): the shards of one status,
// or of every status, merged newest first,
// filtered by author and by words of the title; a status change goes through the same save as an
// edit (new version, events, audit entry), keeping published_at when it has one.
import type { AdminArticle, AdminArticleQuery, ArticleStats, StatusCounts } from '../../shared/admin-articles';
import { foldAccents, type ArticleStatus } from '../../shared/article-rules';
import { can } from '../../shared/roles';
import { countItems, getItem, type Item } from '../platform/dynamo';
import { batchRead } from '../platform/dynamo-batch';
import { authorProfiles, requireMaster } from '../users/public';
import { queryMergedPage } from '../platform/sharded';
import { ARTICLE_STATUSES } from '../../shared/article-rules';
import { ADMIN_LIST, articleEntity, statusCounter } from './article';
import * as store from './article-store';
import { apply, editable } from './authoring';
import { readerFor } from './people';

const PAGE_SIZE = 20;
const READS = 10;

async function withAuthors(items: Item[]): Promise<AdminArticle[]> {
  const { profiles } = await batchRead({ profiles: authorProfiles([...new Set(items.map((item) => String(item.author_id)))]) });
  return items.map((item) => ({
    id: String(item.id),
    title: String(item.title),
    slug: String(item.slug),
    location_path: typeof item.location_path === 'string' && item.location_path ? item.location_path : null,
    author_id: String(item.author_id),
    author_name: profiles.get(String(item.author_id))?.full_name || 'Autor Anônimo',
    status: item.status as ArticleStatus,
    visibility: item.visibility === 'premium' ? 'premium' : 'public',
    created_at: String(item.created_at),
    published_at: typeof item.published_at === 'string' ? item.published_at : null,
    updated_at: String(item.updated_at),
    version: Number(item.version),
  }));
}

/** GET /api/admin/articles?status=&author=&q=&cursor= */
export async function listArticles(userId: string, query: AdminArticleQuery) {
  await requireMaster(userId);
  const partitions = (query.status ? [query.status] : ARTICLE_STATUSES).flatMap((status) => ADMIN_LIST.status(status));
  const term = foldAccents(query.q ?? '').trim();
  const clauses = [
    ...(query.author ? [{ expression: 'author_id = :author', values: { ':author': query.author } }] : []),
    ...(term ? [{ expression: 'contains(search_title, :q)', values: { ':q': term } }] : []),
  ];
  const filter = clauses.length
    ? { expression: clauses.map((clause) => clause.expression).join(' AND '), values: Object.assign({}, ...clauses.map((clause) => clause.values)) }
    : undefined;
  const page = await queryMergedPage({ index: 'gsi3', partitions, descending: true }, filter, query.cursor, { size: PAGE_SIZE, maxReads: READS });
  return { items: await withAuthors(page.items), next_cursor: page.cursor ?? null };
}

/** PATCH /api/admin/articles/{id}/status */
export async function setStatus(userId: string, id: string, status: ArticleStatus): Promise<AdminArticle> {
  await requireMaster(userId);
  const target = await editable(userId, id);
  const saved = await apply(userId, target, { changes: { status }, baseVersion: target.article.version });
  const listing = await getItem(articleEntity.key(saved.id), true);
  const [article] = await withAuthors(listing ? [listing] : []);
  return article as AdminArticle;
}

const countsOf = (item: Item | undefined): StatusCounts => ({
  draft: Math.max(0, Number(item?.draft ?? 0)),
  review: Math.max(0, Number(item?.review ?? 0)),
  published: Math.max(0, Number(item?.published ?? 0)),
});

/** GET /api/articles/stats: the caller's articles per status; the portal's and the review queue for editors and masters. */
export async function stats(userId: string): Promise<ArticleStats> {
  const reader = await readerFor(userId);
  const staff = can(reader.roles, 'article.set-status');
  const [mine, portal, pending] = await Promise.all([
    store.articlesByAuthor(userId),
    staff ? getItem(statusCounter.key) : Promise.resolve(undefined),
    staff ? countItems({ index: 'gsi2', partition: 'REVIEW' }) : Promise.resolve(null),
  ]);
  const own: StatusCounts = { draft: 0, review: 0, published: 0 };
  for (const row of mine) own[row.status] += 1;
  return { mine: own, portal: staff ? countsOf(portal) : null, pending_reviews: pending };
}
