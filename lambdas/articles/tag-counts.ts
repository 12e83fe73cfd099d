// How many articles (any status) carry each tag: the tag management's list. Article writes move the
// counters in the same transaction (article-store.ts), like the city counters.
import type { TagCount } from '../../shared/tags';
import { queryAll, tableName, type TransactItem } from '../platform/dynamo';
import type { ArticleRecord } from './article';

const TAGS_PK = 'TAGS';
type CounterUpdate = NonNullable<TransactItem['Update']>;

/** One tag's counter moved by `delta` (the import moves each once per batch). */
export const tagCountUpdate = (tag: string, delta: number): CounterUpdate => ({
  TableName: tableName(),
  Key: { pk: TAGS_PK, sk: `TAG#${tag}` },
  UpdateExpression: 'SET entity = :e, tag = :t ADD #count :d',
  ExpressionAttributeNames: { '#count': 'count' },
  ExpressionAttributeValues: { ':e': 'tag_count', ':t': tag, ':d': delta },
});

/** The counter updates that take an article from `before` to `after` (undefined: absent). */
export function tagCountUpdates(before: ArticleRecord | undefined, after: ArticleRecord | undefined): CounterUpdate[] {
  const [was, is] = [new Set(before?.tags ?? []), new Set(after?.tags ?? [])];
  return [...[...is].filter((tag) => !was.has(tag)).map((tag) => tagCountUpdate(tag, 1)), ...[...was].filter((tag) => !is.has(tag)).map((tag) => tagCountUpdate(tag, -1))];
}

/** Tags in use, most used first, then alphabetically. */
export async function tagCounts(): Promise<TagCount[]> {
  return (await queryAll({ partition: TAGS_PK }))
    .map((item) => ({ tag: String(item.tag), count: Number(item.count ?? 0) }))
    .filter((entry) => entry.count > 0)
    .sort((a, b) => b.count - a.count || (a.tag < b.tag ? -1 : a.tag > b.tag ? 1 : 0));
}
