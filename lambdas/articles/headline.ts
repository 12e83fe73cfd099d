// An article as other contexts need to name it and guard it: its title, author and status in one
// small GetItem (notifications name the article), and who may edit it (only they may follow its
// internal comments live).
import { GetCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { projection, tableName } from '../platform/dynamo';
import type { BatchPart } from '../platform/dynamo-batch';
import { articleEntity, type ArticleRecord } from './article';
import { mayEdit } from './gating';
import { readerFor } from './people';

export type ArticleHeadline = Pick<ArticleRecord, 'id' | 'title' | 'author_id' | 'status'>;

const HEADLINE_FIELDS = ['id', 'title', 'author_id', 'status'] as const;
const ARTICLE_ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** The article's title, author and status, or undefined when there is no such article. */
export async function articleHeadline(articleId: string): Promise<ArticleHeadline | undefined> {
  if (!ARTICLE_ID.test(articleId)) return undefined;
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: articleEntity.key(articleId), ...projection(HEADLINE_FIELDS) }));
  return Item && articleEntity.read(Item, HEADLINE_FIELDS);
}

const LINK_FIELDS = ['id', 'title', 'slug', 'author_id'] as const;
export type ArticleLink = Pick<ArticleRecord, (typeof LINK_FIELDS)[number]>;

/** Articles' titles and slugs as one part of a BatchGet (dashboards list the most read by id). */
export function articleLinks(articleIds: readonly string[]): BatchPart<(articleId: string) => ArticleLink | undefined> {
  const ids = [...new Set(articleIds)].filter((id) => ARTICLE_ID.test(id));
  return {
    keys: ids.map((id) => articleEntity.key(id)),
    fields: LINK_FIELDS,
    read: (found) => (articleId) => {
      const item = ARTICLE_ID.test(articleId) ? found(articleEntity.key(articleId)) : undefined;
      return item && articleEntity.read(item, LINK_FIELDS);
    },
  };
}

/** Of these users, those who may edit the article now (its author, editors and the master); none when it is gone. */
export async function usersWhoMayEdit(articleId: string, userIds: readonly string[]): Promise<Set<string>> {
  const unique = [...new Set(userIds)];
  const article = unique.length ? await articleHeadline(articleId) : undefined;
  if (!article) return new Set();
  const readers = await Promise.all(unique.map((userId) => readerFor(userId)));
  return new Set(readers.filter((reader) => mayEdit(reader, article)).map((reader) => reader.userId!));
}

/** Whether the user may edit the article now. */
export async function mayEditArticle(userId: string, articleId: string): Promise<boolean> {
  return (await usersWhoMayEdit(articleId, [userId])).has(userId);
}
