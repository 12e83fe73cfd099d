// DynamoDB access for reviews and internal comments: one Query per list (newest first, in the
// article's partition), a Get and a conditional Delete for one comment, conditional Puts for new ones.
// Takes and returns records; the items are built by the entities in items.ts.
import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { conditionalWrite, queryFirst, tableName } from '../platform/dynamo';
import { articlePk, COMMENT_PREFIX, commentEntity, REVIEW_PREFIX, reviewEntity, type CommentRecord, type ReviewRecord } from './items';

/** The newest `limit` reviews of an article, newest first. */
export async function listReviews(articleId: string, limit: number): Promise<ReviewRecord[]> {
  const items = await queryFirst({ partition: articlePk(articleId), sortPrefix: REVIEW_PREFIX, descending: true }, limit);
  return items.map(reviewEntity.fromItem);
}

/** The newest `limit` internal comments of an article, newest first. */
export async function listComments(articleId: string, limit: number): Promise<CommentRecord[]> {
  const items = await queryFirst({ partition: articlePk(articleId), sortPrefix: COMMENT_PREFIX, descending: true }, limit);
  return items.map(commentEntity.fromItem);
}

/** Writes a new item once: a (never expected) id collision is an error, not an overwrite. */
async function insert(item: Record<string, unknown>): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: item, ConditionExpression: 'attribute_not_exists(pk)' }));
}

export const putReview = (review: ReviewRecord): Promise<void> => insert(reviewEntity.toItem(review));

export const putComment = (comment: CommentRecord): Promise<void> => insert(commentEntity.toItem(comment));

export async function getComment(articleId: string, commentId: string): Promise<CommentRecord | undefined> {
  const { Item } = await ddb().send(new GetCommand({ TableName: tableName(), Key: commentEntity.key(articleId, commentId), ConsistentRead: true }));
  return Item && commentEntity.fromItem(Item);
}

/** Deletes a comment; false when it was already gone (someone else deleted it a moment earlier). */
export function deleteComment(articleId: string, commentId: string): Promise<boolean> {
  return conditionalWrite(() =>
    ddb().send(new DeleteCommand({ TableName: tableName(), Key: commentEntity.key(articleId, commentId), ConditionExpression: 'attribute_exists(pk)' })),
  );
}
