// The analysis API over real HTTP: the editor's AI suggestions, the feedback that trains them, the
// reprocessing pipeline (an analyzed article saved with a changed text is analyzed again by the
// workers), the reprocess button and the Monitor IA's figures, for every caller of the permission
// table (anonymous, a reader, the article's author, another author, an editor, the master), with
// the pt-BR refusals and nothing lost or doubled. Also the article save's AI fields (location_codes,
// analyzed, custom tags).
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/local/config';
import { logEntity, newLogRecord, type LogRecord } from '../../lambdas/analysis/items';
import type { AnalysisResult, ArticleDraft } from '../../shared/api-types';
import type { AnalysisMonitor, FeedbackInput, ReprocessOutcome } from '../../shared/analysis';
import { eventually } from '../support/api';
import { byCase, CheckedPortal, newsroom, type ApiResponse, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const TABLE = loadConfig([], {}).tableName;
const documents = table.client;

const MSG = {
  needText: 'Preencha pelo menos o título e o conteúdo para análise.',
  titleTooLong: 'Título muito longo',
  invalidArticle: 'Artigo inválido.',
  articleNotFound: 'Artigo não encontrado.',
  editForbidden: 'Você não tem permissão para editar este artigo.',
  analyzeForbidden: 'Você precisa ser Autor, Editor ou Master para usar a análise com IA.',
  monitorForbidden: 'Acesso negado: apenas editores e o Master acessam o Monitor IA.',
  feedbackForbidden: 'Acesso negado: apenas editores e o Master registram dados de treinamento da IA.',
  onePrimary: 'Escolha apenas uma localização principal.',
  primaryApprovedCity: 'A localização principal deve ser uma cidade aprovada.',
  invalidLocation: 'Localização inválida.',
  noPending: 'Nenhum artigo pendente',
  invalidCity: 'Cidade inválida. Escolha uma cidade da lista.',
  primaryCityRequired: 'Escolha a localização principal entre as cidades aprovadas.',
  tooManyLocations: 'Escolha no máximo 4 cidades além da principal.',
} as const;

const CAMPINAS = '3509502';
const VALINHOS = '3556206';

const COLETA = {
  title: 'Prefeitura de Campinas amplia coleta seletiva de lixo',
  summary: 'Programa de reciclagem chega a mais 20 bairros da cidade.',
  content:
    '<p>A Prefeitura de Campinas anunciou nesta segunda-feira a ampliação da coleta seletiva de lixo para mais 20 bairros da cidade. ' +
    'A reciclagem deve crescer 30% até o fim do ano, segundo a secretaria de serviços públicos.</p>' +
    '<p>Em Valinhos, a coleta seletiva já atende toda a cidade desde o ano passado.</p>',
};

let author: Member;
let otherAuthor: Member;
let editor: Member;
let master: Member;
let reader: Member;

beforeAll(async () => {
  ({ author, otherAuthor, editor, master, reader } = await newsroom(portal, table, 'ia-'));
});

type Caller = 'anonymous' | 'reader' | 'author' | 'otherAuthor' | 'editor' | 'master';
const who = (caller: Caller): Member | undefined => ({ anonymous: undefined, reader, author, otherAuthor, editor, master })[caller];

function call(method: string, path: string, caller: Member | undefined, body?: unknown): Promise<ApiResponse> {
  return portal.request(method, path, { token: caller?.token, body });
}

function expectRefusal(response: ApiResponse, status: number, message?: string): void {
  expect(response.status, response.text).toBe(status);
  if (message) expect(response.body.message).toBe(message);
}

async function analyze(caller: Member, body: Record<string, unknown>): Promise<AnalysisResult> {
  const response = await call('POST', '/api/analysis', caller, body);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AnalysisResult;
}

async function newArticle(caller: Member, extra: Record<string, unknown> = {}, text = COLETA): Promise<ArticleDraft> {
  const response = await call('POST', '/api/articles', caller, { ...text, slug: `ia-${randomUUID().slice(0, 8)}`, ...extra });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

async function save(caller: Member, draft: ArticleDraft, changes: Record<string, unknown>): Promise<ArticleDraft> {
  const response = await call('PUT', `/api/articles/${draft.id}`, caller, { ...changes, base_version: draft.version });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as ArticleDraft;
}

async function monitor(caller: Member = editor): Promise<AnalysisMonitor> {
  const response = await call('GET', '/api/analysis/monitor', caller);
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AnalysisMonitor;
}

async function itemsOf(pk: string): Promise<Record<string, unknown>[]> {
  const result = await documents.send(
    new QueryCommand({ TableName: TABLE, KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': pk }, ConsistentRead: true }),
  );
  return result.Items ?? [];
}

/** The reprocessing log entries of an article, as stored. */
async function entriesOf(articleId: string): Promise<LogRecord[]> {
  const result = await documents.send(
    new QueryCommand({
      TableName: TABLE,
      IndexName: 'gsi1',
      KeyConditionExpression: 'gsi1pk = :pk',
      FilterExpression: 'article_id = :id',
      ExpressionAttributeValues: { ':pk': 'AILOG', ':id': articleId },
    }),
  );
  return (result.Items ?? []).map(logEntity.fromItem);
}

const feedbackFor = (articleId: string, extra: Partial<FeedbackInput> = {}): FeedbackInput => ({
  article_id: articleId,
  tags: [
    { tag: 'coleta seletiva', relevance: 0.97, approved: true },
    { tag: 'amplia coleta', relevance: 0.76, approved: false },
    { tag: '  Reciclagem Urbana ', relevance: 1, approved: true, custom: true },
  ],
  locations: [
    { code: CAMPINAS, type: 'city', confidence: 0.96, approved: true, primary: true },
    { code: VALINHOS, type: 'city', confidence: 0.9, approved: false, primary: false },
  ],
  ...extra,
});

// ---------------------------------------------------------------------------------------------

describe('POST /api/analysis', () => {
  it.each(byCase([
    { case: 'refuses an anonymous caller (401)', caller: 'anonymous' as Caller, status: 401 },
    { case: 'refuses a reader without a role (403)', caller: 'reader' as Caller, status: 403, message: MSG.analyzeForbidden },
    { case: 'analyzes for an author', caller: 'author' as Caller, status: 200 },
    { case: 'analyzes for an editor', caller: 'editor' as Caller, status: 200 },
    { case: 'analyzes for the master', caller: 'master' as Caller, status: 200 },
  ]))('%s', async (_name, { caller, status, message }) => {
    const response = await call('POST', '/api/analysis', who(caller), COLETA);
    expectRefusal(response, status, message);
    if (status !== 200) return;
    const result = response.body as unknown as AnalysisResult;
    expect(result.tags.length).toBeGreaterThan(0);
    for (const tag of result.tags) {
      expect(tag.tag).toBe(tag.tag.trim().toLowerCase());
      expect(tag.relevance).toBeGreaterThan(0);
      expect(tag.relevance).toBeLessThanOrEqual(1);
    }
    expect(result.tags.map((tag) => tag.tag).join(' | ')).toContain('coleta seletiva');
    expect(result.primaryLocation).toMatchObject({ code: CAMPINAS, name: 'Campinas', state_code: 'SP', location_path: 'campinas-sp', type: 'city' });
    expect(result.locations.map((location) => location.code)).toEqual(expect.arrayContaining([CAMPINAS, VALINHOS]));
  });

  it.each(byCase([
    { case: 'refuses an empty title', body: { ...COLETA, title: '   ' }, message: MSG.needText },
    { case: 'refuses a title that is only markup', body: { ...COLETA, title: '<b> </b>' }, message: MSG.needText },
    { case: 'refuses a missing title', body: { content: COLETA.content }, message: MSG.needText },
    { case: 'refuses an empty body', body: { ...COLETA, content: '<p>&nbsp;</p>' }, message: MSG.needText },
    { case: 'refuses a missing body', body: { title: COLETA.title }, message: MSG.needText },
    { case: 'refuses a title over 200 characters', body: { ...COLETA, title: 'a'.repeat(201) }, message: MSG.titleTooLong },
    { case: 'refuses an article id that cannot be one', body: { ...COLETA, article_id: 'nao-e-um-id' }, message: MSG.invalidArticle },
  ]))('%s (400, pt-BR)', async (_name, { body, message }) => {
    expectRefusal(await call('POST', '/api/analysis', author, body), 400, message);
  });

  it('analyzes an article only for who may edit it', async () => {
    const article = await newArticle(author);
    const body = { ...COLETA, article_id: article.id };
    expectRefusal(await call('POST', '/api/analysis', otherAuthor, body), 403, MSG.editForbidden);
    expect((await analyze(author, body)).primaryLocation?.code).toBe(CAMPINAS);
    expect((await analyze(editor, body)).primaryLocation?.code).toBe(CAMPINAS);
    expect((await analyze(master, body)).primaryLocation?.code).toBe(CAMPINAS);
    expectRefusal(await call('POST', '/api/analysis', editor, { ...COLETA, article_id: randomUUID() }), 404, MSG.articleNotFound);
  });
});

describe('saving the AI panel’s choices with the article', () => {
  it('stores custom tags trimmed, lower case and once, the primary city and the other approved cities', async () => {
    const draft = await newArticle(author, {
      tags: [' Coleta Seletiva ', 'coleta seletiva', 'Reciclagem'],
      city_code: CAMPINAS,
      location_codes: [VALINHOS, VALINHOS, CAMPINAS],
      analyzed: true,
    });
    expect(draft.tags).toEqual(['coleta seletiva', 'reciclagem']);
    expect(draft.city_code).toBe(CAMPINAS);
    expect(draft.location_path).toBe('campinas-sp');
    expect(draft.ai_last_updated).toBe(draft.created_at);
    expect(draft.locations).toEqual([
      expect.objectContaining({ code: CAMPINAS, is_primary: true, location_path: 'campinas-sp' }),
      expect.objectContaining({ code: VALINHOS, is_primary: false, location_path: 'valinhos-sp', location_name: 'Valinhos' }),
    ]);
    const stored = (await itemsOf(`ARTICLE#${draft.id}`)).filter((item) => item.entity === 'article_location');
    expect(stored.map((item) => [item.code, item.is_primary]).sort()).toEqual([[CAMPINAS, true], [VALINHOS, false]]);

    // An edit that sends only the primary city keeps the other approved ones; [] removes them.
    const moved = await save(author, draft, { city_code: VALINHOS });
    expect(moved.locations.map((location) => [location.code, location.is_primary])).toEqual([[VALINHOS, true]]);
    const again = await save(author, moved, { city_code: CAMPINAS, location_codes: [VALINHOS] });
    expect(again.locations.map((location) => [location.code, location.is_primary])).toEqual([[CAMPINAS, true], [VALINHOS, false]]);
    expect(again.ai_last_updated).toBe(draft.ai_last_updated);
    const cleared = await save(author, again, { location_codes: [] });
    expect(cleared.locations.map((location) => location.code)).toEqual([CAMPINAS]);
  });

  it.each(byCase([
    { case: 'refuses other cities without a primary one', body: { city_code: null, location_codes: [VALINHOS] }, message: MSG.primaryCityRequired },
    { case: 'refuses more than 4 other cities', body: { city_code: CAMPINAS, location_codes: ['3550308', '3304557', '3106200', '4106902', '2927408'] }, message: MSG.tooManyLocations },
    { case: 'refuses an unknown city', body: { city_code: CAMPINAS, location_codes: ['9999999'] }, message: MSG.invalidCity },
    { case: 'refuses a code that is no city', body: { city_code: CAMPINAS, location_codes: ['35'] }, message: MSG.invalidCity },
  ]))('%s (400, nothing saved)', async (_name, { body, message }) => {
    const draft = await newArticle(author);
    expectRefusal(await call('PUT', `/api/articles/${draft.id}`, author, { ...body, base_version: draft.version }), 400, message);
    const reread = await call('GET', `/api/articles/${draft.id}`, author);
    expect((reread.body as unknown as ArticleDraft).version).toBe(draft.version);
  });

  it('lets an editor manage the tags of any article, and not another author', async () => {
    const draft = await newArticle(author, { tags: ['lixo'] });
    expectRefusal(await call('PUT', `/api/articles/${draft.id}`, otherAuthor, { tags: ['outra'], base_version: draft.version }), 403, MSG.editForbidden);
    const edited = await save(editor, draft, { tags: ['Coleta Seletiva', ' lixo '] });
    expect(edited.tags).toEqual(['coleta seletiva', 'lixo']);
    const byMaster = await save(master, edited, { tags: ['reciclagem'] });
    expect(byMaster.tags).toEqual(['reciclagem']);
  });
});

describe('POST /api/analysis/feedback', () => {
  it.each(byCase([
    { case: 'refuses an anonymous caller (401)', caller: 'anonymous' as Caller, status: 401 },
    { case: 'refuses a reader without a role (403)', caller: 'reader' as Caller, status: 403, message: MSG.feedbackForbidden },
    { case: 'refuses another author (403)', caller: 'otherAuthor' as Caller, status: 403, message: MSG.editForbidden },
  ]))('%s, storing nothing', async (_name, { caller, status, message }) => {
    const article = await newArticle(author);
    expectRefusal(await call('POST', '/api/analysis/feedback', who(caller), feedbackFor(article.id)), status, message);
    expect(await itemsOf(`AITRAIN#${article.id}`)).toEqual([]);
  });

  it('records an author’s judgements on the article they just created, and none on a later save', async () => {
    const article = await newArticle(author);
    const first = await call('POST', '/api/analysis/feedback', author, feedbackFor(article.id));
    expect(first.status, first.text).toBe(200);
    expect(first.body).toEqual({ recorded: 5 });
    const stored = await itemsOf(`AITRAIN#${article.id}`);
    expect(stored).toHaveLength(5);
    expect(stored.find((item) => item.suggested_tag === 'reciclagem urbana')).toMatchObject({ entity: 'ai_training_data', custom: true, was_approved: true, approved_by: author.id });
    expect(stored.find((item) => item.location_code === CAMPINAS)).toMatchObject({
      entity: 'ai_location_training',
      suggested_location: 'Campinas (SP)',
      location_type: 'city',
      was_approved: true,
      was_primary: true,
    });

    const edited = await save(author, article, { summary: 'Programa de reciclagem chega a mais 30 bairros da cidade.' });
    const later = await call('POST', '/api/analysis/feedback', author, feedbackFor(edited.id, { tags: [{ tag: 'lixo', relevance: 0.5, approved: true }] }));
    expect(later.status, later.text).toBe(200);
    expect(later.body).toEqual({ recorded: 0 });
    expect(await itemsOf(`AITRAIN#${article.id}`)).toHaveLength(5);
  });

  it('records an editor’s and the master’s judgements on any article, once per person and suggestion', async () => {
    const article = await save(author, await newArticle(author), { summary: 'Programa de reciclagem chega a mais 30 bairros da cidade.' });
    for (const caller of [editor, editor, master]) {
      const response = await call('POST', '/api/analysis/feedback', caller, feedbackFor(article.id));
      expect(response.status, response.text).toBe(200);
      expect(response.body).toEqual({ recorded: 5 });
    }
    const stored = await itemsOf(`AITRAIN#${article.id}`);
    // Two people, five judgements each: the editor's repeated request wrote the same items.
    expect(stored).toHaveLength(10);
    expect(new Set(stored.map((item) => item.approved_by))).toEqual(new Set([editor.id, master.id]));
  });

  it.each(byCase([
    { case: 'refuses two primary locations', change: { locations: [
      { code: CAMPINAS, type: 'city', confidence: 0.9, approved: true, primary: true },
      { code: VALINHOS, type: 'city', confidence: 0.9, approved: true, primary: true },
    ] }, message: MSG.onePrimary },
    { case: 'refuses a rejected primary location', change: { locations: [{ code: CAMPINAS, type: 'city', confidence: 0.9, approved: false, primary: true }] }, message: MSG.primaryApprovedCity },
    { case: 'refuses a state as the primary location', change: { locations: [{ code: '35', type: 'state', confidence: 0.9, approved: true, primary: true }] }, message: MSG.primaryApprovedCity },
    { case: 'refuses a code of the wrong kind', change: { locations: [{ code: '35', type: 'city', confidence: 0.9, approved: true, primary: false }] }, message: MSG.invalidLocation },
    { case: 'refuses an unknown city', change: { locations: [{ code: '9999999', type: 'city', confidence: 0.9, approved: true, primary: false }] }, message: MSG.invalidLocation },
  ]))('%s (400, nothing stored)', async (_name, { change, message }) => {
    const article = await newArticle(author);
    expectRefusal(await call('POST', '/api/analysis/feedback', editor, feedbackFor(article.id, change as Partial<FeedbackInput>)), 400, message);
    expect(await itemsOf(`AITRAIN#${article.id}`)).toEqual([]);
  });

  it('answers 404 for an article that does not exist', async () => {
    expectRefusal(await call('POST', '/api/analysis/feedback', editor, feedbackFor(randomUUID())), 404, MSG.articleNotFound);
  });

  it('teaches the analyzer: a tag an editor rejected ranks lower in a later analysis of a similar text', async () => {
    const dengue = {
      title: 'Mutirão contra a dengue mobiliza agentes de saúde em Sorocaba',
      summary: 'Agentes visitam imóveis para eliminar criadouros do mosquito transmissor.',
      content:
        '<p>O mutirão contra a dengue mobilizou agentes de saúde em Sorocaba neste sábado. Os agentes visitaram imóveis para eliminar criadouros ' +
        'do mosquito Aedes aegypti e orientar moradores sobre larvicida e caixas d’água.</p><p>A secretaria de saúde registrou alta de casos de dengue.</p>',
    };
    const similar = { ...dengue, title: 'Agentes de saúde fazem mutirão contra a dengue em bairros de Sorocaba' };
    const before = await analyze(editor, similar);
    const judged = before.tags[1] ?? before.tags[0]!;
    const article = await newArticle(editor, {}, dengue);
    const response = await call('POST', '/api/analysis/feedback', editor, {
      article_id: article.id,
      tags: [{ tag: judged.tag, relevance: judged.relevance, approved: false }],
      locations: [],
    });
    expect(response.status, response.text).toBe(200);
    const after = await analyze(editor, similar);
    const relevanceAfter = after.tags.find((tag) => tag.tag === judged.tag)?.relevance ?? 0;
    expect(relevanceAfter).toBeLessThan(judged.relevance);
  });
});

describe('the reprocessing pipeline', () => {
  it('analyzes again an analyzed article saved with a changed text, once, and only then', async () => {
    const created = await newArticle(author, { city_code: CAMPINAS, analyzed: true });
    // A save that does not touch the words opens nothing.
    const same = await save(author, created, { visibility: 'premium' });
    const changed = await save(author, same, { content: `${COLETA.content}<p>A coleta passa a ser feita três vezes por semana.</p>` });
    const entry = await eventually(async () => (await entriesOf(created.id)).find((found) => found.status === 'success'), 20_000);
    expect(entry).toMatchObject({ id: `${created.id}.v${changed.version}`, reason: 'text_changed', attempt: 1, article_title: COLETA.title, article_slug: created.slug, error: null });
    expect(entry.executed_at).toBeTruthy();
    const latest = (await itemsOf(`ANALYSIS#${created.id}`)).find((item) => item.sk === 'LATEST');
    expect(latest).toMatchObject({ version: changed.version, log_id: entry.id });
    expect((latest?.result as AnalysisResult).primaryLocation?.code).toBe(CAMPINAS);
    expect(await entriesOf(created.id)).toHaveLength(1);

    // Saved again after a new analysis: the new text is the baseline; nothing opens.
    const analyzedAgain = await save(author, changed, { content: `${COLETA.content}<p>Nova análise.</p>`, analyzed: true });
    expect(analyzedAgain.ai_last_updated).not.toBe(created.ai_last_updated);
    const monitorView = await monitor();
    const mine = monitorView.entries.filter((found) => found.article_id === created.id);
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({ status: 'success', article_title: COLETA.title, article_slug: created.slug, article_location_path: 'campinas-sp' });
  });

  it('opens nothing for an article that was never analyzed', async () => {
    const created = await newArticle(author);
    await save(author, created, { content: `${COLETA.content}<p>Outro parágrafo.</p>` });
    const marker = await newArticle(author, { analyzed: true });
    const markerChanged = await save(author, marker, { content: `${COLETA.content}<p>Mudou.</p>` });
    await eventually(async () => (await entriesOf(marker.id)).find((entry) => entry.status === 'success'), 20_000);
    expect(markerChanged.version).toBe(2);
    expect(await entriesOf(created.id)).toEqual([]);
  });
});

describe('POST /api/analysis/reprocess and GET /api/analysis/monitor', () => {
  it.each(byCase([
    { case: 'refuses an anonymous caller (401)', caller: 'anonymous' as Caller, status: 401 },
    { case: 'refuses a reader (403)', caller: 'reader' as Caller, status: 403, message: MSG.monitorForbidden },
    { case: 'refuses an author (403)', caller: 'author' as Caller, status: 403, message: MSG.monitorForbidden },
    { case: 'answers an editor', caller: 'editor' as Caller, status: 200 },
    { case: 'answers the master', caller: 'master' as Caller, status: 200 },
  ]))('%s', async (_name, { caller, status, message }) => {
    expectRefusal(await call('GET', '/api/analysis/monitor', who(caller)), status, message);
    expectRefusal(await call('POST', '/api/analysis/reprocess', who(caller)), status, message);
  });

  it('runs the pending entries whose time has come, at most 10, and says how many succeeded', async () => {
    // Pending entries written as the pipeline leaves them after a failed attempt (no event: they wait for the button).
    const article = await newArticle(author);
    const now = new Date();
    const due: LogRecord = {
      ...newLogRecord({ id: randomUUID(), reason: 'analysis_failed', article: { ...article, title: article.title }, now: new Date(now.getTime() - 120_000).toISOString() }),
      attempt: 1,
      executed_at: new Date(now.getTime() - 120_000).toISOString(),
      next_attempt_at: new Date(now.getTime() - 60_000).toISOString(),
      error: 'Serviço indisponível',
    };
    const later: LogRecord = { ...due, id: randomUUID(), next_attempt_at: new Date(now.getTime() + 3_600_000).toISOString() };
    for (const entry of [due, later]) {
      // Inserted as done, then made pending: an insert of a pending entry would start the worker at once.
      await documents.send(new PutCommand({ TableName: TABLE, Item: logEntity.toItem({ ...entry, status: 'success' }) }));
      await documents.send(new PutCommand({ TableName: TABLE, Item: logEntity.toItem(entry) }));
    }
    const figures = await monitor();
    expect(figures.pending).toBeGreaterThanOrEqual(2);
    expect(figures.due).toBeGreaterThanOrEqual(1);

    const response = await call('POST', '/api/analysis/reprocess', master);
    expect(response.status, response.text).toBe(200);
    const outcome = response.body as unknown as ReprocessOutcome;
    expect(outcome.succeeded).toBeGreaterThanOrEqual(1);
    expect(outcome.message).toBe(`Reprocessamento concluído: ${outcome.succeeded} artigo(s) foram reprocessados com sucesso.`);
    const entries = await entriesOf(article.id);
    expect(entries.find((entry) => entry.id === due.id)).toMatchObject({ status: 'success', attempt: 2, error: null });
    expect(entries.find((entry) => entry.id === later.id)).toMatchObject({ status: 'pending', attempt: 1 });

    // Nothing due now (the other entry waits for its time).
    const again = await call('POST', '/api/analysis/reprocess', editor);
    expect(again.body).toEqual({ processed: 0, succeeded: 0, failed: 0, message: MSG.noPending });
  });

  it('shows the newest 100 entries, the 5 latest failures and successes, the success rate and the pending count', async () => {
    const figures = await monitor(master);
    expect(figures.entries.length).toBeGreaterThan(0);
    expect(figures.entries.length).toBeLessThanOrEqual(100);
    const times = figures.entries.map((entry) => entry.executed_at ?? entry.created_at);
    expect(figures.successes.length).toBeLessThanOrEqual(5);
    expect(figures.failures.length).toBeLessThanOrEqual(5);
    expect(figures.successes.every((entry) => entry.status === 'success')).toBe(true);
    expect(figures.failures.every((entry) => entry.status === 'failed')).toBe(true);
    const successes = figures.entries.filter((entry) => entry.status === 'success').length;
    expect(figures.success_rate).toBeCloseTo(successes / figures.entries.length, 10);
    expect(figures.pending).toBe(await pendingInTable());
    expect(times.length).toBe(figures.entries.length);
    for (const entry of figures.entries) {
      expect(entry.article_title).toBeTruthy();
      expect(entry.article_slug).toBeTruthy();
      expect(entry).not.toHaveProperty('author_id');
    }
  });
});

async function pendingInTable(): Promise<number> {
  const result = await documents.send(
    new QueryCommand({ TableName: TABLE, IndexName: 'gsi2', KeyConditionExpression: 'gsi2pk = :p', ExpressionAttributeValues: { ':p': 'AILOG_PENDING' }, Select: 'COUNT' }),
  );
  return result.Count ?? 0;
}
