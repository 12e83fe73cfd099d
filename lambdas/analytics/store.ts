// Reading and writing the analytics items: visitor days (optimistic lock on `rev`), counters (ADD,
// once per scope per batch) and the report's queries, each over a range of days (never a Scan).
import { PutCommand, QueryCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, tableName, type Item } from '../platform/dynamo';
import { batchGet } from '../platform/dynamo-batch';
import { articleIndexKeys, COUNT_FIELDS, counterKey, readVisitorDay, visitorExpiry, visitorKey, type Counts, type VisitorDay } from './items';

/** The visitor days of a batch, by `<day>#<visitor>`; a day not yet written is empty. */
export async function loadVisitorDays(ids: readonly { day: string; visitor: string }[]): Promise<Map<string, VisitorDay>> {
  const items = await batchGet(ids.map(({ day, visitor }) => visitorKey(day, visitor)));
  const byPk = new Map(items.map((item) => [String(item.pk), item]));
  return new Map(ids.map(({ day, visitor }) => [`${day}#${visitor}`, readVisitorDay(byPk.get(visitorKey(day, visitor).pk))]));
}

/** A consistent read of one visitor day, after a lost race. */
export async function reloadVisitorDay(day: string, visitor: string): Promise<VisitorDay> {
  return readVisitorDay(await getItem(visitorKey(day, visitor), true));
}

/** Writes the day if nobody wrote it since it was read; false when someone did. */
export function saveVisitorDay(day: string, visitor: string, state: VisitorDay): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: { ...visitorKey(day, visitor), entity: 'analytics_visitor', ...state, rev: state.rev + 1, expires_at: visitorExpiry(day) },
        ConditionExpression: state.rev === 0 ? 'attribute_not_exists(pk)' : 'rev = :rev',
        ExpressionAttributeValues: state.rev === 0 ? undefined : { ':rev': state.rev },
      }),
    ),
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

/** A scope's counters for the days in [from, to], by day (days without views are absent). */
export async function scopeDays(scope: string, from: string, to: string): Promise<Map<string, Counts>> {
  const items = await queryBetween({ pkName: 'pk', skName: 'sk', partition: `ANALYTICS#${scope}`, from, to });
  return new Map(items.map((item) => [String(item.sk), countsOf(item)]));
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

