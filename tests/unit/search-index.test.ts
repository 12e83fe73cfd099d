// The search index as the worker builds it, searched as the browser searches it: each article's
// document (what a premium one leaves out, the periods, the recency boost), then a real Pagefind
// build of a few articles searched with the index's own pagefind.js — pt-BR stemming, accents,
// filters, sort — and the built files searched byte by byte for a premium body's sentence.
import type { Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PublishedArticle } from '../../lambdas/articles/public';
import { buildIndex, type BuiltIndex } from '../../lambdas/search/build';
import { articleDocument, recencyBoost } from '../../lambdas/search/documents';
import { facetsOf } from '../../lambdas/search/pagefind-provider';
import { periodsOf } from '../../shared/search';
import { decompressed, pagefindAt, searchData, serveFiles, type Pagefind } from '../support/pagefind';

const NOW = new Date('2026-11-26T12:00:00.000Z');
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 3600 * 1000).toISOString();
const SECRET = 'Somente assinantes sabem que o contrato custou quarenta milhões de reais.';

function article(overrides: Partial<PublishedArticle>): PublishedArticle {
  return {
    id: overrides.slug ?? 'x',
    slug: 'x',
    title: 'Título',
    summary: 'Resumo.',
    visibility: 'public',
    author_id: 'a',
    tags: [],
    location_path: null,
    cities: [],
    published_at: daysAgo(1),
    updated_at: daysAgo(1),
    ...overrides,
  };
}

const ARTICLES = [
  {
    article: article({
      slug: 'eleicao-campinas',
      title: 'Eleição em Campinas tem recorde de candidatos',
      summary: 'Cartório eleitoral registra 1.200 pedidos, vírgulas e "aspas" & símbolos.',
      tags: ['Política'],
      location_path: 'campinas-sp',
      body: '<p>O prazo de registro terminou <strong>ontem</strong>.</p>',
    }),
    city: 'Campinas (SP)',
  },
  {
    article: article({
      slug: 'chuva-santos',
      title: 'Chuva forte alaga o centro de Santos',
      summary: 'Defesa Civil pede cautela.',
      tags: ['Clima'],
      location_path: 'santos-sp',
      published_at: daysAgo(200),
      body: '<p>As chuvas de verão chegaram mais cedo ao litoral.</p>',
    }),
    city: 'Santos (SP)',
  },
  {
    article: article({
      slug: 'previsao-chuva',
      title: 'Previsão de chuva para o fim de semana',
      summary: 'Meteorologistas esperam chuva em todo o estado.',
      tags: ['Clima'],
      location_path: 'campinas-sp',
      published_at: daysAgo(3),
      body: '<p>Frente fria chega no sábado.</p>',
    }),
    city: 'Campinas (SP)',
  },
  {
    article: article({
      slug: 'contrato-premium',
      title: 'Contrato da coleta de lixo é investigado',
      summary: 'Ministério Público abre inquérito.',
      visibility: 'premium',
      tags: ['Investigação'],
      location_path: 'santos-sp',
      published_at: daysAgo(20),
      // What publishedArticles would never hand over for a premium article; the document must leave it out anyway.
      body: `<p>${SECRET}</p>`,
    }),
    city: 'Santos (SP)',
  },
];

describe('an article as the index sees it', () => {
  it('keeps the title, lead, city and tags of a premium article, never its body', () => {
    const { article: premium, city } = ARTICLES[3]!;
    const doc = articleDocument(premium, city, '/santos-sp/contrato-premium', NOW);
    expect(doc.url).toBe('/santos-sp/contrato-premium');
    expect(doc.html).toContain('Contrato da coleta de lixo é investigado');
    expect(doc.html).toContain('Ministério Público abre inquérito.');
    expect(doc.html).toContain('Santos (SP)');
    expect(doc.html).toContain('Investigação');
    expect(doc.html).toContain('data-pagefind-meta="premium:sim"');
    expect(doc.html).not.toContain('quarenta milhões');
  });

  it("keeps a free article's body and escapes the text it writes", () => {
    const { article: free, city } = ARTICLES[0]!;
    const doc = articleDocument(free, city, '/campinas-sp/eleicao-campinas', NOW);
    expect(doc.html).toContain('<strong>ontem</strong>');
    expect(doc.html).toContain('vírgulas e "aspas" &amp; símbolos.');
    expect(doc.html).toContain('data-pagefind-meta="premium:nao"');
  });

  it('puts an article in every period it falls in, as of the build', () => {
    expect(periodsOf(daysAgo(1), NOW)).toEqual(['semana', 'mes', 'ano']);
    expect(periodsOf(daysAgo(20), NOW)).toEqual(['mes', 'ano']);
    expect(periodsOf(daysAgo(200), NOW)).toEqual(['ano']);
    expect(periodsOf(daysAgo(400), NOW)).toEqual([]);
  });

  it("gives the page's selects the cities and the most used tags, as Brazilians sort them", () => {
    const facets = facetsOf([
      { city: 'São Paulo (SP)', tags: ['Política', 'clima'] },
      { city: 'Santos (SP)', tags: ['clima'] },
      { city: '', tags: ['Água'] },
      { city: 'Santos (SP)', tags: [] },
    ]);
    expect(facets).toEqual({ cities: ['Santos (SP)', 'São Paulo (SP)'], tags: ['Água', 'clima', 'Política'] });
    const many = facetsOf(Array.from({ length: 300 }, (_, n) => ({ city: '', tags: [`tag${String(n).padStart(3, '0')}`, 'comum'] })));
    expect(many.tags).toHaveLength(200);
    expect(many.tags).toContain('comum');
  });

  it('weighs a fresh article up to 1.6 times, falling to 1 at 90 days', () => {
    expect(recencyBoost(NOW.toISOString(), NOW)).toBeCloseTo(1.6);
    expect(recencyBoost(daysAgo(45), NOW)).toBeCloseTo(1.3);
    expect(recencyBoost(daysAgo(90), NOW)).toBe(1);
    expect(recencyBoost(daysAgo(400), NOW)).toBe(1);
  });
});

describe('a built index, searched as the browser does', () => {
  let built: BuiltIndex;
  let server: Server;
  let pagefind: Pagefind;

  beforeAll(async () => {
    built = await buildIndex(ARTICLES.map(({ article: a, city }) => articleDocument(a, city, `/${a.location_path}/${a.slug}`, NOW)));
    const served = await serveFiles(new Map(built.files.map((file) => [file.key, file.body as Uint8Array])));
    server = served.server;
    pagefind = await pagefindAt(served.origin);
  }, 30_000);
  afterAll(() => server?.close());

  it('writes only what the search loads, the entry last, each with its cache', () => {
    expect(built.pages).toBe(4);
    const keys = built.files.map((file) => file.key);
    expect(keys.at(-1)).toBe('pagefind/recente/pagefind-entry.json');
    expect(keys).toEqual(expect.arrayContaining(['pagefind/recente/pagefind.js', 'pagefind/recente/pagefind-worker.js', 'pagefind/recente/wasm.pt.pagefind']));
    expect(keys.some((key) => /ui|playground|highlight/.test(key))).toBe(false);
    const cache = (key: string) => built.files.find((file) => file.key === key)?.cacheControl;
    expect(cache('pagefind/recente/pagefind-entry.json')).toBe('public, max-age=60');
    expect(cache(keys.find((key) => key.startsWith('pagefind/recente/index/'))!)).toBe('public, max-age=31536000, immutable');
  });

  it('finds words without their accents, and a plural by its singular (pt-BR stemming)', async () => {
    expect((await searchData(pagefind, 'eleicao')).map((r) => r.url)).toEqual(['/campinas-sp/eleicao-campinas']);
    expect((await searchData(pagefind, 'chuvas')).map((r) => r.url).sort()).toEqual(['/campinas-sp/previsao-chuva', '/santos-sp/chuva-santos']);
    expect((await searchData(pagefind, 'politica')).map((r) => r.url)).toEqual(['/campinas-sp/eleicao-campinas']);
  });

  it('ranks the recent of two equal matches first, and sorts by date when asked', async () => {
    // Both have "chuva" in the title; the recent one is boosted.
    expect((await searchData(pagefind, 'chuva')).map((r) => r.url)).toEqual(['/campinas-sp/previsao-chuva', '/santos-sp/chuva-santos']);
    const newest = await searchData(pagefind, null, { sort: { data: 'desc' } });
    expect(newest.map((r) => r.meta.date)).toEqual([...newest.map((r) => r.meta.date)].sort().reverse());
    expect(newest).toHaveLength(4);
  });

  it('filters by city, tag and period, and counts what each filter holds', async () => {
    expect((await searchData(pagefind, 'chuva', { filters: { cidade: 'Santos (SP)' } })).map((r) => r.url)).toEqual(['/santos-sp/chuva-santos']);
    expect((await searchData(pagefind, null, { filters: { tag: 'Clima', periodo: 'semana' } })).map((r) => r.url)).toEqual(['/campinas-sp/previsao-chuva']);
    const filters = await pagefind.filters();
    expect(filters.cidade).toEqual({ 'Campinas (SP)': 2, 'Santos (SP)': 2 });
    expect(filters.periodo).toEqual({ semana: 2, mes: 3, ano: 4 });
  });

  it('gives each result the metadata its card shows', async () => {
    const [premium] = await searchData(pagefind, 'coleta de lixo');
    expect(premium?.meta).toMatchObject({
      title: 'Contrato da coleta de lixo é investigado',
      lead: 'Ministério Público abre inquérito.',
      city: 'Santos (SP)',
      premium: 'sim',
      date: daysAgo(20),
    });
    // The card highlights the title from the matched words, and the content begins with the title.
    expect(premium?.content.startsWith('Contrato da coleta de lixo é investigado')).toBe(true);
  });

  it('keeps the bundled fragments of an archive larger than the fragment files allowed, and every result reads', async () => {
    // Two fragment files for four articles: Pagefind bundles them (fragment/pt_group_…), as above 5,000 articles.
    const bundled = await buildIndex(ARTICLES.map(({ article: a, city }) => articleDocument(a, city, `/${a.location_path}/${a.slug}`, NOW)), { maxFragments: 2 });
    expect(bundled.files.some((file) => /^pagefind\/recente\/fragment\/pt_group_/.test(file.key))).toBe(true);
    const served = await serveFiles(new Map(bundled.files.map((file) => [file.key, file.body as Uint8Array])));
    try {
      const results = await searchData(await pagefindAt(served.origin), null, { sort: { data: 'desc' } });
      expect(results.map((result) => result.meta.title)).toHaveLength(4);
    } finally {
      served.server.close();
    }
  });

  it("holds no sentence of a premium article's body in any file, and finds none of its words", async () => {
    for (const file of built.files) expect(decompressed(file.body as Uint8Array), file.key).not.toContain('quarenta milhões');
    expect(await searchData(pagefind, 'quarenta milhões')).toEqual([]);
  });
});
