// The editorial context's events, from its committed items (as the outbox sees them), its time-ordered
// ids, and the review and comment schemas.
import { marshall } from '@aws-sdk/util-dynamodb';
import type { DynamoDBRecord } from 'aws-lambda';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EDITORIAL_EVENTS, editorialEvents } from '../../lambdas/editorial/events';
import { commentEntity, reviewEntity, timeOrderedId, type CommentRecord, type ReviewRecord } from '../../lambdas/editorial/items';
import { eventsFor } from '../../lambdas/outbox/publisher';
import { EVENT_CATALOGUE } from '../../lambdas/contexts';
import { commentCreateSchema, reviewCreateSchema } from '../../shared/editorial';

const review: ReviewRecord = {
  id: '01900000-0000-7000-8000-000000000001',
  article_id: 'a1',
  reviewer_id: 'editor-1',
  status: 'changes_requested',
  comment: 'Revise o título.',
  reviewed_at: '2026-11-01T10:00:00.000Z',
  article_author_id: 'author-1',
};

const comment: CommentRecord = {
  id: '01900000-0000-7000-8000-000000000002',
  article_id: 'a1',
  user_id: 'editor-1',
  comment: 'Faltou a fonte.',
  created_at: '2026-11-01T10:05:00.000Z',
  article_author_id: 'author-1',
};

describe('editorial events from table changes', () => {
  it('emits ReviewSubmitted when a review is inserted, with the article’s author', () => {
    expect(editorialEvents({ eventName: 'INSERT', newImage: reviewEntity.toItem(review) })).toEqual([
      {
        name: 'ReviewSubmitted',
        source: 'portal.editorial',
        detail: {
          article_id: 'a1',
          review_id: review.id,
          reviewer_id: 'editor-1',
          author_id: 'author-1',
          status: 'changes_requested',
          comment: 'Revise o título.',
          reviewed_at: review.reviewed_at,
        },
      },
    ]);
  });

  it('leaves the comment out of ReviewSubmitted when the review has none', () => {
    const item = reviewEntity.toItem({ ...review, comment: null });
    expect(item).not.toHaveProperty('comment');
    const [event] = editorialEvents({ eventName: 'INSERT', newImage: item });
    expect(event?.detail).not.toHaveProperty('comment');
    expect(event?.detail).toMatchObject({ status: 'changes_requested', author_id: 'author-1' });
  });

  it('emits InternalCommentAdded when a comment is inserted', () => {
    expect(editorialEvents({ eventName: 'INSERT', newImage: commentEntity.toItem(comment) })).toEqual([
      {
        name: 'InternalCommentAdded',
        source: 'portal.editorial',
        detail: {
          article_id: 'a1',
          comment_id: comment.id,
          user_id: 'editor-1',
          author_id: 'author-1',
          comment: 'Faltou a fonte.',
          created_at: comment.created_at,
        },
      },
    ]);
  });

  it('emits InternalCommentDeleted when a comment item leaves the table', () => {
    expect(editorialEvents({ eventName: 'REMOVE', oldImage: commentEntity.toItem(comment) })).toEqual([
      {
        name: 'InternalCommentDeleted',
        source: 'portal.editorial',
        detail: { article_id: 'a1', comment_id: comment.id, user_id: 'editor-1', author_id: 'author-1' },
      },
    ]);
  });

  it('emits nothing for a removed review, a modified item, or other entities', () => {
    expect(editorialEvents({ eventName: 'REMOVE', oldImage: reviewEntity.toItem(review) })).toEqual([]);
    expect(editorialEvents({ eventName: 'MODIFY', oldImage: commentEntity.toItem(comment), newImage: commentEntity.toItem(comment) })).toEqual([]);
    expect(editorialEvents({ eventName: 'INSERT', newImage: { entity: 'article', id: 'a1' } })).toEqual([]);
    expect(editorialEvents({ eventName: 'REMOVE', oldImage: { entity: 'article_version' } })).toEqual([]);
  });

  it('names every event in the shared catalogue, from portal.editorial', () => {
    for (const name of Object.keys(EDITORIAL_EVENTS)) expect(EVENT_CATALOGUE[name]?.source, name).toBe('portal.editorial');
  });
});

describe('the outbox publishes them', () => {
  const previous = process.env.EVENT_BUS_NAME;
  beforeEach(() => {
    process.env.EVENT_BUS_NAME = 'portal-events';
  });
  afterEach(() => {
    process.env.EVENT_BUS_NAME = previous;
  });

  const record = (eventName: 'INSERT' | 'REMOVE', item: Record<string, unknown>): DynamoDBRecord => ({
    eventID: 'stream-1',
    eventName,
    dynamodb: {
      [eventName === 'INSERT' ? 'NewImage' : 'OldImage']: marshall(item, { removeUndefinedValues: true }),
    } as DynamoDBRecord['dynamodb'],
  });

  it('turns a stream record of a new comment into one PutEvents entry on the bus', () => {
    const entries = eventsFor(record('INSERT', commentEntity.toItem(comment)));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ EventBusName: 'portal-events', Source: 'portal.editorial', DetailType: 'InternalCommentAdded' });
    expect(JSON.parse(entries[0]!.Detail!)).toMatchObject({ comment_id: comment.id, author_id: 'author-1', correlation_id: 'stream-1' });
  });

  it('publishes a review and a removed comment too', () => {
    expect(eventsFor(record('INSERT', reviewEntity.toItem(review))).map((entry) => entry.DetailType)).toEqual(['ReviewSubmitted']);
    expect(eventsFor(record('REMOVE', commentEntity.toItem(comment))).map((entry) => entry.DetailType)).toEqual(['InternalCommentDeleted']);
  });
});

describe('time-ordered ids (UUID v7)', () => {
  it('is a version 7 UUID whose order follows the clock', () => {
    const earlier = timeOrderedId(1_700_000_000_000);
    const later = timeOrderedId(1_700_000_000_001);
    expect(earlier).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(earlier < later).toBe(true);
    expect(timeOrderedId(1_700_000_000_000)).not.toBe(earlier);
    // Years apart the order still holds (fixed-width hex).
    expect(timeOrderedId(Date.UTC(2026, 0, 1)) < timeOrderedId(Date.UTC(2030, 0, 1))).toBe(true);
  });

  it('sorts review and comment keys newest last, so a descending Query lists them newest first', () => {
    const keys = [3, 1, 2].map((offset) => reviewEntity.key('a1', timeOrderedId(1_800_000_000_000 + offset)).sk);
    expect([...keys].sort()).toEqual([keys[1], keys[2], keys[0]]);
  });
});

describe('the review and comment schemas', () => {
  it('trims the review comment; blank, null or absent means none', () => {
    expect(reviewCreateSchema.parse({ status: 'approved', comment: '  Ótimo.  ' })).toEqual({ status: 'approved', comment: 'Ótimo.' });
    expect(reviewCreateSchema.parse({ status: 'rejected', comment: '   ' }).comment).toBe('');
    expect(reviewCreateSchema.parse({ status: 'rejected', comment: null }).comment).toBeNull();
    expect(reviewCreateSchema.parse({ status: 'rejected' }).comment).toBeUndefined();
  });

  it('refuses other statuses and long comments with pt-BR messages', () => {
    expect(reviewCreateSchema.safeParse({ status: 'in_review' }).error?.issues[0]?.message).toMatch(/^Status da review inválido/);
    expect(reviewCreateSchema.safeParse({ status: 'approved', comment: 'x'.repeat(2001) }).error?.issues[0]?.message).toMatch(/muito longo/);
  });

  it('keeps an internal comment trimmed, its inner line breaks kept; refuses it blank', () => {
    expect(commentCreateSchema.parse({ comment: ' Linha 1\nLinha 2 ' }).comment).toBe('Linha 1\nLinha 2');
    expect(commentCreateSchema.safeParse({ comment: ' \n ' }).error?.issues[0]?.message).toBe('O comentário não pode ficar vazio.');
    expect(commentCreateSchema.safeParse({ comment: '\u200B' }).error?.issues[0]?.message).toBe('O comentário não pode ficar vazio.');
  });
});
