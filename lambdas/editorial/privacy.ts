// What the editorial context holds about a person (the internal comments and reviews they wrote) for
// Meus dados, and its part of an account deletion: the newsroom keeps its history, anonymised (the
// writer becomes the anonymous author, whose missing profile shows 'Autor Anônimo'). Found by the
// by-person index (items.ts); items written before it existed carry none and are not found here.
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID, type ErasureSummary } from '../../shared/privacy';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryAll, tableName, type Item } from '../platform/dynamo';
import type { PersonalData, Subject } from '../privacy/public';
import { commentsBy, reviewsBy } from './items';

const COMMENT_EXPORT = ['article_id', 'comment', 'created_at'] as const;
const REVIEW_EXPORT = ['article_id', 'status', 'comment', 'reviewed_at'] as const;

const pick = (item: Item, fields: readonly string[]) => Object.fromEntries(fields.map((field) => [field, item[field] ?? null]));

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const [comments, reviews] = await Promise.all([
    queryAll({ index: 'gsi1', partition: commentsBy(subject.user_id), fields: COMMENT_EXPORT }),
    queryAll({ index: 'gsi1', partition: reviewsBy(subject.user_id), fields: REVIEW_EXPORT }),
  ]);
  return { internal_comments: comments.map((item) => pick(item, COMMENT_EXPORT)), reviews: reviews.map((item) => pick(item, REVIEW_EXPORT)) };
}

/** The anonymous author becomes the writer and the item leaves the person's index; only while it is still theirs. */
function anonymise(item: Item, writer: 'user_id' | 'reviewer_id', userId: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: { pk: item.pk, sk: item.sk },
        UpdateExpression: 'SET #writer = :anonymous REMOVE gsi1pk, gsi1sk',
        ConditionExpression: '#writer = :me',
        ExpressionAttributeNames: { '#writer': writer },
        ExpressionAttributeValues: { ':anonymous': ANONYMOUS_AUTHOR_ID, ':me': userId },
      }),
    ),
  );
}

async function anonymiseAll(partition: string, writer: 'user_id' | 'reviewer_id', userId: string): Promise<number> {
  const items = await queryAll({ index: 'gsi1', partition, fields: ['pk', 'sk'] });
  let done = 0;
  // One at a time: a person's comments are few, and the table stays calm.
  for (const item of items) if (await anonymise(item, writer, userId)) done += 1;
  return done;
}

async function erase(subject: Subject): Promise<ErasureSummary> {
  const userId = subject.user_id;
  const [comments, reviews] = await Promise.all([anonymiseAll(commentsBy(userId), 'user_id', userId), anonymiseAll(reviewsBy(userId), 'reviewer_id', userId)]);
  return { comments_anonymised: comments, reviews_anonymised: reviews };
}

export const personalData: PersonalData = { context: 'editorial', collect, erase };
