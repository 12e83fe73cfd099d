// Reading and writing the analytics items: visitor and source days (optimistic lock on `rev`, written
// together), counters (ADD, once per scope per batch) and the report's queries, each over a range of
// days (never a Scan).
import { QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { cancelledItemIndex, getItem, tableName, type Item, type Key } from '../platform/dynamo';
import { batchGet } from '../platform/dynamo-batch';
import {
  articleIndexKeys,
  COUNT_FIELDS,
  counterKey,
  discardField,
  DISCARD_REASONS,
  noDiscards,
  readSourceDay,
  readVisitorDay,
  sourceKey,
  visitorExpiry,
  visitorKey,
  type Counts,
  type Discards,
  type SourceDay,
  type VisitorDay,
} from './items';

/** The visitor and source days of a batch, by `<day>#<visitor>` and `<day>#<source>`; a day not yet written is empty. */
export async function loadDays(
  visitors: readonly { day: string; visitor: string }[],
  sources: readonly { day: string; source: string }[],
): Promise<{ visitors: Map<string, VisitorDay>; sources: Map<string, SourceDay> }> {
  const items = await batchGet([...visitors.map(({ day, visitor }) => visitorKey(day, visitor)), ...sources.map(({ day, source }) => sourceKey(day, source))]);
  const byPk = new Map(items.map((item) => [String(item.pk), item]));
  return {
    visitors: new Map(visitors.map(({ day, visitor }) => [`${day}#${visitor}`, readVisitorDay(byPk.get(visitorKey(day, visitor).pk))])),
    sources: new Map(sources.map(({ day, source }) => [`${day}#${source}`, readSourceDay(byPk.get(sourceKey(day, source).pk))])),
  };
}

/** Consistent reads of some visitors' days and their source's, after a lost race. */
export async function reloadDays(day: string, visitors: readonly string[], source: string): Promise<{ visitors: Map<string, VisitorDay>; source: SourceDay }> {
  const [sourceItem, ...visitorItems] = await Promise.all([getItem(sourceKey(day, source), true), ...visitors.map((visitor) => getItem(visitorKey(day, visitor), true))]);
  return { visitors: new Map(visitors.map((visitor, index) => [visitor, readVisitorDay(visitorItems[index])])), source: readSourceDay(sourceItem) };
}

/** A put of a day's state if nobody wrote it since it was read (`rev` is the revision read). */
function lockedPut(key: Key, entity: string, state: { rev: number }, day: string) {
  return {
    Put: {
      TableName: tableName(),
      Item: { ...key, entity, ...state, rev: state.rev + 1, expires_at: visitorExpiry(day) },
      ConditionExpression: state.rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
      ExpressionAttributeValues: state.rev === 0 ? undefined : { ':rev': state.rev },
    },
  };
}

/**
 * Writes visitors' days and their source's together if nobody wrote any of them since they were read;
 * false when someone did (or another batch's transaction was writing one of them at that moment).
 */
export async function saveDays(day: string, visitors: readonly { visitor: string; state: VisitorDay }[], source: string, sourceDay: SourceDay): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          lockedPut(sourceKey(day, source), 'analytics_source', sourceDay, day),
          ...visitors.map(({ visitor, state }) => lockedPut(visitorKey(day, visitor), 'analytics_visitor', state, day)),
        ],
      }),
    );
    return true;
  } catch (error) {
    if (cancelledItemIndex(error) !== undefined) return false;
    throw error;
  }
}

/** Adds a batch's discarded beacons, by reason, to the site's day. */
export async function addDiscards(day: string, discards: Discards): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: counterKey('site', day),
      UpdateExpression: `ADD ${DISCARD_REASONS.map((reason) => `#${reason} :${reason}`).join(', ')} SET entity = :entity, #day = :day`,
      ExpressionAttributeNames: { ...Object.fromEntries(DISCARD_REASONS.map((reason) => [`#${reason}`, discardField(reason)])), '#day': 'day' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(DISCARD_REASONS.map((reason) => [`:${reason}`, discards[reason]])),
        ':entity': 'analytics_counter',
        ':day': day,
      },
    }),
  );
}

/** Adds a batch's counts to a scope's day; an article's counter also carries its index keys. */
export async function addCounts(scope: string, day: string, counts: Counts): Promise<void> {
  const article = /^article#([^#]+)#author#(.+)$/.exec(scope);
  const key = article ? counterKey(`article#${article[1]}`, day) : counterKey(scope, day);
  const extra = article ? { article_id: article[1]!, author_id: article[2]!, ...articleIndexKeys(article[1]!, article[2]!, day) } : {};
  const sets = Object.keys(extra).map((name) => `${name} = :${name}`);
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: key,
      UpdateExpression: `ADD ${COUNT_FIELDS.map((field) => `#${field} :${field}`).join(', ')} SET entity = :entity, #day = :day${sets.length ? ', ' + sets.join(', ') : ''}`,
      ExpressionAttributeNames: { ...Object.fromEntries(COUNT_FIELDS.map((field) => [`#${field}`, field])), '#day': 'day' },
      ExpressionAttributeValues: {
        ...Object.fromEntries(COUNT_FIELDS.map((field) => [`:${field}`, counts[field]])),
        ':entity': 'analytics_counter',
        ':day': day,
        ...Object.fromEntries(Object.entries(extra).map(([name, value]) => [`:${name}`, value])),
      },
    }),
  );
}

const countsOf = (item: Item): Counts => Object.fromEntries(COUNT_FIELDS.map((field) => [field, Number(item[field] ?? 0)])) as unknown as Counts;

async function queryBetween(input: { index?: 'gsi1' | 'gsi2'; pkName: string; skName: string; partition: string; from: string; to: string }): Promise<Item[]> {
  const items: Item[] = [];
  let start: Record<string, unknown> | undefined;
  do {
    const page = await ddb().send(
      new QueryCommand({
        TableName: tableName(),
        IndexName: input.index,
        KeyConditionExpression: '#pk = :pk AND #sk BETWEEN :from AND :to',
        ExpressionAttributeNames: { '#pk': input.pkName, '#sk': input.skName },
        ExpressionAttributeValues: { ':pk': input.partition, ':from': input.from, ':to': input.to },
        ExclusiveStartKey: start,
      }),
    );
    items.push(...(page.Items ?? []));
    start = page.LastEvaluatedKey;
  } while (start);
  return items;
}

/** A scope's counters for the days in [from, to], by day (days without views are absent), and the beacons discarded (the site's only). */
export async function scopeDays(scope: string, from: string, to: string): Promise<{ days: Map<string, Counts>; discards: Discards }> {
  const items = await queryBetween({ pkName: 'pk', skName: 'sk', partition: `ANALYTICS#${scope}`, from, to });
  const discards = noDiscards();
  for (const item of items) for (const reason of DISCARD_REASONS) discards[reason] += Number(item[discardField(reason)] ?? 0);
  return { days: new Map(items.map((item) => [String(item.sk), countsOf(item)])), discards };
}

export interface ArticleDay {
  articleId: string;
  authorId: string;
  counts: Counts;
}

const articleDayOf = (item: Item): ArticleDay => ({ articleId: String(item.article_id), authorId: String(item.author_id ?? ''), counts: countsOf(item) });

/** An author's articles' counters over [from, to] (one Query of their index). */
export async function authorArticleDays(authorId: string, from: string, to: string): Promise<ArticleDay[]> {
  const items = await queryBetween({ index: 'gsi2', pkName: 'gsi2pk', skName: 'gsi2sk', partition: `ANALYTICS_BY#${authorId}`, from, to: `${to}#\uffff` });
  return items.map(articleDayOf);
}

/** Every article's counters over [from, to] (one Query per calendar month the range touches). */
export async function siteArticleDays(from: string, to: string): Promise<ArticleDay[]> {
  const months: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = nextMonth(month)) months.push(month);
  const perMonth = await Promise.all(
    months.map((month) => queryBetween({ index: 'gsi1', pkName: 'gsi1pk', skName: 'gsi1sk', partition: `ANALYTICS_ARTICLES#${month}`, from, to: `${to}#\uffff` })),
  );
  return perMonth.flat().map(articleDayOf);
}

function nextMonth(month: string): string {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return number === 12 ? `${year + 1}-01` : `${year}-${String(number + 1).padStart(2, '0')}`;
}

