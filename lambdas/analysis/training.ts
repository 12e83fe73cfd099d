// The training records (ai_training_data, ai_location_training) and what the analyzer learns from
// them: written one item per article, suggestion and person (a later judgement replaces the earlier,
// a repeated request writes the same items), read all together and folded into LearningStats, which
// each container keeps for a minute.
import { BatchWriteCommand, type BatchWriteCommandInput } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { backoffDelay, BATCH_RETRY, UnprocessedItemsError } from '../platform/dynamo-batch';
import { queryAll, tableName, type Item } from '../platform/dynamo';
import { learningFrom, type LearningStats, type LocationTrainingRecord, type TagTrainingRecord } from './analyzer';
import {
  LOCATION_TRAINING_INDEX,
  TAG_TRAINING_INDEX,
  locationTrainingEntity,
  tagTrainingEntity,
  type LocationTraining,
  type TagTraining,
} from './items';

type WriteRequest = NonNullable<BatchWriteCommandInput['RequestItems']>[string][number];

/** Puts the items, 25 per request, sending again what DynamoDB left unprocessed (then failing). */
async function batchPut(items: Item[]): Promise<void> {
  const table = tableName();
  for (let start = 0; start < items.length; start += 25) {
    let pending: WriteRequest[] = items.slice(start, start + 25).map((Item) => ({ PutRequest: { Item } }));
    for (let attempt = 0; pending.length; attempt++) {
      if (attempt > BATCH_RETRY.retries) throw new UnprocessedItemsError('BatchWrite', pending.length);
      if (attempt > 0) await BATCH_RETRY.sleep(backoffDelay(attempt - 1));
      const result = await ddb().send(new BatchWriteCommand({ RequestItems: { [table]: pending } }));
      pending = result.UnprocessedItems?.[table] ?? [];
    }
  }
}

/** Stores the judgements (idempotent: the same request writes the same items). */
export async function recordTraining(tags: readonly TagTraining[], locations: readonly LocationTraining[]): Promise<void> {
  await batchPut([...tags.map(tagTrainingEntity.toItem), ...locations.map(locationTrainingEntity.toItem)]);
  forgetLearning();
}

const LEARNING_TTL_MS = 60_000;
let cached: { stats: Promise<LearningStats>; at: number } | undefined;

async function readLearning(): Promise<LearningStats> {
  const [tags, locations] = await Promise.all([
    queryAll({ index: 'gsi1', partition: TAG_TRAINING_INDEX, fields: tagTrainingEntity.fields }),
    queryAll({ index: 'gsi1', partition: LOCATION_TRAINING_INDEX, fields: locationTrainingEntity.fields }),
  ]);
  return learningFrom({ tags: tags as unknown as TagTrainingRecord[], locations: locations as unknown as LocationTrainingRecord[] });
}

/**
 * What the newsroom taught the analyzer, from every training record, read at most once a minute per
 * container (a failed read is not kept). Other containers see new judgements within the minute.
 */
export function learningStats(now = Date.now()): Promise<LearningStats> {
  if (!cached || now - cached.at > LEARNING_TTL_MS) {
    const stats = readLearning();
    cached = { stats, at: now };
    stats.catch(() => {
      if (cached?.stats === stats) cached = undefined;
    });
  }
  return cached.stats;
}

/** This container's copy is stale (it just recorded judgements). */
export function forgetLearning(): void {
  cached = undefined;
}
