// An article as the analysis context reads it (through public.ts): its text, address, author and
// version in one GetItem, with the hash of its text (text-hash.ts, as ArticleSaved carries it).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { projection, tableName } from '../platform/dynamo';
import { articleEntity, type ArticleRecord } from './article';
import { articleTextHash } from './text-hash';

const FIELDS = ['id', 'title', 'summary', 'content', 'slug', 'location_path', 'author_id', 'status', 'version', 'ai_last_updated'] as const;

export type ArticleForAnalysis = Pick<ArticleRecord, (typeof FIELDS)[number]> & { text_hash: string };

const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The article's text (sanitized HTML body), address, author and version; undefined when there is none. */
export async function articleForAnalysis(articleId: string, consistent = false): Promise<ArticleForAnalysis | undefined> {
  if (!ARTICLE_ID.test(articleId)) return undefined;
  const { Item } = await ddb().send(
    new GetCommand({ TableName: tableName(), Key: articleEntity.key(articleId), ConsistentRead: consistent, ...projection(FIELDS) }),
  );
  if (!Item) return undefined;
  const article = articleEntity.read(Item, FIELDS);
  return { ...article, location_path: article.location_path ?? null, ai_last_updated: article.ai_last_updated ?? null, text_hash: articleTextHash(article) };
}
