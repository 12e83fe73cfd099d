// The author page over real HTTP: GET /api/authors/{authorId}?page=N lists the author's published
// articles only, newest first, 12 a page, from the sparse author-page index that article saves and
// deletes keep in the same transaction; and it stays a handful of Gets and Queries, never a Scan.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft, AuthorPage } from '../../shared/api-types';
import { articleEntity } from '../../lambdas/articles/article';
import { CheckedPortal, member, type ApiResponse, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

let author: Member;
let editor: Member;
let reader: Member;

beforeAll(async () => {
  [author, editor, reader] = await Promise.all([
    member(portal, table, 'autorpagina', 'Paula Pauta', { roles: ['author'] }),
    member(portal, table, 'editorpagina', 'Edson Editor', { roles: ['editor', 'author'] }),
    member(portal, table, 'leitorpagina', 'Lauro Leitor'),
  ]);
});

async function create(who: Member, title: string): Promise<ArticleDraft> {
  const response = await portal.request('POST', '/api/articles', {
    token: who.token,
    body: {
      title,
      slug: `autor-${randomUUID().slice(0, 8)}`,
      summary: 'Resumo da matéria para a página do autor.',
      content: '<p>A prefeitura confirmou nesta segunda-feira a ampliação do horário de atendimento nas unidades.</p>',
      tags: ['cidade'],
    },
  });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

async function setStatus(draft: ArticleDraft, status: ArticleDraft['status']): Promise<ArticleDraft> {
  const { title, slug, summary, content, cover_image, visibility, tags, city_code, version } = draft;
  const response = await portal.request('PUT', `/api/articles/${draft.id}`, {
    token: editor.token,
    body: { title, slug, summary, content, cover_image, visibility, tags, city_code, status, base_version: version },
  });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleDraft;
}

const authorPage = (id: string, query = ''): Promise<ApiResponse> => portal.request('GET', `/api/authors/${id}${query}`);

async function page(id: string, query = ''): Promise<AuthorPage> {
  const response = await authorPage(id, query);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AuthorPage;
}

const titles = (data: AuthorPage) => data.articles.map((article) => article.title);

describe('GET /api/authors/{authorId}', () => {
  // Published in this order (oldest first); the page lists them newest first.
  const published: ArticleDraft[] = [];
  let draft: ArticleDraft;
  let inReview: ArticleDraft;

  beforeAll(async () => {
    for (let index = 1; index <= 13; index += 1) published.push(await setStatus(await create(author, `Matéria ${index} da Paula`), 'published'));
    draft = await create(author, 'Rascunho da Paula');
    inReview = await setStatus(await create(author, 'Em revisão da Paula'), 'review');
  }, 120_000);

  it('shows the profile, the highest role, the count and the newest 12 published articles', async () => {
    const data = await page(author.id);
    expect(data.author).toEqual({ id: author.id, full_name: 'Paula Pauta', bio: '', avatar_url: '', role: 'author' });
    expect(data).toMatchObject({ published_count: 13, page: 1, page_size: 12, total_pages: 2 });
    expect(titles(data)).toEqual(published.slice(1).reverse().map((article) => article.title));
    const [first] = data.articles;
    // The home feed's card shape, with views and the author.
    expect(first).toMatchObject({
      id: published[12]!.id,
      slug: published[12]!.slug,
      summary: published[12]!.summary,
      visibility: 'public',
      views_count: 0,
      tags: ['cidade'],
      author: { id: author.id, full_name: 'Paula Pauta', avatar_url: '' },
    });
    expect(first).not.toHaveProperty('content');
    expect(titles(data)).not.toContain(draft.title);
    expect(titles(data)).not.toContain(inReview.title);
  });

  it('pages by ?page=: page 2 holds the 13th, a page past the last is empty', async () => {
    const second = await page(author.id, '?page=2');
    expect(second).toMatchObject({ published_count: 13, page: 2, total_pages: 2 });
    expect(titles(second)).toEqual([published[0]!.title]);
    const past = await page(author.id, '?page=3');
    expect(past).toMatchObject({ published_count: 13, page: 3, total_pages: 2, articles: [] });
    expect((await page(author.id, '?page=999999999')).articles).toEqual([]);
  });

  it('answers from a handful of Queries and one BatchGet, never a Scan', async () => {
    for (const query of ['', '?page=2', '?page=40']) {
      const response = await authorPage(author.id, query);
      expect(response.status).toBe(200);
      const operations = (response.headers.get('x-local-dynamodb-operations') ?? '').split(',').filter(Boolean);
      expect(operations.length, `${query}: ${operations.join(',')}`).toBeGreaterThan(0);
      expect(operations.length, `${query}: ${operations.join(',')}`).toBeLessThanOrEqual(4);
      expect(operations.every((operation) => ['QueryCommand', 'GetCommand', 'BatchGetItemCommand'].includes(operation)), operations.join(',')).toBe(
        true,
      );
    }
    // A page within reach: the user's partition, the count and the ids at once, then one BatchGet.
    const first = await authorPage(author.id);
    expect(first.headers.get('x-local-dynamodb-operations')?.split(',').sort()).toEqual(['BatchGetItemCommand', 'QueryCommand', 'QueryCommand', 'QueryCommand']);
    // Far past the end: only the user and the count are read.
    const far = await authorPage(author.id, '?page=40');
    expect(far.headers.get('x-local-dynamodb-operations')?.split(',')).toEqual(['QueryCommand', 'QueryCommand']);
  });

  it('drops an unpublished article (its index entry goes) and lists it again once republished', async () => {
    const target = published[5]!;
    // The article item carries the author-page key while published, the My-articles one otherwise.
    const key = articleEntity.key(target.id);
    expect(await table.item(key)).toMatchObject({ gsi1pk: `AUTHOR_FEED#${author.id}`, gsi1sk: `${target.published_at}#${target.id}` });

    const unpublished = await setStatus(target, 'draft');
    expect(await table.item(key)).toMatchObject({ gsi1pk: `AUTHOR#${author.id}`, gsi1sk: `${unpublished.created_at}#${target.id}` });
    const without = await page(author.id);
    expect(without.published_count).toBe(12);
    expect(without.total_pages).toBe(1);
    expect(titles(without)).not.toContain(target.title);

    published[5] = await setStatus(unpublished, 'published');
    expect(await table.item(key)).toMatchObject({ gsi1pk: `AUTHOR_FEED#${author.id}` });
    expect((await page(author.id)).published_count).toBe(13);
  });

  it('drops a deleted article', async () => {
    const doomed = await setStatus(await create(author, 'Matéria apagada da Paula'), 'published');
    expect((await page(author.id)).published_count).toBe(14);
    const removed = await portal.request('DELETE', `/api/articles/${doomed.id}`, { token: author.token });
    expect(removed.status, removed.text).toBe(204);
    expect(await table.item(articleEntity.key(doomed.id))).toBeUndefined();
    const after = await page(author.id);
    expect(after.published_count).toBe(13);
    expect(titles(after)).not.toContain(doomed.title);
  });

  it('shows the highest of several roles', async () => {
    expect((await page(editor.id)).author.role).toBe('editor');
  });

  it('answers a known user without articles with an empty page and no badge', async () => {
    const data = await page(reader.id);
    expect(data).toMatchObject({ published_count: 0, page: 1, page_size: 12, total_pages: 0, articles: [] });
    expect(data.author).toMatchObject({ id: reader.id, full_name: 'Lauro Leitor', role: null });
  });

  it('answers 404 for an unknown author', async () => {
    for (const id of [randomUUID(), 'x'.repeat(300)]) {
      const response = await authorPage(id);
      expect(response.status, id).toBe(404);
      expect(response.body.message).toBe('Autor não encontrado');
    }
  });

  it.each(['0', 'abc', '', '-1', '1.5', '1234567890'])('answers 400 for ?page=%s', async (value) => {
    const response = await authorPage(author.id, `?page=${value}`);
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({ message: 'Página inválida.', field: 'page' });
  });
});
