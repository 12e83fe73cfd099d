// What the events context holds about a person (the drafts and cancelled events they organise) for Meus
// dados, and its part of an account deletion: those move to the anonymous author, index and all.
// A published event names its organizer only as an attribute (organizer_id, no key): it stays, and
// shows the organizer's missing profile like any other.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryAll, tableName, type Item } from '../platform/dynamo';
import type { PersonalData, Subject } from '../privacy/public';
import { eventKey, organizerIndexPk } from './items';

const EXPORT = ['id', 'title', 'status', 'event_date'] as const;

const unpublishedBy = (userId: string) => queryAll({ index: 'gsi2', partition: organizerIndexPk(userId), fields: EXPORT });

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const items = await unpublishedBy(subject.user_id);
  return { unpublished_events: items.map((item) => Object.fromEntries(EXPORT.map((field) => [field, item[field] ?? null]))) };
}

/** Only while it is still theirs and unpublished (a published one keys by city, not by organizer). */
function reassign(item: Item, userId: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: eventKey(String(item.id)),
        UpdateExpression: 'SET organizer_id = :anonymous, gsi2pk = :to',
        ConditionExpression: 'organizer_id = :me AND gsi2pk = :from',
        ExpressionAttributeValues: {
          ':anonymous': ANONYMOUS_AUTHOR_ID,
          ':me': userId,
          ':to': organizerIndexPk(ANONYMOUS_AUTHOR_ID),
          ':from': organizerIndexPk(userId),
        },
      }),
    ),
  );
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  let reassigned = 0;
  for (const item of await unpublishedBy(subject.user_id)) if (await reassign(item, subject.user_id)) reassigned += 1;
  return { events_anonymised: reassigned };
}

export const personalData: PersonalData = { context: 'events', collect, erase };
