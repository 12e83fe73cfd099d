// The feeds pipeline over real HTTP: an editor publishes through the API, the site-feeds worker
// regenerates the sitemaps, the news sitemap and the RSS feeds into the site bucket's stand-in, and the
// gateway serves them as CloudFront does. Sitemaps are checked against their schemas, feeds with a
// real RSS parser.
import { randomUUID } from 'node:crypto';
import Parser from 'rss-parser';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { indexedSitemaps, schemaErrors, sitemapUrls } from '../support/xml';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

// Cities no other test files articles under, so their feeds hold only what this file publishes.
const CITY = {
  florianopolis: { code: '4205407', path: 'florianopolis-sc' },
  portoAlegre: { code: '4314902', path: 'porto-alegre-rs' },
} as const;

const TRICKY = `Tarifa & "passe livre" <já> n'a pauta`;
const LEAD = 'A prefeitura anunciou nesta terça-feira o novo calendário de vacinação.';
const GATED = 'Somente assinantes leem este segundo parágrafo sobre os postos.';
const TWO_DAYS_MS = 2 * 24 * 3600 * 1000;

let author: Member;
let editor: Member;

beforeAll(async () => {
  [author, editor] = await Promise.all([
    member(portal, table, 'autora-feeds', 'Fernanda Feeds', { roles: ['author'] }),
    member(portal, table, 'editor-feeds', 'Edson Editor', { roles: ['editor'] }),
  ]);
});

// ---------------------------------------------------------------------------------------------
// Helpers

async function create(who: Member, overrides: Record<string, unknown> = {}): Promise<ArticleDraft> {
  const body = {
    title: 'Prefeitura amplia horário dos postos de saúde',
    slug: `feeds-${randomUUID().slice(0, 8)}`,
    summary: 'Unidades passam a atender até as 22h a partir de março.',
    content: `<p>${LEAD}</p>`,
    tags: [],
    ...overrides,
  };
  const response = await portal.request('POST', '/api/articles', { token: who.token, body });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

async function setStatus(draft: ArticleDraft, status: ArticleDraft['status']): Promise<ArticleDraft> {
  const response = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status, base_version: draft.version } });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleDraft;
}

/** Written by the author, published by the editor. */
const published = async (overrides: Record<string, unknown> = {}) => setStatus(await create(author, overrides), 'published');

// s3rver rewrites a file in place (S3's PUT is atomic): a read during a regeneration triggered by
// another test file can get a cut-off or missing file. Such a read is taken again; a whole file ends with its root.
const WHOLE = /<\/(rss|urlset|sitemapindex)>\s*$/;

async function served(path: string) {
  for (let attempt = 1; ; attempt++) {
    const response = await fetch(`${baseUrl}${path}`);
    const file = { status: response.status, type: response.headers.get('content-type'), cache: response.headers.get('cache-control'), text: await response.text() };
    // (A file being replaced may also be missing for a moment: a 404 is asked again a few times.)
    const settled = file.status === 200 ? !/xml/.test(file.type ?? '') || WHOLE.test(file.text) : file.status !== 404 || attempt >= 5;
    if (settled || attempt === 20) return file;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function feed(path: string) {
  const file = await served(path);
  expect(file.status, path).toBe(200);
  return { ...file, feed: await new Parser().parseString(file.text) };
}

/** Every URL of every sitemap the index names, each file checked against its schema on the way. */
async function sitemapLocations(): Promise<string[]> {
  const index = await served('/sitemap.xml');
  expect(schemaErrors(index.text, 'index')).toBe('');
  const locations: string[] = [];
  for (const { url } of await indexedSitemaps(index.text)) {
    expect(url.startsWith(`${baseUrl}/sitemap-`), url).toBe(true);
    const sitemap = await served(url.slice(baseUrl.length));
    expect(sitemap.status, url).toBe(200);
    expect(schemaErrors(sitemap.text, 'urlset'), url).toBe('');
    locations.push(...(await sitemapUrls(sitemap.text)).map((entry) => entry.url));
  }
  return locations;
}

/** Waits for the feeds to show (or no longer show) these articles: the pipeline has regenerated. */
const feedsShow = (path: string, ids: string[], present = true) =>
  eventually(async () => {
    const file = await served(path);
    if (file.status !== 200) return undefined;
    const guids = (await new Parser().parseString(file.text)).items.map((item) => item.guid);
    return ids.every((id) => guids.includes(id) === present) ? true : undefined;
  }, 25_000);

// ---------------------------------------------------------------------------------------------

describe('the sitemaps and feeds', () => {
  let withCity: ArticleDraft;
  let withoutCity: ArticleDraft;
  let premium: ArticleDraft;
  let old: ArticleDraft;

  beforeAll(async () => {
    old = await published({ city_code: CITY.florianopolis.code, title: 'Ponte reabre após reforma' });
    await table.backdatePublication(old.id, new Date(Date.now() - TWO_DAYS_MS - 3600_000));
    withCity = await published({ city_code: CITY.florianopolis.code, title: TRICKY });
    withoutCity = await published({ title: 'Congresso vota reforma tributária' });
    premium = await published({ city_code: CITY.florianopolis.code, visibility: 'premium', content: `<p>${LEAD}</p><p>${GATED}</p>` });
    await feedsShow(`/rss/${CITY.florianopolis.path}.xml`, [withCity.id, premium.id, old.id]);
    await feedsShow('/rss.xml', [withCity.id, withoutCity.id, premium.id]);
  }, 60_000);

  it('lists every published article at its public URL, with its city, author and the static pages', async () => {
    const locations = await sitemapLocations();
    expect(locations).toEqual(
      expect.arrayContaining([
        `${baseUrl}/${CITY.florianopolis.path}/${withCity.slug}`,
        `${baseUrl}/article/${withoutCity.slug}`,
        `${baseUrl}/${CITY.florianopolis.path}/${premium.slug}`,
        `${baseUrl}/${CITY.florianopolis.path}/${old.slug}`,
        `${baseUrl}/?city=${CITY.florianopolis.path}`,
        `${baseUrl}/author/${author.id}`,
        `${baseUrl}/`,
      ]),
    );
    expect(locations).not.toContain(`${baseUrl}/article/${withCity.slug}`);
  });

  it('serves the files with their types and a short public cache', async () => {
    for (const path of ['/sitemap.xml', '/sitemap-news.xml', '/sitemap-articles-1.xml']) {
      expect(await served(path), path).toMatchObject({ status: 200, type: 'application/xml; charset=utf-8', cache: 'public, max-age=300' });
    }
    for (const path of ['/rss.xml', `/rss/${CITY.florianopolis.path}.xml`]) {
      expect(await served(path), path).toMatchObject({ status: 200, type: 'application/rss+xml; charset=utf-8', cache: 'public, max-age=300' });
    }
    expect((await served('/rss/cidade-sem-noticias.xml')).status).toBe(404);
  });

  it('names the sitemaps in robots.txt by absolute URL', async () => {
    const robots = await served('/robots.txt');
    expect(robots).toMatchObject({ status: 200, type: 'text/plain; charset=utf-8' });
    expect(robots.text.split('\n')).toEqual(expect.arrayContaining(['Disallow: /api/', `Sitemap: ${baseUrl}/sitemap.xml`, `Sitemap: ${baseUrl}/sitemap-news.xml`]));
  });

  it('lists in the news sitemap only the articles of the last 2 days, with their escaped titles', async () => {
    const news = await served('/sitemap-news.xml');
    expect(schemaErrors(news.text, 'news')).toBe('');
    const entries = await sitemapUrls(news.text);
    const entry = entries.find((candidate) => candidate.url === `${baseUrl}/${CITY.florianopolis.path}/${withCity.slug}`);
    expect(entry?.news).toMatchObject({ publication: { name: 'Portal de Notícias', language: 'pt' }, title: TRICKY, publication_date: withCity.published_at });
    expect(entries.map((candidate) => candidate.url)).toEqual(expect.arrayContaining([`${baseUrl}/article/${withoutCity.slug}`]));
    expect(entries.map((candidate) => candidate.url)).not.toContain(`${baseUrl}/${CITY.florianopolis.path}/${old.slug}`);
    for (const { news: tags } of entries) expect(Date.parse(tags!.publication_date)).toBeGreaterThanOrEqual(Date.now() - TWO_DAYS_MS - 60_000);
  });

  it('carries the articles in rss.xml, a premium one with its lead and never the rest of its body', async () => {
    const { feed: rss, text } = await feed('/rss.xml');
    expect(rss.title).toBe('Portal Plural');
    const item = rss.items.find((candidate) => candidate.guid === withCity.id);
    expect(item).toMatchObject({ title: TRICKY, link: `${baseUrl}/${CITY.florianopolis.path}/${withCity.slug}`, creator: 'Fernanda Feeds' });
    expect(rss.items.find((candidate) => candidate.guid === withoutCity.id)?.link).toBe(`${baseUrl}/article/${withoutCity.slug}`);
    const gated = rss.items.find((candidate) => candidate.guid === premium.id)!;
    expect(gated['content:encoded']).toContain(LEAD);
    expect(text).not.toContain(GATED);
  });

  it('carries only the city\'s articles in its feed, the older one included', async () => {
    const { feed: city, text } = await feed(`/rss/${CITY.florianopolis.path}.xml`);
    expect(city.title).toBe('Portal Plural — Florianópolis (SC)');
    expect(city.items.map((item) => item.guid)).toEqual(expect.arrayContaining([withCity.id, premium.id, old.id]));
    expect(city.items.map((item) => item.guid)).not.toContain(withoutCity.id);
    expect(text).not.toContain(GATED);
  });
});

describe('unpublishing', () => {
  it('takes the article out of the feeds and sitemaps, emptying its city\'s feed', async () => {
    const article = await published({ city_code: CITY.portoAlegre.code });
    const cityFeed = `/rss/${CITY.portoAlegre.path}.xml`;
    await feedsShow(cityFeed, [article.id]);
    expect(await sitemapLocations()).toContain(`${baseUrl}/?city=${CITY.portoAlegre.path}`);

    await setStatus(article, 'draft');
    await feedsShow(cityFeed, [article.id], false);
    expect((await feed(cityFeed)).feed.items).toEqual([]);
    await feedsShow('/rss.xml', [article.id], false);
    const locations = await sitemapLocations();
    expect(locations).not.toContain(`${baseUrl}/${CITY.portoAlegre.path}/${article.slug}`);
    expect(locations).not.toContain(`${baseUrl}/?city=${CITY.portoAlegre.path}`);
  });
});

describe('deleting', () => {
  it('takes a deleted article out of the feeds and sitemaps (ArticleDeleted)', async () => {
    const article = await published();
    await feedsShow('/rss.xml', [article.id]);
    const deleted = await portal.request('DELETE', `/api/articles/${article.id}`, { token: author.token });
    expect(deleted.status, deleted.text).toBe(204);
    await feedsShow('/rss.xml', [article.id], false);
    // Other test files publish meanwhile: a read can meet s3rver rewriting a sitemap (its PUT is not
    // atomic, unlike S3's), so the check is retried briefly.
    await vi.waitFor(async () => expect(await sitemapLocations()).not.toContain(`${baseUrl}/article/${article.slug}`), { timeout: 10_000, interval: 300 });
  });
});
