// DynamoDB access for pautas (keys in items.ts, charted in lambdas/DATA.md): Gets, Queries on the
// two indexes and conditional writes; nothing scans.
import { PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { STORY_STATUSES, type StoryCounts, type StoryStatus } from '../../shared/storyboard';
import { ddb } from '../platform/clients';
import { countItems, getItem, queryPage, tableName } from '../platform/dynamo';
import { ALL_INDEX_PK, fromItem, statusIndexPk, storyItem, storyKey, type StoryRecord } from './items';

export async function insertStory(record: StoryRecord): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: storyItem(record), ConditionExpression: 'attribute_not_exists(pk)' }));
}

export async function getStory(id: string): Promise<StoryRecord | undefined> {
  const item = await getItem(storyKey(id), true);
  return item && fromItem(item);
}

/** A page newest first: every pauta, or those of one status. */
export async function listStories(status: StoryStatus | undefined, limit: number, cursor: string | undefined) {
  const spec = status ? { index: 'gsi2' as const, partition: statusIndexPk(status) } : { index: 'gsi1' as const, partition: ALL_INDEX_PK };
  const page = await queryPage({ ...spec, descending: true, limit }, cursor);
  return { records: page.items.map(fromItem), cursor: page.cursor };
}

/** One COUNT Query per status, at once; 'all' is their sum. */
export async function countStories(): Promise<StoryCounts> {
  const counts = await Promise.all(STORY_STATUSES.map((status) => countItems({ index: 'gsi2', partition: statusIndexPk(status) })));
  const byStatus = Object.fromEntries(STORY_STATUSES.map((status, index) => [status, counts[index] ?? 0])) as Record<StoryStatus, number>;
  return { ...byStatus, all: counts.reduce((total, count) => total + count, 0) };
}

export type StoryChange = Partial<Pick<StoryRecord, 'status' | 'assigned_to' | 'assigned_by' | 'assigned_at' | 'article_id'>>;

/** Sets the changed fields (the status moves its gsi2 key along); undefined when the pauta is gone. */
export async function updateStory(id: string, change: StoryChange, now: string): Promise<StoryRecord | undefined> {
  const fields: Record<string, unknown> = { ...change, updated_at: now, ...(change.status ? { gsi2pk: statusIndexPk(change.status) } : {}) };
  const sent = Object.entries(fields).filter(([, value]) => value !== undefined);
  try {
    const result = await ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: storyKey(id),
        ConditionExpression: 'attribute_exists(pk)',
        UpdateExpression: `SET ${sent.map(([name]) => `#${name} = :${name}`).join(', ')}`,
        ExpressionAttributeNames: Object.fromEntries(sent.map(([name]) => [`#${name}`, name])),
        ExpressionAttributeValues: Object.fromEntries(sent.map(([name, value]) => [`:${name}`, value])),
        ReturnValues: 'ALL_NEW',
      }),
    );
    return fromItem(result.Attributes ?? {});
  } catch (error) {
    if ((error as { name?: string }).name === 'ConditionalCheckFailedException') return undefined;
    throw error;
  }
}
