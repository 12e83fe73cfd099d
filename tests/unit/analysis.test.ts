// The analysis context without AWS: its request and feedback schemas, its events (and the articles
// context's ArticleSaved it listens to), the article's locations on save, the backoff of failed
// attempts, the corpus shards' arithmetic and the Comprehend adapter over a fake client.
import { DetectEntitiesCommand, DetectKeyPhrasesCommand } from '@aws-sdk/client-comprehend';
import { describe, expect, it } from 'vitest';
import { learningFrom, NO_LEARNING, EMPTY_CORPUS } from '../../lambdas/analysis/analyzer';
import { comprehendAnalyzer, comprehendText, type ComprehendLike } from '../../lambdas/analysis/comprehend';
import { applyDelta, SHARDS, shardOf, type CorpusShard } from '../../lambdas/analysis/corpus';
import { deltaOf } from '../../lambdas/analysis/corpus-worker';
import { analysisEvents, ANALYSIS_EVENTS } from '../../lambdas/analysis/events';
import { logEntity, newLogRecord, type LogRecord } from '../../lambdas/analysis/items';
import { backoffSeconds, failedAttempt } from '../../lambdas/analysis/runner';
import { articleSavedEvents } from '../../lambdas/articles/events';
import { locationsOnSave } from '../../lambdas/articles/locations';
import { EVENT_CATALOGUE, PIPELINES } from '../../lambdas/contexts';
import { analysisRequestSchema, feedbackSchema, reprocessDoneMessage } from '../../shared/analysis';
import { articleCreateSchema, articleUpdateSchema } from '../../shared/articles';

const ARTICLE = '0190a000-0000-7000-8000-000000000001';
const firstIssue = (result: { success: boolean; error?: { issues: { message: string }[] } }) => result.error?.issues[0]?.message;

describe('the analysis request', () => {
  const valid = { title: 'Chuva alaga ruas de Campinas', content: '<p>A chuva forte alagou ruas do centro.</p>' };

  it('needs a title and a body with visible text', () => {
    const message = 'Preencha pelo menos o título e o conteúdo para análise.';
    expect(analysisRequestSchema.safeParse(valid).success).toBe(true);
    for (const body of [{ ...valid, title: '  ' }, { ...valid, title: '<i></i>' }, { ...valid, content: '<p> &nbsp; </p>' }, { content: valid.content }, { title: valid.title }]) {
      expect(firstIssue(analysisRequestSchema.safeParse(body))).toBe(message);
    }
  });

  it('keeps the article limits and takes an optional article id', () => {
    expect(firstIssue(analysisRequestSchema.safeParse({ ...valid, content: `<p>${'a'.repeat(50_001)}</p>` }))).toBe('Conteúdo muito longo');
    expect(firstIssue(analysisRequestSchema.safeParse({ ...valid, article_id: '123' }))).toBe('Artigo inválido.');
    expect(analysisRequestSchema.parse({ ...valid, article_id: ARTICLE })).toEqual({ ...valid, summary: '', article_id: ARTICLE });
  });
});

describe('the feedback', () => {
  const city = (code: string, approved: boolean, primary = false) => ({ code, type: 'city' as const, confidence: 0.8, approved, primary });

  it('normalizes custom tags (trimmed, lower case, one space) and keeps each tag and place once, the last judgement', () => {
    const parsed = feedbackSchema.parse({
      article_id: ARTICLE,
      tags: [
        { tag: '  Coleta   Seletiva ', relevance: 1, approved: true, custom: true },
        { tag: 'coleta seletiva', relevance: 0.9, approved: false },
      ],
      locations: [city('3509502', false), city('3509502', true, true)],
    });
    expect(parsed.tags).toEqual([{ tag: 'coleta seletiva', relevance: 0.9, approved: false }]);
    expect(parsed.locations).toEqual([city('3509502', true, true)]);
  });

  it('refuses two primaries, a rejected or state primary, bad codes and empty tags', () => {
    const base = { article_id: ARTICLE, tags: [] };
    expect(firstIssue(feedbackSchema.safeParse({ ...base, locations: [city('3509502', true, true), city('3556206', true, true)] }))).toBe('Escolha apenas uma localização principal.');
    expect(firstIssue(feedbackSchema.safeParse({ ...base, locations: [city('3509502', false, true)] }))).toBe('A localização principal deve ser uma cidade aprovada.');
    expect(firstIssue(feedbackSchema.safeParse({ ...base, locations: [{ code: '35', type: 'state', confidence: 1, approved: true, primary: true }] }))).toBe(
      'A localização principal deve ser uma cidade aprovada.',
    );
    expect(firstIssue(feedbackSchema.safeParse({ ...base, locations: [{ ...city('35', true), type: 'city' }] }))).toBe('Localização inválida.');
    expect(firstIssue(feedbackSchema.safeParse({ ...base, tags: [{ tag: '   ', relevance: 1, approved: true }] }))).toBe('Tag inválida.');
    expect(firstIssue(feedbackSchema.safeParse({ ...base, tags: [{ tag: 'ok', relevance: 2, approved: true }] }))).toBe('Dados de treinamento inválidos.');
  });
});

describe('the article save’s AI fields', () => {
  const article = { title: 'Título válido', slug: 'titulo-valido', summary: 'Resumo com mais de dez letras.', content: `<p>${'Texto do artigo. '.repeat(5)}</p>` };

  it('defaults location_codes and analyzed on create, and never on edit', () => {
    expect(articleCreateSchema.parse(article)).toMatchObject({ location_codes: [], analyzed: false });
    expect(articleUpdateSchema.parse({ base_version: 1 })).not.toHaveProperty('location_codes');
    expect(articleCreateSchema.parse({ ...article, location_codes: ['3556206', '3556206'] }).location_codes).toEqual(['3556206']);
    expect(firstIssue(articleCreateSchema.safeParse({ ...article, location_codes: ['1', '2'] }))).toBe('Cidade inválida. Escolha uma cidade da lista.');
  });

  it('keeps one primary city and the other approved ones', () => {
    const created = locationsOnSave(undefined, { city_code: '3509502', location_codes: ['3556206', '3509502'] });
    expect(created.map((location) => [location.code, location.is_primary, location.location_path])).toEqual([
      ['3509502', true, 'campinas-sp'],
      ['3556206', false, 'valinhos-sp'],
    ]);
    expect(locationsOnSave(created, {})).toEqual(created);
    expect(locationsOnSave(created, { city_code: '3556206' }).map((location) => [location.code, location.is_primary])).toEqual([['3556206', true]]);
    expect(locationsOnSave(created, { location_codes: [] }).map((location) => location.code)).toEqual(['3509502']);
    expect(locationsOnSave(created, { city_code: null, location_codes: [] })).toEqual([]);
    expect(() => locationsOnSave(created, { city_code: null })).toThrow('Escolha a localização principal entre as cidades aprovadas.');
    expect(() => locationsOnSave(undefined, { city_code: '3509502', location_codes: ['9999999'] })).toThrow('Cidade inválida. Escolha uma cidade da lista.');
  });
});

describe('ArticleSaved (articles context)', () => {
  const item = (version: number, extra: Record<string, unknown> = {}) => ({
    entity: 'article',
    id: ARTICLE,
    author_id: 'autor-1',
    title: 'Chuva',
    summary: 'Resumo',
    content: '<p>Texto</p>',
    slug: 'chuva',
    location_path: null,
    status: 'draft',
    version,
    ai_last_updated: null,
    updated_at: `2026-01-0${version}T10:00:00.000Z`,
    ...extra,
  });

  it('is emitted for every new version, whatever the status, with the hash of its text', () => {
    const [created] = articleSavedEvents({ eventName: 'INSERT', newImage: item(1) });
    expect(created).toMatchObject({ name: 'ArticleSaved', source: 'portal.articles', detail: { article_id: ARTICLE, version: 1, status: 'draft', ai_last_updated: null } });
    const [sameText] = articleSavedEvents({ eventName: 'MODIFY', oldImage: item(1), newImage: item(2, { visibility: 'premium' }) });
    const [newText] = articleSavedEvents({ eventName: 'MODIFY', oldImage: item(2), newImage: item(3, { content: '<p>Outro</p>' }) });
    expect(sameText?.detail.text_hash).toBe(created?.detail.text_hash);
    expect(newText?.detail.text_hash).not.toBe(created?.detail.text_hash);
    expect(articleSavedEvents({ eventName: 'MODIFY', oldImage: item(3), newImage: item(3) })).toEqual([]);
    expect(articleSavedEvents({ eventName: 'INSERT', newImage: { entity: 'article_tag' } })).toEqual([]);
  });
});

describe('analysis events', () => {
  const article = { id: ARTICLE, author_id: 'autor-1', title: 'Chuva', slug: 'chuva', location_path: null };
  const entry = newLogRecord({ id: 'log-1', reason: 'text_changed', article, now: '2026-01-01T10:00:00.000Z' });

  it('are in the catalogue, and the reprocess worker consumes AnalysisRequested', () => {
    for (const name of Object.keys(ANALYSIS_EVENTS)) expect(EVENT_CATALOGUE[name]?.source).toBe('portal.analysis');
    expect(PIPELINES.find((pipeline) => pipeline.name === 'analysis-reprocess')?.pattern['detail-type']).toEqual(['AnalysisRequested']);
  });

  it('asks for a run when a pending entry is inserted', () => {
    expect(analysisEvents({ eventName: 'INSERT', newImage: logEntity.toItem(entry) })).toEqual([
      {
        name: 'AnalysisRequested',
        source: 'portal.analysis',
        detail: { log_id: 'log-1', article_id: ARTICLE, author_id: 'autor-1', article_title: 'Chuva', reason: 'text_changed', requested_at: entry.created_at },
      },
    ]);
  });

  it('tells a recorded success or failure, and nothing else', () => {
    const at = '2026-01-01T10:01:00.000Z';
    const success: LogRecord = { ...entry, status: 'success', attempt: 1, executed_at: at, updated_at: at, next_attempt_at: null };
    expect(analysisEvents({ eventName: 'MODIFY', oldImage: logEntity.toItem(entry), newImage: logEntity.toItem(success) })).toEqual([
      { name: 'AnalysisSucceeded', source: 'portal.analysis', detail: { log_id: 'log-1', article_id: ARTICLE, author_id: 'autor-1', article_title: 'Chuva', attempt: 1, executed_at: at } },
    ]);
    const failed = failedAttempt(entry, 'indisponível', new Date(at));
    expect(analysisEvents({ eventName: 'MODIFY', oldImage: logEntity.toItem(entry), newImage: logEntity.toItem(failed) })[0]).toMatchObject({
      name: 'AnalysisFailed',
      detail: { attempt: 1, error: 'indisponível', final: false, next_attempt_at: '2026-01-01T10:02:00.000Z' },
    });
    const closed = { ...entry, status: 'failed' as const, error: 'Artigo não encontrado.' };
    expect(analysisEvents({ eventName: 'MODIFY', oldImage: logEntity.toItem(entry), newImage: logEntity.toItem(closed) })).toEqual([]);
    expect(analysisEvents({ eventName: 'INSERT', newImage: logEntity.toItem(success) })).toEqual([]);
    expect(analysisEvents({ eventName: 'REMOVE', oldImage: logEntity.toItem(entry) })).toEqual([]);
  });

  it('keeps a pending entry on the pending index only, by the time it may run', () => {
    expect(logEntity.toItem(entry)).toMatchObject({ gsi1pk: 'AILOG', gsi2pk: 'AILOG_PENDING', gsi2sk: `${entry.next_attempt_at}#log-1` });
    expect(logEntity.toItem({ ...entry, status: 'success' })).not.toHaveProperty('gsi2pk');
  });
});

describe('failed attempts', () => {
  it('wait 1, 2, 4 and 8 minutes, and the 5th fails the entry', () => {
    expect([1, 2, 3, 4].map(backoffSeconds)).toEqual([60, 120, 240, 480]);
    const now = new Date('2026-01-01T10:00:00.000Z');
    let entry = newLogRecord({ id: 'x', reason: 'analysis_failed', article: { id: ARTICLE, author_id: 'a', title: 't', slug: 's', location_path: null }, now: now.toISOString() });
    for (let attempt = 1; attempt <= 4; attempt++) entry = failedAttempt(entry, 'erro', now);
    expect(entry).toMatchObject({ attempt: 4, status: 'pending' });
    expect(failedAttempt(entry, 'erro', now)).toMatchObject({ attempt: 5, status: 'failed', next_attempt_at: null });
  });

  it('says how many were reprocessed, as the spec words it', () => {
    expect(reprocessDoneMessage(3)).toBe('Reprocessamento concluído: 3 artigo(s) foram reprocessados com sucesso.');
  });
});

describe('the corpus shards', () => {
  const empty = (): CorpusShard[] => Array.from({ length: SHARDS }, (_, shard) => ({ shard, rev: 0, documents: 0, counts: new Map() }));

  it('put each stem in one shard, always the same', () => {
    for (const stem of ['colet', 'selet', 'campin', 'lix', 'dengu']) {
      expect(shardOf(stem)).toBe(shardOf(stem));
      expect(shardOf(stem)).toBeGreaterThanOrEqual(0);
      expect(shardOf(stem)).toBeLessThan(SHARDS);
    }
  });

  it('subtract what an article counted before and add what it counts now', () => {
    const delta = deltaOf([
      { doc: { article_id: 'a', version: 2, stems: ['colet', 'lix'] }, stored: { article_id: 'a', version: 1, stems: ['colet', 'dengu'] } },
      { doc: { article_id: 'b', version: 1, stems: ['colet'] }, stored: undefined },
      { doc: { article_id: 'c', version: Number.MAX_SAFE_INTEGER, stems: [] }, stored: { article_id: 'c', version: 3, stems: ['lix'] } },
    ]);
    expect(Object.fromEntries(delta.stems)).toEqual({ colet: 1, lix: 0, dengu: -1 });
    expect(delta.documents).toBe(0);
    const shards = applyDelta(empty(), new Map([['colet', 2], ['lix', 1]]), 2);
    const all = new Map(shards.flatMap((shard) => [...shard.counts]));
    expect(Object.fromEntries(all)).toEqual({ colet: 2, lix: 1 });
    expect(shards.find((shard) => shard.shard === 0)?.documents).toBe(2);
    const after = applyDelta(empty().map((shard) => (shard.shard === shardOf('lix') ? { ...shard, counts: new Map([['lix', 1]]) } : shard)), new Map([['lix', -1]]), 0);
    expect(after.every((shard) => !shard.counts.has('lix'))).toBe(true);
  });
});

describe('the Comprehend adapter', () => {
  const input = {
    title: 'Prefeitura de Campinas amplia coleta seletiva de lixo',
    summary: 'Programa de reciclagem chega a mais 20 bairros.',
    content: '<p>A Prefeitura de Campinas anunciou a ampliação da coleta seletiva de lixo. A coleta seletiva chega a Valinhos em março.</p><p>Moradores de Paulínia pedem o mesmo.</p>',
  };
  const fake = (): ComprehendLike & { calls: string[] } => {
    const calls: string[] = [];
    return {
      calls,
      async send(command) {
        calls.push(`${command.constructor.name}:${command.input.LanguageCode}`);
        if (command instanceof DetectKeyPhrasesCommand) {
          return {
            KeyPhrases: [
              { Text: 'A coleta seletiva', Score: 0.99, BeginOffset: 30 },
              { Text: 'coleta seletiva', Score: 0.98, BeginOffset: 200 },
              { Text: 'o programa de reciclagem', Score: 0.95, BeginOffset: 60 },
              { Text: 'Campinas', Score: 0.99, BeginOffset: 15 },
              { Text: '20 bairros', Score: 0.9, BeginOffset: 90 },
              { Text: 'março', Score: 0.6, BeginOffset: 250 },
            ],
          };
        }
        return {
          Entities: [
            { Text: 'Campinas', Type: 'LOCATION', Score: 0.99 },
            { Text: 'Paulínia', Type: 'LOCATION', Score: 0.97 },
            { Text: 'Prefeitura de Campinas', Type: 'ORGANIZATION', Score: 0.9 },
          ],
        };
      },
    };
  };

  it('asks for key phrases and entities in Portuguese and maps them to tags and places', async () => {
    const client = fake();
    const result = await comprehendAnalyzer(client).analyze(input, EMPTY_CORPUS, NO_LEARNING);
    expect(client.calls.sort()).toEqual(['DetectEntitiesCommand:pt', 'DetectKeyPhrasesCommand:pt']);
    expect(result.tags[0]?.tag).toBe('coleta seletiva');
    const tags = result.tags.map((tag) => tag.tag);
    expect(tags).toContain('programa de reciclagem');
    expect(tags).not.toContain('campinas');
    for (const tag of result.tags) expect(tag.relevance).toBeLessThanOrEqual(1);
    expect(result.primaryLocation).toMatchObject({ code: '3509502', type: 'city' });
    expect(result.locations.map((location) => location.code)).toEqual(expect.arrayContaining(['3509502', '3556206']));
    expect([...result.locations].sort((a, b) => b.confidence - a.confidence)).toEqual(result.locations);
  });

  it('ranks a tag editors rejected lower', async () => {
    const before = await comprehendAnalyzer(fake()).analyze(input, EMPTY_CORPUS, NO_LEARNING);
    const learning = learningFrom({
      tags: [1, 2, 3].map((index) => ({ article_id: `a${index}`, suggested_tag: 'programa de reciclagem', was_approved: false, approved_by: 'editor' })),
    });
    const after = await comprehendAnalyzer(fake()).analyze(input, EMPTY_CORPUS, learning);
    const relevance = (result: typeof before) => result.tags.find((tag) => tag.tag === 'programa de reciclagem')?.relevance ?? 0;
    expect(relevance(after)).toBeLessThan(relevance(before));
  });

  it('sends at most what one call accepts, never cutting a character', () => {
    const long = { title: 'Título', content: `<p>${'ação '.repeat(30_000)}</p>` };
    const text = comprehendText(long);
    expect(Buffer.byteLength(text, 'utf8')).toBeLessThanOrEqual(99_000);
    expect(text).not.toContain('\uFFFD');
    expect(DetectEntitiesCommand).toBeDefined();
  });
});
