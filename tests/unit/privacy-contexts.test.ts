import { describe, expect, it } from 'vitest';
import { locationTrainingEntity, tagTrainingEntity, trainingKeyUnder } from '../../lambdas/analysis/items';
import { articleEvents, articleSavedEvents } from '../../lambdas/articles/events';
import { readingExpiry } from '../../lambdas/articles/reading-history';
import { commentEntity, reviewEntity } from '../../lambdas/editorial/items';
import { ANONYMOUS_AUTHOR_ID, RETENTION } from '../../shared/privacy';

const article = (status: string, author_id: string, extra: Record<string, unknown> = {}) => ({
  entity: 'article',
  id: 'a1',
  slug: 'um-artigo',
  location_path: 'sp/campinas',
  author_id,
  status,
  version: 3,
  published_at: '2026-11-01T10:00:00.000Z',
  updated_at: '2026-11-02T10:00:00.000Z',
  ...extra,
});

describe('an article moved to the anonymous author (account deletion)', () => {
  it('emits ArticleUpdated for a published one, with the same version and address', () => {
    const change = { eventName: 'MODIFY' as const, oldImage: article('published', 'u1'), newImage: article('published', ANONYMOUS_AUTHOR_ID) };
    const events = articleEvents(change);
    expect(events.map((event) => event.name)).toEqual(['ArticleUpdated']);
    expect(events[0]?.detail).toMatchObject({ article_id: 'a1', author_id: ANONYMOUS_AUTHOR_ID, version: 3, slug: 'um-artigo', previous_slug: 'um-artigo' });
    // Not a new version: the analysis tracker has nothing to do.
    expect(articleSavedEvents(change)).toEqual([]);
  });
  it('emits it for an imported one too, and nothing for a draft', () => {
    const imported = { bulk_session: 's1' };
    expect(articleEvents({ eventName: 'MODIFY', oldImage: article('published', 'u1', imported), newImage: article('published', ANONYMOUS_AUTHOR_ID, imported) })).toHaveLength(1);
    expect(articleEvents({ eventName: 'MODIFY', oldImage: article('draft', 'u1'), newImage: article('draft', ANONYMOUS_AUTHOR_ID) })).toEqual([]);
  });
});

describe('reading retention', () => {
  it('expires a reading RETENTION.readingDays after it was made, in epoch seconds', () => {
    expect(readingExpiry('2026-01-01T00:00:00.000Z')).toBe(Date.parse('2026-01-01T00:00:00.000Z') / 1000 + RETENTION.readingDays * 86_400);
  });
});

describe('editorial items by person', () => {
  it('indexes a review by its reviewer and a comment by its writer, by time', () => {
    const review = reviewEntity.toItem({ id: 'r1', article_id: 'a1', reviewer_id: 'u1', status: 'approved', comment: null, reviewed_at: '2026-11-01T10:00:00.000Z', article_author_id: 'u2' });
    expect(review).toMatchObject({ gsi1pk: 'REVIEWS_BY#u1', gsi1sk: '2026-11-01T10:00:00.000Z#r1' });
    const comment = commentEntity.toItem({ id: 'c1', article_id: 'a1', user_id: 'u1', comment: 'Ok', created_at: '2026-11-01T10:00:00.000Z', article_author_id: 'u2' });
    expect(comment).toMatchObject({ gsi1pk: 'COMMENTS_BY#u1', gsi1sk: '2026-11-01T10:00:00.000Z#c1' });
  });
});

describe('a training record moved to the anonymous judge', () => {
  const judged = { article_id: 'a1', judged_at: '2026-11-01T10:00:00.000Z', was_approved: true, approved_by: 'u1' };
  it('keeps the article and the suggestion, and swaps the judge at the end of the key', () => {
    const tag = tagTrainingEntity.key({ ...judged, suggested_tag: 'saúde#pública' });
    expect(trainingKeyUnder(tag, 'u1', ANONYMOUS_AUTHOR_ID)).toEqual(tagTrainingEntity.key({ ...judged, suggested_tag: 'saúde#pública', approved_by: ANONYMOUS_AUTHOR_ID }));
    const place = { ...judged, suggested_location: 'Campinas (SP)', location_code: '3509502' };
    expect(trainingKeyUnder(locationTrainingEntity.key(place), 'u1', ANONYMOUS_AUTHOR_ID)).toEqual({ pk: 'AITRAIN#a1', sk: `LOCATION#3509502#${ANONYMOUS_AUTHOR_ID}` });
  });
  it('leaves alone another judge’s record and any other item', () => {
    expect(trainingKeyUnder(tagTrainingEntity.key({ ...judged, suggested_tag: 'saúde', approved_by: 'u11' }), 'u1', ANONYMOUS_AUTHOR_ID)).toBeUndefined();
    expect(trainingKeyUnder({ pk: 'ANALYSIS#a1', sk: 'TAG#x#u1' }, 'u1', ANONYMOUS_AUTHOR_ID)).toBeUndefined();
    expect(trainingKeyUnder({ pk: 'AITRAIN#a1', sk: 'OTHER#u1' }, 'u1', ANONYMOUS_AUTHOR_ID)).toBeUndefined();
  });
});
