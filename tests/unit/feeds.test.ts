// The feeds context's pure parts: the XML builders (escaping, checked by real parsers and the
// sitemaps.org schemas through xmllint), what goes in each file, and the once-per-batch worker.
import Parser from 'rss-parser';
import type { SQSEvent } from 'aws-lambda';
import { describe, expect, it, vi } from 'vitest';
import type { PublishedArticle } from '../../lambdas/articles/public';
import {
  buildImportFiles,
  buildSiteFiles,
  CONTENT_TYPES,
  feedBodies,
  readSitemapEntries,
  RSS_SIZE,
  SITEMAP_KINDS,
  type SiteData,
  type SiteFile,
  type SitemapLists,
} from '../../lambdas/feeds/files';
import { escapeXml, rssXml } from '../../lambdas/feeds/rss';
import { NEWS_PUBLICATION } from '../../lambdas/feeds/sitemaps';
import { indexedSitemaps, schemaErrors, sitemapUrls, type SitemapKind } from '../support/xml';

const SITE = 'https://portal.example';
const NOW = new Date('2025-03-10T12:00:00.000Z');
const hoursAgo = (hours: number) => new Date(NOW.getTime() - hours * 3600_000).toISOString();
const TRICKY = `Tom & "Jerry" <b>n'ão</b> ]]> fim`;

let sequence = 0;
function article(overrides: Partial<PublishedArticle> = {}): PublishedArticle {
  sequence += 1;
  return {
    id: `id-${sequence}`,
    slug: `artigo-${sequence}`,
    title: `Artigo ${sequence}`,
    summary: `Resumo ${sequence}`,
    visibility: 'public',
    author_id: 'autora',
    tags: [],
    location_path: 'campinas-sp',
    cities: ['campinas-sp'],
    published_at: hoursAgo(sequence),
    updated_at: hoursAgo(sequence),
    body: `<p>Corpo ${sequence}</p>`,
    ...overrides,
  };
}

const campinas = { location_path: 'campinas-sp', location_name: 'Campinas', state_code: 'SP', count: 1 };

function data(overrides: Partial<SiteData> = {}): SiteData {
  return { siteUrl: `${SITE}/`, articles: [], cities: [campinas], authors: new Map([['autora', 'Ana Autora']]), now: NOW, ...overrides };
}

const file = (files: SiteFile[], key: string) => {
  const found = files.find((candidate) => candidate.key === key);
  if (!found) throw new Error(`${key} was not generated`);
  return found;
};
const kindOf = (key: string): SitemapKind => (key === 'sitemap.xml' ? 'index' : key === 'sitemap-news.xml' ? 'news' : 'urlset');
const parseRss = (xml: string) => new Parser().parseString(xml);

describe('the files after an import', () => {
  /** The lists the site holds, read back from a full generation's files as the worker reads them. */
  function listsOf(files: SiteFile[]): SitemapLists {
    const lists = Object.fromEntries(SITEMAP_KINDS.map((kind) => [kind, []])) as unknown as SitemapLists;
    for (const entry of readSitemapEntries(file(files, 'sitemap.xml').body)) {
      const key = entry.loc.slice(`${SITE}/`.length);
      const kind = /^sitemap-([a-z]+)-\d+\.xml$/.exec(key)![1] as keyof SitemapLists;
      lists[kind].push(...readSitemapEntries(file(files, key).body));
    }
    return lists;
  }
  const urlsOf = async (files: SiteFile[], prefix: string) =>
    (await Promise.all(files.filter((candidate) => candidate.key.startsWith(prefix)).map((candidate) => sitemapUrls(candidate.body))))
      .flat()
      .map((entry) => `${entry.url} ${entry.lastmod}`)
      .sort();

  it('lists what a full regeneration lists, from the imported articles and the files the site holds', async () => {
    const before = [article(), article({ author_id: 'outra', location_path: null, cities: [] }), article({ title: TRICKY })];
    const beforeFiles = await buildSiteFiles(data({ articles: before, authors: new Map([['autora', 'Ana Autora'], ['outra', 'Olga']]) }));
    // One article imported again (a new lastmod), two new ones of a new author without a city, and one in Campinas.
    const changed = { ...before[0]!, updated_at: NOW.toISOString() };
    const imported = [
      changed,
      article({ author_id: 'importada', location_path: null, cities: [], published_at: hoursAgo(500), updated_at: NOW.toISOString() }),
      article({ author_id: 'importada', location_path: null, cities: [], published_at: hoursAgo(1), updated_at: NOW.toISOString() }),
      article({ published_at: hoursAgo(0.5), updated_at: NOW.toISOString() }),
    ];
    const all = [...imported, ...before.slice(1)].sort((a, b) => (a.published_at < b.published_at ? 1 : -1));
    const authors = new Map([['autora', 'Ana Autora'], ['outra', 'Olga'], ['importada', 'Iris']]);
    const full = await buildSiteFiles(data({ articles: all, authors }));
    const update = await buildImportFiles({
      siteUrl: SITE,
      current: listsOf(beforeFiles),
      imported: [...imported].sort((a, b) => (a.published_at < b.published_at ? 1 : -1)),
      recent: all.filter((candidate) => Date.parse(candidate.published_at) >= NOW.getTime() - 2 * 24 * 3600_000),
      latest: all,
      cities: [{ ...campinas, count: 3 }],
      authors,
      now: NOW,
    });
    for (const prefix of ['sitemap-articles-', 'sitemap-authors-', 'sitemap-cities-', 'sitemap-pages-', 'sitemap-news'])
      expect(await urlsOf(update, prefix), prefix).toEqual(await urlsOf(full, prefix));
    for (const sitemap of update.filter((candidate) => candidate.key.startsWith('sitemap'))) expect(schemaErrors(sitemap.body, kindOf(sitemap.key)), sitemap.key).toBe('');
    expect((await indexedSitemaps(file(update, 'sitemap.xml').body)).map((entry) => entry.url)).toEqual(
      (await indexedSitemaps(file(full, 'sitemap.xml').body)).map((entry) => entry.url),
    );
    // The main feed and the touched city's feed as a full regeneration writes them; robots.txt is left alone.
    expect(file(update, 'rss.xml').body).toBe(file(full, 'rss.xml').body);
    expect(file(update, 'rss/campinas-sp.xml').body).toBe(file(full, 'rss/campinas-sp.xml').body);
    expect(update.some((candidate) => candidate.key === 'robots.txt')).toBe(false);
  });

  it('reads back the escaped URLs and dates it wrote', async () => {
    const xml = file(await buildSiteFiles(data({ articles: [article({ slug: 'a-b' })] })), 'sitemap-articles-1.xml').body;
    expect(readSitemapEntries(xml)).toEqual([{ loc: `${SITE}/campinas-sp/a-b`, lastmod: expect.stringMatching(/^\d{4}-\d\d-\d\dT/) }]);
    expect(readSitemapEntries('<urlset><url><loc>https://x/?a=1&amp;b=2</loc></url></urlset>')).toEqual([{ loc: 'https://x/?a=1&b=2' }]);
  });
});

describe('escapeXml', () => {
  it('escapes the five special characters and drops what XML cannot carry', () => {
    expect(escapeXml(`a & b < c > d " e ' f`)).toBe('a &amp; b &lt; c &gt; d &quot; e &apos; f');
    expect(escapeXml('ok\u0000\u0008\u001b\uFFFEfim')).toBe('okfim');
    expect(escapeXml('linha\ttab\nquebra 😀 ç')).toBe('linha\ttab\nquebra 😀 ç');
  });
});

describe('rssXml', () => {
  it('gives a parser back exactly the titles, links and bodies it was given', async () => {
    const xml = rssXml({ title: `Canal ${TRICKY}`, link: `${SITE}/`, description: 'Notícias', self: `${SITE}/rss.xml` }, [
      {
        title: TRICKY,
        link: `${SITE}/campinas-sp/um?x=1&y=2`,
        guid: 'id-1',
        published_at: '2025-03-10T10:00:00.000Z',
        updated_at: '2025-03-10T11:00:00.000Z',
        author: 'Ana & "Bia"',
        categories: ['saúde & bem-estar'],
        description: 'Resumo <com> & "aspas"',
        content: '<p>Primeiro &amp; único</p>',
      },
    ]);
    const feed = await parseRss(xml);
    expect(feed.title).toBe(`Canal ${TRICKY}`);
    expect(feed.lastBuildDate).toBe('Mon, 10 Mar 2025 11:00:00 GMT');
    const [item] = feed.items;
    expect(item).toMatchObject({
      title: TRICKY,
      link: `${SITE}/campinas-sp/um?x=1&y=2`,
      guid: 'id-1',
      creator: 'Ana & "Bia"',
      categories: ['saúde & bem-estar'],
      content: 'Resumo <com> & "aspas"',
      'content:encoded': '<p>Primeiro &amp; único</p>',
      isoDate: '2025-03-10T10:00:00.000Z',
    });
  });
});

describe('the schema check', () => {
  it('refuses what the protocol refuses, so a pass means something', () => {
    const ns = 'xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"';
    expect(schemaErrors(`<urlset ${ns}><url><lastmod>2025-03-10</lastmod></url></urlset>`, 'urlset')).not.toBe('');
    expect(schemaErrors(`<urlset ${ns}></urlset>`, 'urlset')).not.toBe('');
    expect(schemaErrors(`<sitemapindex ${ns}><sitemap><loc>${SITE}/a.xml</loc><lastmod>ontem</lastmod></sitemap></sitemapindex>`, 'index')).not.toBe('');
    const news = `<urlset ${ns} xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>${SITE}/a/b</loc><news:news><news:title>t</news:title></news:news></url></urlset>`;
    expect(schemaErrors(news, 'news')).not.toBe('');
  });
});

describe('buildSiteFiles', () => {
  it('writes valid sitemaps, each named by the index with its newest lastmod', async () => {
    const withCity = article({ title: TRICKY, published_at: hoursAgo(1), updated_at: hoursAgo(0.5) });
    const withoutCity = article({ location_path: null, cities: [], author_id: 'sem-perfil', published_at: hoursAgo(3), updated_at: hoursAgo(3) });
    const files = await buildSiteFiles(data({ articles: [withCity, withoutCity] }));
    for (const sitemap of files.filter((candidate) => candidate.key.startsWith('sitemap'))) {
      expect(schemaErrors(sitemap.body, kindOf(sitemap.key)), sitemap.key).toBe('');
      expect(sitemap.contentType).toBe(CONTENT_TYPES.xml);
    }
    expect(await sitemapUrls(file(files, 'sitemap-articles-1.xml').body)).toMatchObject([
      { url: `${SITE}/campinas-sp/${withCity.slug}`, lastmod: withCity.updated_at },
      { url: `${SITE}/article/${withoutCity.slug}`, lastmod: withoutCity.updated_at },
    ]);
    expect(await sitemapUrls(file(files, 'sitemap-cities-1.xml').body)).toMatchObject([{ url: `${SITE}/?city=campinas-sp`, lastmod: withCity.updated_at }]);
    // Only authors with a profile have a page.
    expect(await sitemapUrls(file(files, 'sitemap-authors-1.xml').body)).toMatchObject([{ url: `${SITE}/author/autora`, lastmod: withCity.updated_at }]);
    expect((await sitemapUrls(file(files, 'sitemap-pages-1.xml').body)).map((entry) => entry.url)).toEqual([`${SITE}/`, `${SITE}/events`, `${SITE}/pricing`]);
    const index = await indexedSitemaps(file(files, 'sitemap.xml').body);
    expect(index.map((entry) => entry.url)).toEqual(['articles', 'cities', 'authors', 'pages'].map((kind) => `${SITE}/sitemap-${kind}-1.xml`));
    expect(index.every((entry) => entry.lastmod === withCity.updated_at)).toBe(true);
  });

  it('splits a sitemap past its URL limit, the index naming every part', async () => {
    const articles = Array.from({ length: 5 }, () => article());
    const files = await buildSiteFiles(data({ articles }), 2);
    const parts = files.filter((candidate) => candidate.key.startsWith('sitemap-articles-'));
    expect(parts.map((part) => part.key)).toEqual(['sitemap-articles-1.xml', 'sitemap-articles-2.xml', 'sitemap-articles-3.xml']);
    expect((await Promise.all(parts.map((part) => sitemapUrls(part.body)))).map((urls) => urls.length)).toEqual([2, 2, 1]);
    const index = (await indexedSitemaps(file(files, 'sitemap.xml').body)).map((entry) => entry.url);
    for (const part of parts) expect(index).toContain(`${SITE}/${part.key}`);
  });

  it('lists in the news sitemap only the articles of the last 2 days, newest first, at most 1,000', async () => {
    const recent = Array.from({ length: 1001 }, (_, index) => article({ published_at: hoursAgo(47 - index / 100) }));
    const old = article({ published_at: hoursAgo(49) });
    const files = await buildSiteFiles(data({ articles: [...recent, old] }));
    const news = file(files, 'sitemap-news.xml').body;
    expect(schemaErrors(news, 'news')).toBe('');
    const urls = await sitemapUrls(news);
    expect(urls).toHaveLength(1000);
    expect(urls[0]).toMatchObject({
      url: `${SITE}/campinas-sp/${recent[0]!.slug}`,
      news: { publication: NEWS_PUBLICATION, publication_date: recent[0]!.published_at, title: recent[0]!.title },
    });
    expect(urls.map((entry) => entry.url)).not.toContain(`${SITE}/campinas-sp/${old.slug}`);
  });

  it('keeps the news sitemap valid with no recent article: the home page, without news tags', async () => {
    const files = await buildSiteFiles(data({ articles: [article({ published_at: hoursAgo(72) })] }));
    const news = file(files, 'sitemap-news.xml').body;
    expect(schemaErrors(news, 'news')).toBe('');
    const urls = await sitemapUrls(news);
    expect(urls.map((entry) => entry.url)).toEqual([`${SITE}/`]);
    expect(urls[0]!.news).toBeUndefined();
  });

  it('escapes titles in the news sitemap: a parser reads them back unchanged', async () => {
    const files = await buildSiteFiles(data({ articles: [article({ title: TRICKY, published_at: hoursAgo(1) })] }));
    const [entry] = await sitemapUrls(file(files, 'sitemap-news.xml').body);
    expect(entry?.news?.title).toBe(TRICKY);
  });

  it('writes the latest 50 articles to rss.xml and each city feed, an emptied city getting an empty feed', async () => {
    const recife = { location_path: 'recife-pe', location_name: 'Recife', state_code: 'PE', count: 0 };
    const broken = { location_path: '../fora', location_name: 'Fora', state_code: 'XX', count: 1 };
    const articles = Array.from({ length: 60 }, (_, index) => article(index === 0 ? { title: TRICKY, summary: 'Resumo & "aspas"' } : {}));
    const files = await buildSiteFiles(data({ articles, cities: [campinas, recife, broken] }));
    expect(files.filter((candidate) => candidate.key.startsWith('rss')).map((candidate) => candidate.key)).toEqual([
      'rss.xml',
      'rss/campinas-sp.xml',
      'rss/recife-pe.xml',
    ]);
    const main = await parseRss(file(files, 'rss.xml').body);
    expect(file(files, 'rss.xml').contentType).toBe(CONTENT_TYPES.rss);
    expect(main.items).toHaveLength(RSS_SIZE);
    expect(main.items[0]).toMatchObject({ title: TRICKY, link: `${SITE}/campinas-sp/${articles[0]!.slug}`, creator: 'Ana Autora', content: 'Resumo & "aspas"' });
    const city = await parseRss(file(files, 'rss/campinas-sp.xml').body);
    expect(city).toMatchObject({ title: 'Portal Plural — Campinas (SP)', link: `${SITE}/?city=campinas-sp`, feedUrl: `${SITE}/rss/campinas-sp.xml` });
    expect(city.items).toHaveLength(RSS_SIZE);
    expect((await parseRss(file(files, 'rss/recife-pe.xml').body)).items).toEqual([]);
  });

  it('names both sitemaps in robots.txt by absolute URL', async () => {
    const robots = file(await buildSiteFiles(data()), 'robots.txt');
    expect(robots.contentType).toBe(CONTENT_TYPES.text);
    expect(robots.body.split('\n')).toEqual(expect.arrayContaining(['Disallow: /api/', `Sitemap: ${SITE}/sitemap.xml`, `Sitemap: ${SITE}/sitemap-news.xml`]));
  });
});

describe('feedBodies', () => {
  it('keeps the bodies of the first articles overall and in each city, as they come newest first', () => {
    const wants = feedBodies(2);
    const kept = [['a'], ['a'], ['a'], ['b'], [], ['b'], ['b'], ['a', 'c']].map((cities) => wants({ cities }));
    expect(kept).toEqual([true, true, false, true, false, true, false, true]);
  });
});

describe('eventBatchWorker', () => {
  const envelope = (detailType: string, detail: Record<string, unknown>) => JSON.stringify({ id: 'e', 'detail-type': detailType, detail });
  const published = { article_id: 'a', slug: 's', location_path: null, author_id: 'u', version: 2, published_at: NOW.toISOString() };
  const batch = (...bodies: string[]): SQSEvent => ({ Records: bodies.map((body, index) => ({ messageId: `m${index}`, body })) }) as unknown as SQSEvent;

  async function worker(work: (details: unknown[]) => Promise<void>) {
    process.env.POWERTOOLS_METRICS_DISABLED = 'true';
    process.env.POWERTOOLS_LOG_LEVEL = 'SILENT';
    const { eventBatchWorker } = await import('../../lambdas/platform/sqs-worker');
    const { ARTICLE_EVENTS } = await import('../../lambdas/articles/events');
    return eventBatchWorker(ARTICLE_EVENTS, ['ArticlePublished', 'ArticleUpdated'], work);
  }
  const context = { functionName: 'site-feeds', awsRequestId: 'r' } as never;

  it('works once for the whole batch; a record it cannot read fails alone', async () => {
    const work = vi.fn(async (_details: unknown[]) => undefined);
    const handler = await worker(work);
    const result = await handler(batch(envelope('ArticlePublished', published), 'not json', envelope('UserSignedUp', {}), envelope('ArticlePublished', published)), context);
    expect(work).toHaveBeenCalledTimes(1);
    expect(work.mock.calls[0]![0]).toHaveLength(2);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm1' }, { itemIdentifier: 'm2' }]);
  });

  it('fails every record it worked for when the work fails, and works not at all for none', async () => {
    const handler = await worker(async () => {
      throw new Error('bucket down');
    });
    const result = await handler(batch(envelope('ArticlePublished', published), envelope('ArticlePublished', published)), context);
    expect(result.batchItemFailures).toEqual([{ itemIdentifier: 'm0' }, { itemIdentifier: 'm1' }]);
    const idle = vi.fn(async (_details: unknown[]) => undefined);
    expect((await (await worker(idle))(batch('{}'), context)).batchItemFailures).toEqual([{ itemIdentifier: 'm0' }]);
    expect(idle).not.toHaveBeenCalled();
  });
});
