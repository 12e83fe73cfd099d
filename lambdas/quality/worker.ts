// Keeps each author's quality counters (score.ts) from the events that judge their articles: a review,
// an SEO validation, a trip to review and back. Each event counts once: a marker item per event is
// written in the same transaction as the counters, under attribute_not_exists.
import { TransactWriteCommand } from '@aws-sdk/lib-dynamodb';
import { ANONYMOUS_AUTHOR_ID } from '../../shared/privacy';
import { ARTICLE_EVENTS } from '../articles/public';
import { EDITORIAL_EVENTS } from '../editorial/public';
import { ddb } from '../platform/clients';
import { tableName } from '../platform/dynamo';
import { isConditionFailure } from '../platform/errors';
import { eventWorker } from '../platform/sqs-worker';
import { qualityKey, type QualityCounters } from './score';

const CATALOGUE = { ...ARTICLE_EVENTS, ...EDITORIAL_EVENTS };
export const QUALITY_EVENTS = ['ReviewSubmitted', 'SeoValidated', 'ArticleStatusChanged'] as const;

async function count(userId: string, eventKey: string, counter: keyof QualityCounters): Promise<void> {
  // The articles of a deleted account belong to the anonymous author: nobody has its score.
  if (userId === ANONYMOUS_AUTHOR_ID) return;
  try {
    await ddb().send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Put: {
              TableName: tableName(),
              Item: { pk: `QUALITY#${userId}`, sk: `EVENT#${eventKey}`, entity: 'quality_event', expires_at: Math.floor(Date.now() / 1000) + 30 * 86_400 },
              ConditionExpression: 'attribute_not_exists(pk)',
            },
          },
          {
            Update: {
              TableName: tableName(),
              Key: qualityKey(userId),
              UpdateExpression: 'ADD #counter :one SET entity = :entity, user_id = :user',
              ExpressionAttributeNames: { '#counter': counter },
              ExpressionAttributeValues: { ':one': 1, ':entity': 'quality_score', ':user': userId },
            },
          },
        ],
      }),
    );
  } catch (error) {
    // Counted already: a redelivery of the same event.
    if (!isConditionFailure(error)) throw error;
  }
}

export const handler = eventWorker(CATALOGUE, [...QUALITY_EVENTS], async (detail, _context, event) => {
  if (event.name === 'ReviewSubmitted' && 'review_id' in detail) {
    const counter = detail.status === 'approved' ? 'reviews_approved' : detail.status === 'rejected' ? 'reviews_rejected' : 'reviews_changes';
    await count(detail.author_id, `REVIEW#${detail.review_id}`, counter);
  } else if (event.name === 'SeoValidated' && 'validation_status' in detail) {
    const counter = detail.validation_status === 'valid' ? 'seo_valid' : detail.validation_status === 'warning' ? 'seo_warning' : 'seo_error';
    await count(detail.author_id, `SEO#${detail.article_id}#${detail.version}`, counter);
  } else if (event.name === 'ArticleStatusChanged' && 'from' in detail) {
    if (detail.to === 'review') await count(detail.author_id, `STATUS#${detail.article_id}#${detail.version}`, 'submitted');
    else if (detail.from === 'review' && detail.to === 'draft') await count(detail.author_id, `STATUS#${detail.article_id}#${detail.version}`, 'sent_back');
  }
});
