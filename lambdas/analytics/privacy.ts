// What the analytics context holds about a person (the daily counters of the pages of their articles,
// as their author) for Meus dados, and its part of an account deletion: their author counters go; the
// counters of their articles stay (the site's figures), moved to the anonymous author like the articles.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryAll, tableName, type Item } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { authorIndexPk, COUNT_FIELDS, scopeKey, scopePk } from './items';

const EXPORT = ['day', ...COUNT_FIELDS] as const;
/** Article counters moved at once. */
const PARALLEL = 10;

const authorPartition = (userId: string) => scopePk(scopeKey({ kind: 'author', authorId: userId }));
const byAuthor = authorIndexPk;

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const items = await queryAll({ partition: authorPartition(subject.user_id), fields: EXPORT });
  return { author_counters: items.map((item) => Object.fromEntries(EXPORT.map((field) => [field, item[field] ?? (field === 'day' ? null : 0)]))) };
}

/** An article's counter leaves the person's index for the anonymous author's; only while it is still in theirs. */
function moveToAnonymous(item: Item, userId: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET author_id = :anonymous, gsi2pk = :to',
        ConditionExpression: 'gsi2pk = :from',
        ExpressionAttributeValues: { ':anonymous': ANONYMOUS_AUTHOR_ID, ':to': byAuthor(ANONYMOUS_AUTHOR_ID), ':from': byAuthor(userId) },
      }),
    ),
  );
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const userId = subject.user_id;
  const [own, articles] = await Promise.all([
    queryAll({ partition: authorPartition(userId), fields: ['pk', 'sk'] }),
    queryAll({ index: 'gsi2', partition: byAuthor(userId), fields: ['pk', 'sk'] }),
  ]);
  if (own.length) await batchDelete(own.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
  let moved = 0;
  for (let start = 0; start < articles.length; start += PARALLEL) {
    const done = await Promise.all(articles.slice(start, start + PARALLEL).map((item) => moveToAnonymous(item, userId)));
    moved += done.filter(Boolean).length;
  }
  return { author_counters: own.length, article_counters_anonymised: moved };
}

export const personalData: PersonalData = { context: 'analytics', collect, erase };
