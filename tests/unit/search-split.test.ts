// The search's split into the current month's index, a recent index and archive years (lambdas/search/pagefind-provider.ts), with
// the table, the index's items and the bucket in memory and the real Pagefind indexer: which index an
// article lands in, what a publication, a removal and the daily job rebuild (and read), and which
// files a rebuild puts again. Then the rule on near spellings (shared/search-relevance.ts and the
// page's pageOf) on a real index: a word no article holds shows nothing but its near spellings.
import type { Server } from 'node:http';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { PublishedArticle } from '../../lambdas/articles/public';
import type { SiteObject } from '../../lambdas/platform/site-bucket';
import type { IndexContents, IndexState, StoredIndex } from '../../lambdas/search/store';
import { archiveIndexName, monthSince, recentSince, searchIndexOf, type SearchIndexes } from '../../shared/search';
import { editDistance, hasOwnMatch, isOwnMatch, nearSpellings, queryTerms, stemOf, withNearSpelling } from '../../shared/search-relevance';
import { searchStatus } from '../../web/src/features/search/lib/texts';

const table: PublishedArticle[] = [];
const reads: (string | undefined)[] = [];
const items = new Map<string, StoredIndex>();
const puts: SiteObject[] = [];

vi.mock('../../lambdas/articles/public', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  publishedArticles: vi.fn(async (withBody: (article: PublishedArticle) => boolean, since?: string) => {
    reads.push(since);
    return table
      .filter((article) => !since || article.published_at >= since)
      .sort((a, b) => b.published_at.localeCompare(a.published_at))
      .map((article) => ({ ...article, body: withBody(article) ? article.body : undefined }));
  }),
  cityCounters: vi.fn(async () => [{ location_path: 'recife-pe', location_name: 'Recife', state_code: 'PE', count: 1 }]),
}));
vi.mock('../../lambdas/search/store', () => ({
  servedIndexes: vi.fn(async () => [...items.values()].map((item) => structuredClone(item))),
  claimServedIndex: vi.fn(async (state: IndexState, contents: IndexContents) => {
    const current = items.get(state.name);
    if (current && current.started_at >= state.started_at) return false;
    items.set(state.name, { ...state, contents: structuredClone(contents) });
    return true;
  }),
}));
vi.mock('../../lambdas/platform/site-bucket', () => ({
  putSiteObjects: vi.fn(async (objects: readonly SiteObject[]) => void puts.push(...objects)),
}));

const { pagefindProvider, filesToPut, holderOf, readFrom, yearsLeaving, writtenDaysAgo, REWRITE_AFTER_DAYS } = await import('../../lambdas/search/pagefind-provider');
const { INDEX_CACHE } = await import('../../lambdas/search/build');

const NOW = new Date('2026-11-26T12:00:00.000Z');
const DAY = 24 * 3600 * 1000;
const at = (iso: string) => new Date(iso).toISOString();

function article(id: string, publishedAt: string, title: string, extra: Partial<PublishedArticle> = {}): PublishedArticle {
  return {
    id,
    slug: id,
    title,
    summary: `Resumo de ${title}.`,
    visibility: 'public',
    author_id: 'a',
    tags: ['Cidade'],
    location_path: 'recife-pe',
    cities: ['recife-pe'],
    published_at: publishedAt,
    updated_at: publishedAt,
    body: `<p>Texto da reportagem ${id}.</p>`,
    ...extra,
  };
}

/** The folders (index names) the last puts wrote into, and how many files each. */
function foldersPut(): Record<string, number> {
  const folders: Record<string, number> = {};
  for (const { key } of puts) {
    const folder = /^pagefind\/([^/]+)\//.exec(key)?.[1] ?? key.replace(/^pagefind\//, '');
    folders[folder] = (folders[folder] ?? 0) + 1;
  }
  return folders;
}
/** The list as last put. */
const listed = () => JSON.parse(String([...puts].reverse().find((object) => object.key === 'pagefind/indices.json')!.body)) as SearchIndexes;

describe('which index an article is in', () => {
  it('puts the current month in its own index, the 12 months before it in the recent index, older articles in their year', () => {
    expect(recentSince(NOW)).toBe('2025-11-01T00:00:00.000Z');
    expect(monthSince(NOW)).toBe('2026-11-01T00:00:00.000Z');
    expect(searchIndexOf(at('2026-11-25T10:00:00Z'), NOW)).toBe('mes');
    expect(searchIndexOf(at('2026-11-01T00:00:00Z'), NOW)).toBe('mes');
    expect(searchIndexOf(at('2026-10-31T23:59:59Z'), NOW)).toBe('recente');
    expect(searchIndexOf(at('2025-11-01T00:00:00Z'), NOW)).toBe('recente');
    expect(searchIndexOf(at('2025-10-31T23:59:59Z'), NOW)).toBe('arquivo-2025');
    expect(searchIndexOf(at('2019-03-02T08:00:00Z'), NOW)).toBe(archiveIndexName(2019));
    // Every period filter (365 days at most) is inside the recent index.
    expect(Date.parse(recentSince(NOW))).toBeLessThan(NOW.getTime() - 365 * DAY);
  });

  it('reads from the oldest year a rebuild needs, and moves the months leaving the recent index into their years', () => {
    expect(readFrom(new Set(['mes']), recentSince(NOW), monthSince(NOW))).toBe('2026-11-01T00:00:00.000Z');
    expect(readFrom(new Set(['recente', 'mes']), recentSince(NOW), monthSince(NOW))).toBe('2025-11-01T00:00:00.000Z');
    expect(readFrom(new Set(['recente', 'arquivo-2021', 'arquivo-2019']), recentSince(NOW), monthSince(NOW))).toBe('2019-01-01T00:00:00.000Z');
    expect(yearsLeaving('2025-11-01T00:00:00.000Z', '2025-11-01T00:00:00.000Z')).toEqual([]);
    expect(yearsLeaving('2025-11-01T00:00:00.000Z', '2025-12-01T00:00:00.000Z')).toEqual(['arquivo-2025']);
    expect(yearsLeaving('2025-12-01T00:00:00.000Z', '2026-02-01T00:00:00.000Z')).toEqual(['arquivo-2025', 'arquivo-2026']);
  });

  it('puts again only the hashed files that are new or were put a week ago or more', () => {
    const file = (key: string, cacheControl: string = INDEX_CACHE.hashed): SiteObject => ({ key, body: 'x', contentType: 'application/octet-stream', cacheControl });
    const files = [file('a'), file('b'), file('c'), file('pagefind.js', INDEX_CACHE.runtime)];
    const { put, dates } = filesToPut(files, { a: '2026-11-25', b: '2026-11-19' }, '2026-11-26');
    expect(put.map((object) => object.key)).toEqual(['b', 'c', 'pagefind.js']);
    expect(dates).toEqual({ a: '2026-11-25', b: '2026-11-26', c: '2026-11-26' });
    expect(REWRITE_AFTER_DAYS).toBeLessThan(14); // the bucket's expiry
    expect(writtenDaysAgo({ finished_at: '2026-11-01T03:00:00.000Z', contents: { ids: [], cities: [], tags: {}, files: dates } }, NOW)).toBe(1);
    expect(writtenDaysAgo({ finished_at: '2026-11-01T03:00:00.000Z', contents: { ids: [], cities: [], tags: {}, files: {} } }, NOW)).toBe(25);
  });
});

describe('rebuilds after a change', () => {
  beforeEach(() => {
    puts.length = 0;
    reads.length = 0;
  });

  beforeAll(async () => {
    table.push(
      // This month's (the month index).
      article('recente-1', at(new Date(NOW.getTime() - 2 * DAY).toISOString()), 'Frevo toma as ruas do Recife'),
      article('recente-2', at(new Date(NOW.getTime() - 40 * DAY).toISOString()), 'Maracatu ensaia no Recife Antigo'),
      article('velho-2021', at('2021-06-10T12:00:00Z'), 'Ponte da Boa Vista é restaurada'),
      article('velho-2019', at('2019-03-02T12:00:00Z'), 'Enchente atinge bairros do Recife'),
      article('velho-2019-b', at('2019-08-02T12:00:00Z'), 'Mangue recebe mutirão de limpeza', { visibility: 'premium', body: '<p>Segredo de assinante.</p>' }),
    );
    items.clear();
    await pagefindProvider.build(NOW);
  }, 60_000);

  afterAll(() => void (table.length = 0));

  it('builds the month index, the recent one and one per archive year, each in its folder, and lists them newest first', async () => {
    puts.length = 0;
    await pagefindProvider.build(NOW);
    expect(Object.keys(foldersPut()).sort()).toEqual(['arquivo-2019', 'arquivo-2021', 'facets.json', 'indices.json', 'mes', 'recente']);
    expect(listed()).toEqual({
      since: '2025-11-01T00:00:00.000Z',
      recent: { name: 'recente', pages: 1 },
      month: { name: 'mes', pages: 1 },
      archives: [
        { name: 'arquivo-2021', pages: 1 },
        { name: 'arquivo-2019', pages: 2 },
      ],
    });
    expect(items.get('arquivo-2019')!.contents.ids.sort()).toEqual(['velho-2019', 'velho-2019-b']);
    // A full build reads everything (no bound).
    expect(reads).toEqual([undefined]);
  });

  it('after one publication rebuilds and reads only the month index, putting only the files that changed', async () => {
    const others = { a2019: items.get('arquivo-2019')!.started_at, a2021: items.get('arquivo-2021')!.started_at, recent: items.get('recente')!.started_at };
    const publishedAt = new Date(NOW.getTime() + 60_000).toISOString();
    table.push(article('novo', publishedAt, 'Galo da Madrugada define o percurso'));
    const update = await pagefindProvider.update([{ id: 'novo', published_at: publishedAt }], new Date(NOW.getTime() + 120_000));
    expect(update.indexes.map((index) => index.name)).toEqual(['mes']);
    expect(reads).toEqual(['2026-11-01T00:00:00.000Z']);
    const folders = foldersPut();
    expect(Object.keys(folders).sort()).toEqual(['facets.json', 'indices.json', 'mes']);
    expect(items.get('arquivo-2019')!.started_at).toBe(others.a2019);
    expect(items.get('arquivo-2021')!.started_at).toBe(others.a2021);
    expect(items.get('recente')!.started_at).toBe(others.recent);
    expect(listed().month!.pages).toBe(2);
    expect(listed().recent.pages).toBe(1);
    // The two unchanged articles' fragments were put by the first build, yesterday's minutes ago: not again.
    expect(update.indexes[0]!.written).toBeLessThan(update.indexes[0]!.files);
  }, 30_000);

  it('after an edit or removal of an old article rebuilds its year only', async () => {
    expect(holderOf('velho-2019', [...items.values()])).toBe('arquivo-2019');
    expect(holderOf('recente-1', [...items.values()])).toBe('mes');
    expect(holderOf('desconhecido', [...items.values()])).toBeUndefined();
    table.splice(table.findIndex((a) => a.id === 'velho-2019'), 1);
    const removed = await pagefindProvider.remove(['velho-2019'], NOW);
    expect(removed.indexes.map((index) => index.name)).toEqual(['arquivo-2019']);
    expect(reads).toEqual(['2019-01-01T00:00:00.000Z']);
    expect(listed().archives).toEqual([
      { name: 'arquivo-2021', pages: 1 },
      { name: 'arquivo-2019', pages: 1 },
    ]);
    const edited = await pagefindProvider.update([{ id: 'velho-2021' }], NOW);
    expect(edited.indexes.map((index) => index.name)).toEqual(['arquivo-2021']);
    // An edit of this month's article: its index alone.
    expect((await pagefindProvider.update([{ id: 'recente-1' }], NOW)).indexes.map((index) => index.name)).toEqual(['mes']);
  }, 30_000);

  it('the daily job rebuilds the recent index with the month one, and the year a month leaves it for', async () => {
    const sameMonth = await pagefindProvider.refresh(new Date(NOW.getTime() + DAY));
    expect(sameMonth.indexes.map((index) => index.name)).toEqual(['recente', 'mes']);
    // 2025-11 leaves the recent index on 2026-12-01.
    const nextMonth = await pagefindProvider.refresh(new Date('2026-12-01T06:10:00.000Z'));
    expect(nextMonth.indexes.map((index) => index.name)).toEqual(['recente', 'mes', 'arquivo-2025']);
    // November moved into the recent index; December has nothing yet: no month index listed.
    expect(listed().month).toBeUndefined();
    expect(listed().recent.pages).toBe(3);
  }, 30_000);

  it('a publication in a new month before the daily job moves the last month into the recent index too', async () => {
    const JAN = new Date('2027-01-01T00:30:00.000Z');
    table.push(article('ano-novo', JAN.toISOString(), 'Queima de fogos no Marco Zero'));
    const update = await pagefindProvider.update([{ id: 'ano-novo', published_at: JAN.toISOString() }], JAN);
    // December (nothing) leaves the month index for the recent one; December 2025 leaves that for its year.
    expect(update.indexes.map((index) => index.name)).toEqual(['recente', 'mes', 'arquivo-2025']);
    expect(listed().month).toEqual({ name: 'mes', pages: 1 });
    table.splice(table.findIndex((a) => a.id === 'ano-novo'), 1);
  }, 30_000);

  it('a publication beside a recent index built before the month had its own rebuilds that one too (no article twice)', async () => {
    await pagefindProvider.refresh(NOW);
    const publication = [{ id: 'novo', published_at: new Date(NOW.getTime() + 60_000).toISOString() }];
    expect((await pagefindProvider.update(publication, NOW)).indexes.map((index) => index.name)).toEqual(['mes']);
    items.delete('mes');
    const update = await pagefindProvider.update(publication, NOW);
    expect(update.indexes.map((index) => index.name)).toEqual(['recente', 'mes']);
    expect(items.has('mes')).toBe(true);
  }, 30_000);

  it('searches the recent part as the page does: one index filter for both, each by date on its own', async () => {
    const { serveFiles, pagefindAt } = await import('../support/pagefind');
    items.clear();
    puts.length = 0;
    await pagefindProvider.build(NOW);
    const { server, origin } = await serveFiles(new Map(puts.map((file) => [file.key, typeof file.body === 'string' ? Buffer.from(file.body) : file.body])));
    try {
      const pagefind = await pagefindAt(origin, 'recente', ['mes', 'arquivo-2021', 'arquivo-2019']);
      const urls = async (options: object) => Promise.all((await pagefind.search('recife', options)).results.map(async (result) => (await result.data()).url));
      expect((await urls({})).length).toBeGreaterThan(2);
      expect((await urls({ filters: { indice: { any: ['mes', 'recente'] } } })).sort()).toEqual(['/recife-pe/novo', '/recife-pe/recente-1', '/recife-pe/recente-2']);
      expect(await urls({ filters: { indice: 'mes' }, sort: { data: 'desc' } })).toEqual(['/recife-pe/novo', '/recife-pe/recente-1']);
    } finally {
      server.close();
    }
  }, 30_000);

  it("never writes a premium article's body into any file", async () => {
    const { decompressed } = await import('../support/pagefind');
    // From nothing, so that every file is put.
    items.clear();
    puts.length = 0;
    await pagefindProvider.build(NOW);
    const texts = puts.map(({ body }) => decompressed(typeof body === 'string' ? Buffer.from(body) : body));
    // Its title is there (the check reads the files' text), its body is not.
    expect(texts.some((text) => text.includes('Mangue recebe mutirão de limpeza'))).toBe(true);
    for (const text of texts) expect(text).not.toContain('Segredo de assinante');
  }, 30_000);
});

describe('near spellings', () => {
  it('tells the reader’s own words (other forms, longer words) from near spellings', () => {
    expect(queryTerms('  Eleição "municipal" ')).toEqual(['eleicao', 'municipal']);
    expect(stemOf('eleicoes')).toBe(stemOf('eleicao'));
    expect(stemOf('chuvas')).toBe(stemOf('chuva'));
    expect(stemOf('politicas')).toBe(stemOf('politico'));
    expect(isOwnMatch('metro', 'metropolitano')).toBe(true);
    expect(isOwnMatch('eleicoes', 'eleicao')).toBe(true);
    expect(isOwnMatch('eleicao', 'ele')).toBe(false);
    expect(isOwnMatch('onibos', 'onibus')).toBe(false);
    expect(hasOwnMatch(['eleicao'], ['ele', 'geracao'])).toBe(false);
    expect(editDistance('onibos', 'onibus')).toBe(1);
    expect(nearSpellings(['onibos'], ['ônibus', 'Ônibus,', 'ele'])).toEqual(['ônibus']);
    expect(nearSpellings(['eleicao'], ['Ele', 'ele,'])).toEqual([]);
    // A suggestion's link keeps the reader's other words.
    expect(withNearSpelling('onibos lotado', 'ônibus')).toBe('ônibus lotado');
    expect(withNearSpelling(' Lotado  onibos ', 'ônibus')).toBe('Lotado ônibus');
    expect(withNearSpelling('frevo', 'ônibus')).toBe('ônibus');
  });

  it('says when only the last 12 months were searched', () => {
    expect(searchStatus(true, 'done', 3, 'frevo', true)).toBe('3 resultados para “frevo” nos últimos 12 meses');
    expect(searchStatus(true, 'done', 3, 'frevo')).toBe('3 resultados para “frevo”');
  });

  describe('on a built index', () => {
    let server: Server;
    let origin: string;
    beforeAll(async () => {
      const { buildIndex } = await import('../../lambdas/search/build');
      const { articleDocument } = await import('../../lambdas/search/documents');
      const { serveFiles } = await import('../support/pagefind');
      const docs = [
        article('capoeira', NOW.toISOString(), 'Rodas de capoeira formam mestres', { body: '<p>Ele aprendeu com o avô. Ele ensina hoje.</p>' }),
        article('onibus', NOW.toISOString(), 'Novo corredor de ônibus na zona leste', { body: '<p>O ônibus passa a cada cinco minutos.</p>' }),
        article('metro', NOW.toISOString(), 'Extensão do metrô chega à zona leste', { body: '<p>Obras do metrô e do corredor de ônibus.</p>' }),
        article('aluguel', NOW.toISOString(), 'Aluguel sobe acima da inflação', { body: '<p>O metro quadrado ficou mais caro.</p>' }),
        article('time', NOW.toISOString(), 'Time da região metropolitana vence o clássico', { body: '<p>Ele marcou dois gols nas escolas municipais de futebol.</p>' }),
      ].map((a) => articleDocument(a, 'Recife (PE)', `/recife-pe/${a.slug}`, NOW));
      const built = await buildIndex(docs);
      ({ server, origin } = await serveFiles(new Map(built.files.map((file) => [file.key, file.body as Uint8Array]))));
    }, 30_000);
    afterAll(() => server?.close());

    const page = async (q: string) => {
      const { pagefindAt } = await import('../support/pagefind');
      const { pageOf } = await import('../../web/src/features/search/lib/pagefind');
      const pagefind = await pagefindAt(origin);
      return pageOf((await pagefind.search(q)).results, q, 1);
    };

    it('shows nothing for a word no article holds, though Pagefind answers it with other words', async () => {
      const { pagefindAt } = await import('../support/pagefind');
      expect((await (await pagefindAt(origin)).search('eleicao')).results.length).toBeGreaterThan(0);
      expect(await page('eleicao')).toEqual({ total: 0, hits: [], noOwnMatch: true, near: [] });
    });

    it('suggests a near spelling of a misspelled word, and shows no result for it', async () => {
      const found = await page('onibos');
      expect(found.total).toBe(0);
      expect(found.near).toEqual(['ônibus']);
    });

    it('keeps real matches, with no near spelling among them, and no longer word when the whole one is there', async () => {
      const found = await page('metrô');
      expect(found.noOwnMatch).toBe(false);
      expect(found.hits[0]!.url).toBe('/recife-pe/metro');
      expect(found.hits.map((hit) => hit.url).sort()).toEqual(['/recife-pe/aluguel', '/recife-pe/metro']);
      for (const hit of found.hits) expect(hasOwnMatch(['metro'], hit.matched)).toBe(true);
      // While the word is being typed, the longer words are all there is.
      expect((await page('metrop')).hits.map((hit) => hit.url)).toEqual(['/recife-pe/time']);
    });

    it('shows nothing when one of two words has no match of its own', async () => {
      expect((await page('municipais')).hits.map((hit) => hit.url)).toEqual(['/recife-pe/time']);
      expect(await page('eleições municipais')).toMatchObject({ total: 0, hits: [], noOwnMatch: true });
    });
  });
});


describe('what a batch of events asks of the engine', () => {
  it('publications and edits to update, unpublications and deletions to remove, an import to build everything', async () => {
    const { changesOf } = await import('../../lambdas/search/worker');
    const event = (name: string, detail: Record<string, unknown>) => ({ name, detail }) as never;
    const batch = [
      event('ArticlePublished', { article_id: 'a', published_at: '2026-11-26T10:00:00.000Z' }),
      event('ArticleUpdated', { article_id: 'b' }),
      event('ArticleStatusChanged', { article_id: 'c', from: 'published', to: 'draft' }),
      event('ArticleStatusChanged', { article_id: 'd', from: 'draft', to: 'review' }),
      event('ArticleDeleted', { article_id: 'e', was_published: true }),
      event('ArticleDeleted', { article_id: 'f', was_published: false }),
      // Edited after its publication in the same batch: still the publication's time.
      event('ArticleUpdated', { article_id: 'a' }),
    ];
    expect(changesOf(batch)).toEqual({
      all: false,
      changed: [{ id: 'a', published_at: '2026-11-26T10:00:00.000Z' }, { id: 'b' }],
      removed: ['c', 'e'],
    });
    // Published, then deleted: removed only.
    expect(changesOf([batch[0]!, event('ArticleDeleted', { article_id: 'a', was_published: true })])).toEqual({ all: false, changed: [], removed: ['a'] });
    expect(changesOf([event('ImportCompleted', { session_id: 's' }), batch[0]!]).all).toBe(true);
  });
});
