// The parse worker's work: the session's file streamed from S3 through csv-parse (chunks.ts: never the
// whole file in memory) into chunks of 100 rows, each stored in S3 (a chunk can exceed SQS's 256 KB)
// with an item whose insert queues it for the batch workers. Run again on the same session (a
// redelivery, a stall), it stores the same chunks and leaves those already there alone.
import { GetObjectCommand, PutObjectCommand } from '@aws-sdk/client-s3';
import type { Readable } from 'node:stream';
import { s3 } from '../platform/clients';
import { env } from '../platform/env';
import { logger } from '../platform/logger';
import { ImportFileError, rowChunks } from './chunks';
import { chunkKeyOf } from './items';
import * as store from './store';

/** Chunks stored at once while the file streams on (bounded: memory stays flat). */
const IN_FLIGHT = 8;
/** How often the session's "rows read" moves (in chunks). */
const PROGRESS_EVERY = 10;

export interface StoredChunk {
  rows: Record<string, string>[];
  /** Rows whose record_id an earlier row of the file already had (their positions in `rows`). */
  duplicates: number[];
}

export async function parseSession(sessionId: string, requestedAt: string): Promise<void> {
  const session = await store.getSession(sessionId, true);
  // Done, failed, already read, or superseded by a later request: nothing to do.
  if (!session || session.status !== 'running' || session.chunks_total !== null || requestedAt < session.parse_requested_at) return;
  const bucket = env('MEDIA_BUCKET');
  const object = await s3().send(new GetObjectCommand({ Bucket: bucket, Key: session.file_key }));
  const seen = new Set<string>();
  const inFlight = new Set<Promise<void>>();
  let records = 0;
  let chunks = 0;
  const storeChunk = async (number: number, chunk: StoredChunk) => {
    const object_key = chunkKeyOf(sessionId, number);
    await s3().send(
      new PutObjectCommand({
        Bucket: bucket,
        Key: object_key,
        Body: JSON.stringify(chunk),
        ContentType: 'application/json',
      }),
    );
    await store.putChunkOnce({
      session_id: sessionId,
      number,
      rows: chunk.rows.length,
      object_key,
      queued_at: new Date().toISOString(),
    });
  };
  try {
    for await (const { rows } of rowChunks(object.Body as Readable)) {
      const duplicates: number[] = [];
      rows.forEach((row, index) => {
        const recordId = (row.record_id ?? '').trim();
        if (recordId && seen.has(recordId)) duplicates.push(index);
        seen.add(recordId);
      });
      chunks += 1;
      records += rows.length;
      const stored = storeChunk(chunks, {
        rows: rows as Record<string, string>[],
        duplicates,
      }).finally(() => inFlight.delete(stored));
      inFlight.add(stored);
      if (inFlight.size >= IN_FLIGHT) await Promise.race(inFlight);
      if (chunks % PROGRESS_EVERY === 0)
        await store.updateSession(sessionId, {
          parsed_records: records,
          updated_at: new Date().toISOString(),
        });
    }
    await Promise.all(inFlight);
  } catch (error) {
    await Promise.allSettled(inFlight);
    if (!(error instanceof ImportFileError)) throw error;
    // The file changed since its preview, or cannot be read: a general error, the session fails (spec).
    const now = new Date().toISOString();
    logger.warn('import file unreadable', { sessionId, error });
    await store.updateSession(
      sessionId,
      {
        status: 'failed',
        error: error.message,
        completed_at: now,
        updated_at: now,
      },
      { expression: '#status = :running', values: { ':running': 'running' } },
    );
    return;
  }
  const now = new Date().toISOString();
  await store.updateSession(sessionId, {
    chunks_total: chunks,
    total_records: records,
    parsed_records: records,
    updated_at: now,
  });
  // The last batch may have ended before the total was known.
  await store.completeIfDone(sessionId, now);
}
