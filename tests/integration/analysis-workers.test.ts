// The analysis context's workers and runner, called in this process against the test runtime's
// table: a redelivered message (the same SQS record twice) never doubles a log entry, an attempt or
// a corpus count; a failing analyzer (injected here) leaves the entry pending with a doubling wait,
// then failed after the last attempt; a failed interactive analysis queues the article, which the
// runtime's own reprocess worker then analyzes.
import '../support/in-process-handlers';
import { randomUUID } from 'node:crypto';
import { PutCommand, QueryCommand } from '@aws-sdk/lib-dynamodb';
import type { Context, SQSEvent } from 'aws-lambda';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../infra/local/config';
import { documentStems } from '../../lambdas/analysis/analyzer';
import { readShards, shardOf } from '../../lambdas/analysis/corpus';
import { handler as corpusWorker } from '../../lambdas/analysis/corpus-worker';
import { useAnalyzer, type Analyzer } from '../../lambdas/analysis/engine';
import { analysisEvents } from '../../lambdas/analysis/events';
import { logEntity, newLogRecord, type LogRecord } from '../../lambdas/analysis/items';
import { getEntry, getState } from '../../lambdas/analysis/log-store';
import { handler as reprocessWorker } from '../../lambdas/analysis/reprocess-worker';
import { runEntry } from '../../lambdas/analysis/runner';
import { analyze } from '../../lambdas/analysis/service';
import { entryIdFor, handler as trackerWorker } from '../../lambdas/analysis/tracker-worker';
import type { AppError } from '../../lambdas/platform/errors';
import type { ArticleDraft } from '../../shared/api-types';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const TABLE = loadConfig([], {}).tableName;
const documents = table.client;

const TEXT = {
  title: 'Prefeitura de Campinas amplia coleta seletiva de lixo',
  summary: 'Programa de reciclagem chega a mais 20 bairros da cidade.',
  content: '<p>A Prefeitura de Campinas anunciou a ampliação da coleta seletiva de lixo para mais 20 bairros da cidade.</p>',
};

let author: Member;
let editor: Member;

beforeAll(async () => {
  [author, editor] = await Promise.all([
    member(portal, table, 'iaw-autora', 'Ana Autora', { roles: ['author'] }),
    member(portal, table, 'iaw-editor', 'Edu Editor', { roles: ['editor'] }),
  ]);
});

afterEach(() => useAnalyzer(undefined));

const failing: Analyzer = { name: 'comprehend', analyze: () => Promise.reject(new Error('Comprehend indisponível')) };
const lambdaContext = {} as Context;

function sqsEvent(detailType: string, source: string, detail: Record<string, unknown>): SQSEvent {
  const body = JSON.stringify({ id: randomUUID(), 'detail-type': detailType, source, detail });
  return { Records: [{ messageId: randomUUID(), body } as SQSEvent['Records'][number]] };
}

async function newArticle(caller: Member, extra: Record<string, unknown> = {}, text = TEXT): Promise<ArticleDraft> {
  const response = await portal.request('POST', '/api/articles', { token: caller.token, body: { ...text, slug: `iaw-${randomUUID().slice(0, 8)}`, ...extra } });
  expect(response.status, response.text).toBe(201);
  return response.body as unknown as ArticleDraft;
}

/** A pending entry the runtime's worker never hears of (written done, then made pending), due at `dueAt`. */
async function quietPendingEntry(article: ArticleDraft, dueAt: Date): Promise<LogRecord> {
  const entry: LogRecord = { ...newLogRecord({ id: randomUUID(), reason: 'analysis_failed', article, now: new Date(dueAt.getTime() - 1000).toISOString() }), next_attempt_at: dueAt.toISOString() };
  await documents.send(new PutCommand({ TableName: TABLE, Item: logEntity.toItem({ ...entry, status: 'success' }) }));
  await documents.send(new PutCommand({ TableName: TABLE, Item: logEntity.toItem(entry) }));
  return entry;
}

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

describe('a redelivered message', () => {
  it('runs a log entry once (AnalysisRequested twice)', async () => {
    const article = await newArticle(author);
    const entry = await quietPendingEntry(article, new Date());
    const record = sqsEvent('AnalysisRequested', 'portal.analysis', {
      log_id: entry.id,
      article_id: article.id,
      author_id: author.id,
      article_title: article.title,
      reason: 'analysis_failed',
      requested_at: entry.created_at,
    });
    expect(await reprocessWorker(record, lambdaContext)).toEqual({ batchItemFailures: [] });
    expect(await reprocessWorker(record, lambdaContext)).toEqual({ batchItemFailures: [] });
    expect(await getEntry(entry.id)).toMatchObject({ status: 'success', attempt: 1 });
  });

  it('opens one log entry for one changed save (ArticleSaved twice), and none for an older save after it', async () => {
    const article = await newArticle(author);
    const base = { article_id: article.id, author_id: author.id, title: article.title, slug: article.slug, location_path: null, status: 'draft' };
    const analyzedAt = '2026-01-01T10:00:00.000Z';
    const saved = (version: number, hash: string, savedAt: string) =>
      sqsEvent('ArticleSaved', 'portal.articles', { ...base, version, ai_last_updated: analyzedAt, text_hash: hash, saved_at: savedAt });
    await trackerWorker(saved(10, 'hash-a', analyzedAt), lambdaContext);
    expect(await getState(article.id)).toMatchObject({ seen_version: 10, analyzed_hash: 'hash-a', analyzed_at: analyzedAt });
    const changed = saved(11, 'hash-b', '2026-01-01T11:00:00.000Z');
    await trackerWorker(changed, lambdaContext);
    await trackerWorker(changed, lambdaContext);
    await trackerWorker(saved(10, 'hash-a', analyzedAt), lambdaContext);
    const entries = await entriesOf(article.id);
    expect(entries.map((entry) => entry.id)).toEqual([entryIdFor(article.id, 11)]);
    // The runtime's reprocess worker heard of it (the insert's AnalysisRequested) and ran it.
    await eventually(async () => ((await getEntry(entryIdFor(article.id, 11)))?.status === 'success' ? true : undefined), 20_000);
    expect(await entriesOf(article.id)).toHaveLength(1);
  });

  it('counts a published article’s words in the corpus once (the same batch twice, beside the runtime’s own worker)', async () => {
    const word = `zorbaquistanense${randomUUID().replace(/\d|-/g, '').slice(0, 6)}`;
    const text = { ...TEXT, title: `Festival ${word} movimenta Campinas`, content: `<p>O festival ${word} reuniu milhares de pessoas em Campinas neste domingo.</p>` };
    const stems = documentStems({ title: word, content: '' });
    expect(stems.length).toBeGreaterThan(0);
    const frequency = async () => {
      const shards = await readShards(true);
      return shards[shardOf(stems[0]!)]!.counts.get(stems[0]!) ?? 0;
    };
    const draft = await newArticle(editor, {}, text);
    const published = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status: 'published', base_version: draft.version } });
    expect(published.status, published.text).toBe(200);
    const batch = sqsEvent('ArticlePublished', 'portal.articles', {
      article_id: draft.id,
      slug: draft.slug,
      location_path: null,
      author_id: editor.id,
      version: 2,
      published_at: new Date().toISOString(),
    });
    expect(await corpusWorker(batch, lambdaContext)).toEqual({ batchItemFailures: [] });
    expect(await corpusWorker(batch, lambdaContext)).toEqual({ batchItemFailures: [] });
    expect(await frequency()).toBe(1);
    await eventually(async () => ((await documents.send(new QueryCommand({
      TableName: TABLE, KeyConditionExpression: 'pk = :pk AND sk = :sk', ExpressionAttributeValues: { ':pk': `ANALYSIS#${draft.id}`, ':sk': 'CORPUS' }, ConsistentRead: true,
    }))).Items?.[0]?.version === 2 ? true : undefined));
    expect(await frequency()).toBe(1);

    // Unpublished: its words no longer count.
    const unpublished = await portal.request('PUT', `/api/articles/${draft.id}`, { token: editor.token, body: { status: 'draft', base_version: 2 } });
    expect(unpublished.status, unpublished.text).toBe(200);
    await eventually(async () => ((await frequency()) === 0 ? true : undefined), 20_000);
  });
});

describe('a failing analyzer', () => {
  it('leaves the entry pending with a doubling wait, then failed after the 5th attempt', async () => {
    useAnalyzer(failing);
    const article = await newArticle(author);
    let entry = await quietPendingEntry(article, new Date());
    const waits: number[] = [];
    for (let attempt = 1; attempt <= 5; attempt++) {
      const now = new Date(Date.parse(entry.next_attempt_at!) + 1000);
      // Not due a moment before its time.
      if (attempt > 1) expect(await runEntry(entry, new Date(now.getTime() - 2000))).toBe('skipped');
      expect(await runEntry(entry, now)).toBe(attempt < 5 ? 'retry' : 'failed');
      const after = (await getEntry(entry.id))!;
      expect(after).toMatchObject({ attempt, error: 'Comprehend indisponível', status: attempt < 5 ? 'pending' : 'failed' });
      // The change of each attempt is an AnalysisFailed, final on the last.
      const [event] = analysisEvents({ eventName: 'MODIFY', oldImage: logEntity.toItem(entry), newImage: logEntity.toItem(after) });
      expect(event).toMatchObject({ name: 'AnalysisFailed', detail: { attempt, final: attempt === 5, author_id: author.id, article_id: article.id } });
      if (after.next_attempt_at) waits.push((Date.parse(after.next_attempt_at) - now.getTime()) / 1000);
      // The same attempt again (a redelivery) records nothing.
      expect(await runEntry(entry, now)).toBe('skipped');
      entry = after;
    }
    expect(waits).toEqual([60, 120, 240, 480]);
    expect(entry.next_attempt_at).toBeNull();
  });

  it('answers 503 to an interactive analysis, and queues the article, which the pipeline analyzes', async () => {
    useAnalyzer(failing);
    const article = await newArticle(author);
    // Twice at once: one entry is opened (one pending per article).
    const errors = await Promise.all([1, 2].map(() => analyze(author.id, { ...TEXT, article_id: article.id }).catch((caught: unknown) => caught as AppError)));
    for (const error of errors) expect(error).toMatchObject({ status: 503, message: 'Não foi possível analisar o artigo. Tente novamente.' });
    const done = await eventually(async () => (await entriesOf(article.id)).find((entry) => entry.status === 'success'), 20_000);
    expect(done).toMatchObject({ reason: 'analysis_failed', attempt: 1 });
    expect(await entriesOf(article.id)).toHaveLength(1);
  });
});
