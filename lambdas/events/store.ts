// DynamoDB access for events (keys and items in items.ts, charted in lambdas/DATA.md): Gets and
// Queries only. The upcoming lists are key conditions on the start (`>= now`), so a past event leaves
// them by itself.
import { PutCommand, QueryCommand, TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import type { EventCard } from '../../shared/events';
import { auditPut, type AuditInput } from '../audit/public';
import { ddb } from '../platform/clients';
import { decodeCursor, encodeCursor, getItem, projection, query, queryAll, tableName, type Item } from '../platform/dynamo';
import { isConditionFailure } from '../platform/errors';
import {
  CARD_FIELDS,
  cardOf,
  cityIndexPk,
  eventItem,
  eventKey,
  fromItem,
  organizerIndexPk,
  PUBLISHED_INDEX_PK,
  UNPUBLISHED_INDEX_PK,
  type EventRecord,
} from './items';

export async function getEvent(id: string, consistent = false): Promise<EventRecord | undefined> {
  const item = await getItem(eventKey(id), consistent);
  return item && fromItem(item);
}

/** Creates (`mustExist` false) or replaces (`mustExist` true) an event; false when that condition failed. */
export async function putEvent(record: EventRecord, mustExist: boolean): Promise<boolean> {
  try {
    await ddb().send(
      new PutCommand({
        TableName: tableName(),
        Item: eventItem(record),
        ConditionExpression: mustExist ? 'attribute_exists(pk)' : 'attribute_not_exists(pk)',
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Deletes the event with its audit entry, in one transaction; false when it was already gone. */
export async function deleteEvent(id: string, audit: AuditInput): Promise<boolean> {
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [{ Delete: { TableName: tableName(), Key: eventKey(id), ConditionExpression: 'attribute_exists(pk)' } }, auditPut(audit)],
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

type Index = 'gsi1' | 'gsi2';

export interface UpcomingPage {
  cards: EventCard[];
  cursor?: string;
}

/**
 * One page of published events starting at or after `from` (an ISO timestamp), soonest first: all of
 * them (gsi1) or one city's (gsi2). One more than the page is read, so the last page has no cursor.
 */
export async function upcomingPage(city: string | undefined, from: string, size: number, cursor?: string): Promise<UpcomingPage> {
  const index: Index = city ? 'gsi2' : 'gsi1';
  const spec = { index, partition: city ? cityIndexPk(city) : PUBLISHED_INDEX_PK };
  const [pkName, skName] = [`${index}pk`, `${index}sk`];
  const start = cursor === undefined ? undefined : decodeCursor(spec, cursor);
  const after = start ? String(start[skName]) : undefined;
  // The page's last event may have started since: the range then begins there (DynamoDB refuses a
  // start key outside the key condition), and the few events between show once more.
  const lower = after !== undefined && after < from ? after : from;
  const projected = projection([...CARD_FIELDS, 'pk', 'sk', pkName, skName]);
  const result = await ddb().send(
    new QueryCommand({
      TableName: tableName(),
      IndexName: index,
      KeyConditionExpression: '#pk = :pk AND #sk >= :from',
      ExpressionAttributeNames: { '#pk': pkName, '#sk': skName, ...projected.ExpressionAttributeNames },
      ExpressionAttributeValues: { ':pk': spec.partition, ':from': lower },
      ProjectionExpression: projected.ProjectionExpression,
      Limit: size + 1,
      ExclusiveStartKey: start,
    }),
  );
  const items = result.Items ?? [];
  const page = items.slice(0, size);
  const last = page.at(-1);
  // Past the page, or cut short by DynamoDB's 1 MB per response.
  const more = items.length > size || result.LastEvaluatedKey !== undefined;
  const keyOf = (item: Item) => ({ pk: item.pk, sk: item.sk, [pkName]: item[pkName], [skName]: item[skName] });
  return { cards: page.map(cardOf), cursor: more && last ? encodeCursor(keyOf(last)) : undefined };
}

/** Every published event (past ones too: their pages stay), for the sitemap. */
export async function allPublished(): Promise<{ id: string; updated_at: string }[]> {
  const items = await queryAll({ index: 'gsi1', partition: PUBLISHED_INDEX_PK, fields: ['id', 'updated_at'] });
  return items.map((item) => ({ id: String(item.id), updated_at: String(item.updated_at) }));
}

/** Drafts and cancelled events, soonest first: everyone's (`organizerId` undefined) or one organizer's. */
export async function unpublished(organizerId: string | undefined, limit: number): Promise<EventCard[]> {
  const items = await query({
    ...(organizerId ? { index: 'gsi2' as const, partition: organizerIndexPk(organizerId) } : { index: 'gsi1' as const, partition: UNPUBLISHED_INDEX_PK }),
    limit,
    fields: CARD_FIELDS,
  });
  return items.map(cardOf);
}
