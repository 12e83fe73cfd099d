// The search pipeline over real HTTP: an editor publishes through the API, the search-index worker
// rebuilds the Pagefind index into the site bucket's stand-in, the gateway serves it as CloudFront
// does, and the index's own pagefind.js searches it as the browser does. Stemming, accents, filters
// and ranking are the unit tests' (tests/unit/search-index.test.ts); here: what reaches the index.
import { ListObjectsV2Command, GetObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft } from '../../shared/api-types';
import type { SearchFacets, SuggestedArticles } from '../../shared/search';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { decompressed, searchData, sitePagefind } from '../support/pagefind';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const s3 = new S3Client({ endpoint: `http://127.0.0.1:${ports.s3}`, region: 'us-east-1', forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });

// Made-up words no other test file writes, so each search finds only this file's articles.
const tag = randomUUID().replace(/[^a-f]/g, '').slice(0, 6);
const WORD = { free: `jabuticaba${tag}`, premium: `carambola${tag}`, secret: `pitomba${tag}`, draft: `seriguela${tag}`, review: `cambuci${tag}`, gone: `uvaia${tag}` };
const BELEM = { code: '1501402', label: 'Belém (PA)' };

let author: Member;
let editor: Member;

beforeAll(async () => {
  [author, editor] = await Promise.all([
    member(portal, table, 'autora-busca', 'Beatriz Busca', { roles: ['author'] }),
    member(portal, table, 'editor-busca', 'Bruno Busca', { roles: ['editor'] }),
  ]);
});

async function create(overrides: Record<string, unknown>): Promise<ArticleDraft> {
  const body = { title: 'Feira de frutas', slug: `busca-${randomUUID().slice(0, 8)}`, summary: 'Frutas da estação.', content: '<p>Texto da reportagem sobre a feira de frutas da estação no mercado.</p>', tags: [], ...overrides };
  const response = await portal.request('POST', '/api/articles', { token: author.token, body });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

async function setStatus(draft: ArticleDraft, status: ArticleDraft['status']): Promise<ArticleDraft> {
  const response = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status, base_version: draft.version } });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleDraft;
}

/** The paths a search finds now (a fresh pagefind.js: it reads the indexes as served now). */
const found = async (query: string) => (await searchData(await sitePagefind(baseUrl), query)).map((result) => result.url);
/** Waits until the index has rebuilt to show (or no longer show) these paths for the query. */
const indexShows = (query: string, paths: string[], present = true) =>
  eventually(async () => {
    const urls = await found(query);
    return paths.every((path) => urls.includes(path) === present) ? urls : undefined;
  }, 60_000);

describe('the search index', () => {
  let free: ArticleDraft;
  let premium: ArticleDraft;
  let draft: ArticleDraft;
  let inReview: ArticleDraft;

  beforeAll(async () => {
    free = await setStatus(
      await create({ title: `Safra de ${WORD.free} bate recorde`, city_code: BELEM.code, tags: ['Agricultura'], content: `<p>Os produtores de ${WORD.gone} comemoram a melhor colheita da década no estado.</p>` }),
      'published',
    );
    premium = await setStatus(
      await create({
        title: `Exportação de ${WORD.premium} cresce`,
        visibility: 'premium',
        city_code: BELEM.code,
        summary: 'Dados exclusivos do porto.',
        content: `<p>Primeiro parágrafo da reportagem exclusiva sobre o porto.</p><p>Só assinantes sabem que o ${WORD.secret} vale ouro.</p>`,
      }),
      'published',
    );
    draft = await create({ title: `Rascunho sobre ${WORD.draft}` });
    inReview = await setStatus(await create({ title: `Em revisão: ${WORD.review}` }), 'review');
    await indexShows(WORD.premium, [`/belem-pa/${premium.slug}`]);
    await indexShows(WORD.free, [`/belem-pa/${free.slug}`]);
  }, 90_000);

  it('holds published articles, a free one by its body too, with the metadata their cards show', async () => {
    expect(await found(WORD.gone)).toEqual([`/belem-pa/${free.slug}`]);
    const [card] = await searchData(await sitePagefind(baseUrl), WORD.premium, { filters: { cidade: BELEM.label } });
    expect(card?.meta).toMatchObject({ title: `Exportação de ${WORD.premium} cresce`, lead: 'Dados exclusivos do porto.', city: BELEM.label, premium: 'sim' });
  });

  // (Pagefind answers a word it does not hold with near spellings of other articles' words: what
  // matters is that these articles are not among them.)
  it('never holds drafts or articles in review', async () => {
    expect(await found(WORD.draft)).not.toContain(`/article/${draft.slug}`);
    expect(await found(WORD.review)).not.toContain(`/article/${inReview.slug}`);
  });

  it("holds no word of a premium article's body: not in results, not in any file of the index", async () => {
    const results = await searchData(await sitePagefind(baseUrl), WORD.secret);
    for (const result of results) expect(result.content, result.url).not.toContain(WORD.secret);
    const listed = await s3.send(new ListObjectsV2Command({ Bucket: 'portal-site', Prefix: 'pagefind/' }));
    const keys = (listed.Contents ?? []).map((object) => object.Key!);
    expect(keys.length).toBeGreaterThan(3);
    for (const key of keys) {
      const object = await s3.send(new GetObjectCommand({ Bucket: 'portal-site', Key: key }));
      expect(decompressed(await object.Body!.transformToByteArray()), key).not.toContain(WORD.secret);
    }
  });

  it('serves the index as CloudFront does: the entry for a minute, hashed files for a year', async () => {
    // This file's articles are this month's: in the month's index.
    const entry = await fetch(`${baseUrl}/pagefind/mes/pagefind-entry.json?ts=1`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('cache-control')).toBe('public, max-age=60');
    const { languages } = (await entry.json()) as { languages: Record<string, { hash: string }> };
    const meta = await fetch(`${baseUrl}/pagefind/mes/pagefind.${languages.pt!.hash}.pf_meta`);
    expect(meta.status).toBe(200);
    expect(meta.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // The selects' values, beside the index.
    const facets = (await (await fetch(`${baseUrl}/pagefind/facets.json`)).json()) as SearchFacets;
    expect(facets.cities).toContain(BELEM.label);
  });

  it('leaves the index at the next rebuild when an article is unpublished or deleted', async () => {
    const unpublished = await setStatus(await create({ title: `Queda no preço do ${WORD.gone} em Belém`, city_code: BELEM.code }), 'published');
    await indexShows(WORD.gone, [`/belem-pa/${unpublished.slug}`]);
    await setStatus(unpublished, 'draft');
    await indexShows(WORD.gone, [`/belem-pa/${unpublished.slug}`], false);

    const deleted = await portal.request('DELETE', `/api/articles/${free.id}`, { token: author.token });
    expect(deleted.status, deleted.text).toBe(204);
    await indexShows(WORD.free, [`/belem-pa/${free.slug}`], false);
  }, 150_000);
});

describe('GET /api/articles/most-read', () => {
  it('answers anyone with the most read published articles, each with its public path', async () => {
    const response = await portal.request('GET', '/api/articles/most-read');
    expect(response.status, response.text).toBe(200);
    const { articles } = response.body as unknown as SuggestedArticles;
    expect(articles.length).toBeGreaterThan(0);
    expect(articles.length).toBeLessThanOrEqual(5);
    for (const article of articles) expect(article.path).toMatch(/^\/(article|[a-z0-9-]+)\/[a-z0-9-]+$/);
  });
});
