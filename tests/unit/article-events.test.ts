import { describe, expect, it } from 'vitest';
import { articleEvents } from '../../lambdas/articles/events';

const article = (status: string, version: number, extra: Record<string, unknown> = {}) => ({
  entity: 'article',
  id: 'a1',
  slug: 'um-artigo',
  author_id: 'u1',
  status,
  version,
  published_at: status === 'published' ? '2026-11-01T10:00:00.000Z' : null,
  updated_at: '2026-11-01T10:00:00.000Z',
  ...extra,
});
const names = (events: { name: string }[]) => events.map((event) => event.name);

describe('article events from table changes', () => {
  it('emits ArticleStatusChanged and ArticlePublished when an article becomes published', () => {
    const events = articleEvents({ eventName: 'MODIFY', oldImage: article('review', 2), newImage: article('published', 3) });
    expect(names(events)).toEqual(['ArticleStatusChanged', 'ArticlePublished']);
    expect(events[1]?.detail).toMatchObject({ article_id: 'a1', version: 3, slug: 'um-artigo' });
  });
  it('emits ArticleUpdated when a published article is saved again', () => {
    expect(names(articleEvents({ eventName: 'MODIFY', oldImage: article('published', 3), newImage: article('published', 4) }))).toEqual([
      'ArticleUpdated',
    ]);
  });
  it('emits ArticlePublished for an article inserted as published (the demo seed)', () => {
    expect(names(articleEvents({ eventName: 'INSERT', newImage: article('published', 1) }))).toEqual(['ArticlePublished']);
  });
  it('emits nothing for a new draft, or for changes without a new version (SEO results)', () => {
    expect(articleEvents({ eventName: 'INSERT', newImage: article('draft', 1) })).toEqual([]);
    expect(
      articleEvents({ eventName: 'MODIFY', oldImage: article('published', 3), newImage: article('published', 3, { seo: {} }) }),
    ).toEqual([]);
  });
  it('ignores other entities, and the removal of other entities', () => {
    expect(articleEvents({ eventName: 'INSERT', newImage: { entity: 'article_tag' } })).toEqual([]);
    expect(articleEvents({ eventName: 'REMOVE', oldImage: { entity: 'article_tag' } })).toEqual([]);
  });
  it('emits ArticleDeleted when an article item leaves the table, saying whether it was published', () => {
    const [deleted] = articleEvents({ eventName: 'REMOVE', oldImage: article('published', 3, { location_path: 'campinas-sp' }) });
    expect(deleted).toMatchObject({
      name: 'ArticleDeleted',
      source: 'portal.articles',
      detail: { article_id: 'a1', author_id: 'u1', slug: 'um-artigo', location_path: 'campinas-sp', was_published: true },
    });
    expect(articleEvents({ eventName: 'REMOVE', oldImage: article('draft', 1) })[0]?.detail).toMatchObject({ was_published: false, location_path: null });
  });
});

describe('the addresses the article events carry', () => {
  const inCampinas = { location_path: 'campinas-sp' };
  const byName = (events: { name: string; detail: Record<string, unknown> }[], name: string) => events.find((event) => event.name === name)?.detail;

  it('ArticlePublished carries the city path, null without a city', () => {
    const [withCity] = articleEvents({ eventName: 'INSERT', newImage: article('published', 1, inCampinas) });
    expect(withCity?.detail).toEqual({
      article_id: 'a1',
      slug: 'um-artigo',
      location_path: 'campinas-sp',
      author_id: 'u1',
      version: 1,
      published_at: '2026-11-01T10:00:00.000Z',
    });
    expect(articleEvents({ eventName: 'INSERT', newImage: article('published', 1, { location_path: '' }) })[0]?.detail).toMatchObject({ location_path: null });
  });
  it('ArticleUpdated carries the previous address, the same one when it did not change', () => {
    const [same] = articleEvents({ eventName: 'MODIFY', oldImage: article('published', 3, inCampinas), newImage: article('published', 4, inCampinas) });
    expect(same?.detail).toEqual({
      article_id: 'a1',
      slug: 'um-artigo',
      location_path: 'campinas-sp',
      previous_slug: 'um-artigo',
      previous_location_path: 'campinas-sp',
      author_id: 'u1',
      version: 4,
      updated_at: '2026-11-01T10:00:00.000Z',
    });
  });
  it('ArticleUpdated carries the old slug and city when a save changed them', () => {
    const [moved] = articleEvents({
      eventName: 'MODIFY',
      oldImage: article('published', 3, inCampinas),
      newImage: article('published', 4, { slug: 'novo-titulo', location_path: null }),
    });
    expect(moved?.detail).toMatchObject({ slug: 'novo-titulo', location_path: null, previous_slug: 'um-artigo', previous_location_path: 'campinas-sp' });
  });
  it('ArticleStatusChanged carries the address before the change (the one readers had while it was published)', () => {
    const events = articleEvents({
      eventName: 'MODIFY',
      oldImage: article('published', 3, inCampinas),
      newImage: article('draft', 4, { slug: 'rascunho', location_path: 'sorocaba-sp' }),
    });
    expect(names(events)).toEqual(['ArticleStatusChanged']);
    expect(events[0]?.detail).toEqual({
      article_id: 'a1',
      previous_slug: 'um-artigo',
      previous_location_path: 'campinas-sp',
      author_id: 'u1',
      from: 'published',
      to: 'draft',
      version: 4,
      changed_at: '2026-11-01T10:00:00.000Z',
    });
  });
  it('publishing from review: ArticleStatusChanged has the address before, ArticlePublished the new one', () => {
    const events = articleEvents({
      eventName: 'MODIFY',
      oldImage: article('review', 2),
      newImage: article('published', 3, { slug: 'titulo-final', location_path: 'campinas-sp' }),
    });
    expect(byName(events, 'ArticleStatusChanged')).toMatchObject({ previous_slug: 'um-artigo', previous_location_path: null, from: 'review', to: 'published' });
    expect(byName(events, 'ArticlePublished')).toMatchObject({ slug: 'titulo-final', location_path: 'campinas-sp' });
  });
});
