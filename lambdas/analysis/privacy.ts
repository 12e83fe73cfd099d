// What the analysis context holds about a person (their judgements of the AI panel's suggestions,
// the training records) for Meus dados, and its part of an account deletion: the analyzer keeps
// learning from the judgement, not from the judge. Each record moves to the anonymous judge's key
// (its sort key ends with the judge's id) in one transaction: the Put of the same item under
// `…#autor-anonimo`, and the Delete of the old key while approved_by is still the person. Two deleted
// judges of the same suggestion on one article end as one record, as a later judgement replaces an
// earlier one.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, queryAll, tableName, type Item, type Key } from '../platform/dynamo';
import type { PersonalData, Subject } from '../privacy/public';
import { LOCATION_TRAINING_INDEX, TAG_TRAINING_INDEX, trainingKeyUnder } from './items';

const TAG_EXPORT = ['article_id', 'suggested_tag', 'was_approved', 'custom', 'judged_at'] as const;
const LOCATION_EXPORT = ['article_id', 'suggested_location', 'was_approved', 'judged_at'] as const;
/** Records moved at once: each is its own transaction. */
const PARALLEL = 8;

const pick = (item: Item, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));
const keyOf = (item: Item): Key => ({ pk: String(item.pk), sk: String(item.sk) });

/**
 * The person's training records of one kind. The records are indexed by time, not by judge, so an
 * export or a deletion reads the whole training index once (keys and judge only, every page) and
 * keeps the person's: fine for a rare request, and a Query of the index, never a Scan of the table.
 */
async function judgedBy(index: string, userId: string, fields: readonly string[]): Promise<Item[]> {
  const items = await queryAll({ index: 'gsi1', partition: index, fields: ['pk', 'sk', 'approved_by', ...fields] });
  return items.filter((item) => item.approved_by === userId);
}

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const [tags, locations] = await Promise.all([
    judgedBy(TAG_TRAINING_INDEX, subject.user_id, TAG_EXPORT),
    judgedBy(LOCATION_TRAINING_INDEX, subject.user_id, LOCATION_EXPORT),
  ]);
  return {
    tag_judgements: tags.map((item) => ({ ...pick(item, TAG_EXPORT), custom: item.custom === true })),
    location_judgements: locations.map((item) => pick(item, LOCATION_EXPORT)),
  };
}

/** Moves one record to the anonymous judge; false when it is no longer the person's (a second run). */
async function anonymise(key: Key, userId: string): Promise<boolean> {
  const target = trainingKeyUnder(key, userId, ANONYMOUS_AUTHOR_ID);
  if (!target || userId === ANONYMOUS_AUTHOR_ID) return false;
  const item = await getItem(key, true);
  if (!item || item.approved_by !== userId) return false;
  const TableName = tableName();
  return conditionalWrite(() =>
    ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          { Put: { TableName, Item: { ...item, ...target, approved_by: ANONYMOUS_AUTHOR_ID } } },
          {
            Delete: {
              TableName,
              Key: key,
              ConditionExpression: '#judge = :me',
              ExpressionAttributeNames: { '#judge': 'approved_by' },
              ExpressionAttributeValues: { ':me': userId },
            },
          },
        ],
      }),
    ),
  );
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const userId = subject.user_id;
  const [tags, locations] = await Promise.all([judgedBy(TAG_TRAINING_INDEX, userId, []), judgedBy(LOCATION_TRAINING_INDEX, userId, [])]);
  const keys = [...tags, ...locations].map(keyOf);
  let anonymised = 0;
  for (let start = 0; start < keys.length; start += PARALLEL) {
    const done = await Promise.all(keys.slice(start, start + PARALLEL).map((key) => anonymise(key, userId)));
    anonymised += done.filter(Boolean).length;
  }
  return { judgements_anonymised: anonymised };
}

export const personalData: PersonalData = { context: 'analysis', collect, erase };
