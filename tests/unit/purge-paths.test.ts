import { describe, expect, it, vi } from 'vitest';
import { articleEvents } from '../../lambdas/articles/events';
import { PURGE_CATALOGUE, PURGE_EVENTS } from '../../lambdas/pages/contract';
import { MAX_PATHS, mergePaths, purgePaths, type PurgeEvent } from '../../lambdas/pages/purge-paths';
import { userEvents } from '../../lambdas/users/events';

type Address = { slug: string; location_path: string | null };

/** An event as the catalogue publishes it: the detail goes through the event's own schema. */
function event<N extends keyof typeof PURGE_CATALOGUE>(name: N, detail: Record<string, unknown>): PurgeEvent {
  return { name, detail: PURGE_CATALOGUE[name].detail.parse(detail) as Record<string, unknown> };
}

const noArticles = async (): Promise<Address[]> => [];
/** What the worker invalidates for a batch of this one event. */
const pathsOf = async (purge: PurgeEvent, authorArticles: (authorId: string) => Promise<Address[]> = noArticles) =>
  mergePaths([await purgePaths(purge, authorArticles)]);

const HOME = ['/', '/?*'];
const AUTHOR = ['/author/u1', '/author/u1?*'];

const published = { article_id: 'a1', slug: 'um-artigo', location_path: 'campinas-sp', author_id: 'u1', version: 3, published_at: '2026-11-01T10:00:00.000Z' };
const updated = {
  article_id: 'a1',
  slug: 'um-artigo',
  location_path: 'campinas-sp',
  previous_slug: 'um-artigo',
  previous_location_path: 'campinas-sp',
  author_id: 'u1',
  version: 4,
  updated_at: '2026-11-02T10:00:00.000Z',
};
const statusChanged = (from: string, to: string) => ({
  article_id: 'a1',
  previous_slug: 'um-artigo',
  previous_location_path: 'campinas-sp',
  author_id: 'u1',
  from,
  to,
  version: 5,
  changed_at: '2026-11-03T10:00:00.000Z',
});
const deleted = { article_id: 'a1', author_id: 'u1', slug: 'um-artigo', location_path: 'campinas-sp', was_published: true };
const profile = { user_id: 'u1', changed: ['full_name'], updated_at: '2026-11-04T10:00:00.000Z' };

describe('purgePaths: the pages each event makes stale', () => {
  it('covers every event of the purge catalogue', () => {
    expect([...PURGE_EVENTS].sort()).toEqual([
      'ArticleDeleted',
      'ArticlePublished',
      'ArticleStatusChanged',
      'ArticleUpdated',
      'EventDeleted',
      'EventPublished',
      'EventUnpublished',
      'EventUpdated',
      'ImportCompleted',
      'MenuItemsChanged',
      'UserProfileUpdated',
    ]);
  });

  it('purges the home and its cities when the menu changes', async () => {
    expect(await pathsOf(event('MenuItemsChanged', { item_id: 'm1', change: 'updated' }))).toEqual(HOME);
  });

  describe('ArticlePublished', () => {
    it('purges the home (every city and page), the author page and the article at both of its addresses', async () => {
      expect(await pathsOf(event('ArticlePublished', published))).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/um-artigo',
        '/campinas-sp/um-artigo',
      ]);
    });
    it('purges only /article/{slug} for an article without a city', async () => {
      expect(await pathsOf(event('ArticlePublished', { ...published, location_path: null }))).toEqual([...HOME, ...AUTHOR, '/article/um-artigo']);
    });
  });

  describe('ArticleUpdated', () => {
    it('purges the article once when its address stayed the same', async () => {
      expect(await pathsOf(event('ArticleUpdated', updated))).toEqual([...HOME, ...AUTHOR, '/article/um-artigo', '/campinas-sp/um-artigo']);
    });
    it('purges the previous address too when the slug changed', async () => {
      expect(await pathsOf(event('ArticleUpdated', { ...updated, slug: 'novo-titulo' }))).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/novo-titulo',
        '/campinas-sp/novo-titulo',
        '/article/um-artigo',
        '/campinas-sp/um-artigo',
      ]);
    });
    it('purges the previous city address when the city changed', async () => {
      expect(await pathsOf(event('ArticleUpdated', { ...updated, location_path: 'sorocaba-sp' }))).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/um-artigo',
        '/sorocaba-sp/um-artigo',
        '/campinas-sp/um-artigo',
      ]);
    });
    it('purges the old city address when the city was removed', async () => {
      expect(await pathsOf(event('ArticleUpdated', { ...updated, location_path: null }))).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/um-artigo',
        '/campinas-sp/um-artigo',
      ]);
    });
  });

  describe('ArticleStatusChanged', () => {
    it('purges the home, the author page and the address the article had when it leaves published', async () => {
      expect(await pathsOf(event('ArticleStatusChanged', statusChanged('published', 'draft')))).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/um-artigo',
        '/campinas-sp/um-artigo',
      ]);
    });
    it('purges the address it had before, not a new one, when it was renamed on the way out', async () => {
      const detail = { ...statusChanged('published', 'review'), previous_slug: 'titulo-antigo', previous_location_path: null };
      expect(await pathsOf(event('ArticleStatusChanged', detail))).toEqual([...HOME, ...AUTHOR, '/article/titulo-antigo']);
    });
    it('touches nothing for a move between draft and review', async () => {
      expect(await pathsOf(event('ArticleStatusChanged', statusChanged('draft', 'review')))).toEqual([]);
      expect(await pathsOf(event('ArticleStatusChanged', statusChanged('review', 'draft')))).toEqual([]);
    });
    it('leaves publishing to ArticlePublished', async () => {
      expect(await pathsOf(event('ArticleStatusChanged', statusChanged('review', 'published')))).toEqual([]);
    });
  });

  describe('ArticleDeleted', () => {
    it('purges the home, the author page and the article when it was published', async () => {
      expect(await pathsOf(event('ArticleDeleted', deleted))).toEqual([...HOME, ...AUTHOR, '/article/um-artigo', '/campinas-sp/um-artigo']);
    });
    it('touches nothing for an article that was never published', async () => {
      expect(await pathsOf(event('ArticleDeleted', { ...deleted, was_published: false }))).toEqual([]);
    });
  });

  describe('UserProfileUpdated', () => {
    it('purges the home, the author page and each of the author’s published articles', async () => {
      const authorArticles = vi.fn(async (): Promise<Address[]> => [
        { slug: 'um-artigo', location_path: 'campinas-sp' },
        { slug: 'sem-cidade', location_path: null },
      ]);
      expect(await pathsOf(event('UserProfileUpdated', profile), authorArticles)).toEqual([
        ...HOME,
        ...AUTHOR,
        '/article/um-artigo',
        '/campinas-sp/um-artigo',
        '/article/sem-cidade',
      ]);
      expect(authorArticles).toHaveBeenCalledWith('u1');
    });
    it('purges only the author page of an author without published articles', async () => {
      expect(await pathsOf(event('UserProfileUpdated', { ...profile, changed: ['bio'] }))).toEqual(AUTHOR);
    });
  });

  it('touches nothing for an event it does not know', async () => {
    expect(await pathsOf({ name: 'UserSignedUp', detail: { user_id: 'u1' } })).toEqual([]);
  });
});

describe('purgePaths with the events the mappers publish', () => {
  const article = (status: string, version: number, extra: Record<string, unknown> = {}) => ({
    entity: 'article',
    id: 'a1',
    slug: 'um-artigo',
    location_path: 'campinas-sp',
    author_id: 'u1',
    status,
    version,
    published_at: '2026-11-01T10:00:00.000Z',
    updated_at: '2026-11-02T10:00:00.000Z',
    ...extra,
  });
  const allPaths = async (events: PurgeEvent[]) => mergePaths(await Promise.all(events.map((one) => purgePaths(one, noArticles))));

  it('a published article renamed and moved to another city purges its old and new addresses', async () => {
    const events = articleEvents({
      eventName: 'MODIFY',
      oldImage: article('published', 3),
      newImage: article('published', 4, { slug: 'novo-titulo', location_path: 'sorocaba-sp' }),
    });
    expect(await allPaths(events)).toEqual([
      ...HOME,
      ...AUTHOR,
      '/article/novo-titulo',
      '/sorocaba-sp/novo-titulo',
      '/article/um-artigo',
      '/campinas-sp/um-artigo',
    ]);
  });
  it('an article unpublished and renamed in one save purges the address readers had', async () => {
    const events = articleEvents({ eventName: 'MODIFY', oldImage: article('published', 3), newImage: article('draft', 4, { slug: 'rascunho' }) });
    expect(await allPaths(events)).toEqual([...HOME, ...AUTHOR, '/article/um-artigo', '/campinas-sp/um-artigo']);
  });
  it('an author’s new name purges the author page', async () => {
    const profileItem = { entity: 'profile', id: 'u1', full_name: 'Ana', updated_at: '2026-11-04T10:00:00.000Z' };
    const events = userEvents({ eventName: 'MODIFY', oldImage: profileItem, newImage: { ...profileItem, full_name: 'Ana Souza' } });
    expect(await allPaths(events)).toEqual(AUTHOR);
  });
});

describe('mergePaths', () => {
  it('merges the lists of a batch without repeating a path, in first-seen order', () => {
    expect(mergePaths([['/', '/?*', '/article/a'], [], ['/', '/article/b', '/article/a']])).toEqual(['/', '/?*', '/article/a', '/article/b']);
    expect(mergePaths([])).toEqual([]);
  });
  it(`keeps up to ${MAX_PATHS} paths and collapses more into /*`, () => {
    const many = (count: number) => Array.from({ length: count }, (_, index) => `/article/a${index}`);
    expect(mergePaths([many(MAX_PATHS)])).toHaveLength(MAX_PATHS);
    // Repeats do not count towards the limit.
    expect(mergePaths([many(MAX_PATHS), many(MAX_PATHS)])).toHaveLength(MAX_PATHS);
    expect(mergePaths([many(MAX_PATHS), ['/']])).toEqual(['/*']);
  });
});
