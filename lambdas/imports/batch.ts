// The batch worker's work: one chunk of up to 100 rows mapped (mapping.ts), its authors found or made,
// its articles written in bulk (the articles context's planImport/writeImport), and its outcome and
// counter deltas recorded exactly once (store.finishChunk). Every step is idempotent: a redelivered
// chunk rewrites the same articles and counts nothing twice.
import { GetObjectCommand } from '@aws-sdk/client-s3';
import { IMPORT_MESSAGES } from '../../shared/imports';
import { importCounterUpdates, importedArticleId, planImport, writeImport, type CounterDeltas, type ImportedArticle } from '../articles/public';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { logger } from '../platform/logger';
import { importAuthors } from '../users/public';
import { CHUNK_ATTEMPTS } from './batch-limits';
import { chunkKeyOf, type ChunkRecord, type LogEntry } from './items';
import { mapRow, type MappedArticle } from './mapping';
import type { StoredChunk } from './parse';
import * as store from './store';

export async function writeChunk(sessionId: string, number: number, now = new Date()): Promise<void> {
  // The rows' key follows from the session and the number: they are read with the chunk's item, not after it.
  const rows = readChunk(chunkKeyOf(sessionId, number));
  rows.catch(() => undefined);
  const [chunk, session] = await Promise.all([store.getChunk(sessionId, number), store.getSession(sessionId)]);
  if (!chunk || chunk.done_at || !session || session.status !== 'running') return;
  if (chunk.failures >= CHUNK_ATTEMPTS) {
    await giveUpChunk(chunk);
    return;
  }
  const stored = chunk.object_key === chunkKeyOf(sessionId, number) ? await rows : await readChunk(chunk.object_key);
  const log: LogEntry[] = [];
  const good: MappedArticle[] = [];
  stored.rows.forEach((row, index) => {
    if (stored.duplicates.includes(index)) {
      log.push({
        record_id: (row.record_id ?? '').trim(),
        error: IMPORT_MESSAGES.duplicateRecord,
      });
      return;
    }
    const mapped = mapRow(row, now);
    if (mapped.ok) good.push(mapped.article);
    else log.push({ record_id: mapped.recordId, error: mapped.error });
  });
  const authors = await importAuthors(good.map((article) => article.author));
  const articles: ImportedArticle[] = good.map((article) => ({
    recordId: article.recordId,
    authorId: authors.get(article.author.trim())!,
    fields: article.fields,
    publishedAt: article.publishedAt,
  }));
  const plan = await planImport(sessionId, articles, now.toISOString());
  // The first run's deltas hold: after it wrote, the stored state no longer shows what it changed.
  let deltas: CounterDeltas = chunk.deltas ?? plan.deltas;
  if (!chunk.deltas && !(await store.recordDeltas(sessionId, number, plan.deltas))) deltas = (await store.getChunk(sessionId, number))!.deltas!;
  await writeImport(plan);
  for (const [recordId, slug] of plan.renamed) log.push({ record_id: recordId, error: IMPORT_MESSAGES.slugRenamed(slug) });
  const at = new Date().toISOString();
  await store.finishChunk(sessionId, number, importCounterUpdates(deltas), {
    done_at: at,
    successful: articles.length,
    failed: stored.rows.length - articles.length,
    log,
    article_ids: articles.map((article) => importedArticleId(article.recordId)),
  });
  await store.completeIfDone(sessionId, at);
}

/** A chunk's rows, as the parse stored them in S3. */
async function readChunk(objectKey: string): Promise<StoredChunk> {
  const object = await s3().send(new GetObjectCommand({ Bucket: env('MEDIA_BUCKET'), Key: objectKey }));
  return JSON.parse(await object.Body!.transformToString('utf8')) as StoredChunk;
}

/** A chunk whose batch failed CHUNK_ATTEMPTS times: every row of it goes to the log, and the session moves on. */
async function giveUpChunk(chunk: ChunkRecord): Promise<void> {
  const { session_id: sessionId, number } = chunk;
  logger.error('import chunk given up after its attempts', { sessionId, number, attempts: CHUNK_ATTEMPTS });
  // Rows that can no longer be read are counted without their ids.
  const rows = (await readChunk(chunk.object_key).catch(() => undefined))?.rows ?? [];
  const log = rows.map((row) => ({ record_id: (row.record_id ?? '').trim(), error: IMPORT_MESSAGES.batchFailed }));
  const at = new Date().toISOString();
  await store.finishChunk(sessionId, number, [], { done_at: at, successful: 0, failed: chunk.rows, log, article_ids: [] });
  await store.completeIfDone(sessionId, at);
}
