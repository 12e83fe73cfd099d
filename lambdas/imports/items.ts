// The import context's items (charted in lambdas/DATA.md). An analyzed upload waits as a file item
// until it is imported; a session (import_sessions) holds the counters the page polls; each chunk of
// 100 rows has its own item in the session's partition, pointing at the rows stored in S3 (a chunk
// can exceed SQS's 256 KB) and recording, once, what its batch did. No AWS SDK here: the event
// mapper (read by the CDK app through the contract) uses it.
import { createHash } from 'node:crypto';
import type { ImportSession, ImportStatus } from '../../shared/imports';
import type { CounterDeltas } from '../articles/public';
import type { Item, Key } from '../platform/dynamo';

export const FILE_ENTITY = 'import_file';
export const SESSION_ENTITY = 'import_session';
export const CHUNK_ENTITY = 'import_chunk';

/** Uploads and the chunks cut from them live under imports/ in the media bucket (never served). */
export const IMPORT_PREFIX = 'imports/';
export const uploadKeyOf = (userId: string, id: string) => `${IMPORT_PREFIX}uploads/${userId}/${id}.csv`;
export const chunkKeyOf = (sessionId: string, number: number) => `${IMPORT_PREFIX}chunks/${sessionId}/${String(number).padStart(6, '0')}.json`;
/** An upload key names its uploader: only they may import or cancel it. */
export const uploaderOf = (key: string) => key.split('/')[2];

/** An analyzed file is kept a day: long enough to look at the preview and start. */
export const FILE_TTL_SECONDS = 24 * 3600;

export interface FileRecord {
  key: string;
  file_name: string;
  size: number;
  delimiter: ';' | ',';
  total_records: number;
  uploaded_by: string;
  analyzed_at: string;
}

const fileHash = (key: string) => createHash('sha256').update(key).digest('base64url');
export const fileKey = (key: string): Key => ({
  pk: `IMPORTFILE#${fileHash(key)}`,
  sk: 'FILE',
});
export const fileItem = (record: FileRecord, nowSeconds: number): Item => ({
  ...fileKey(record.key),
  entity: FILE_ENTITY,
  ...record,
  expires_at: nowSeconds + FILE_TTL_SECONDS,
});
export const fileOf = (item: Item): FileRecord => ({
  key: String(item.key),
  file_name: String(item.file_name),
  size: Number(item.size),
  delimiter: item.delimiter === ';' ? ';' : ',',
  total_records: Number(item.total_records),
  uploaded_by: String(item.uploaded_by),
  analyzed_at: String(item.analyzed_at),
});

export interface SessionRecord {
  id: string;
  status: ImportStatus;
  started_by: string;
  file_key: string;
  file_name: string;
  delimiter: ';' | ',';
  total_records: number;
  successful_records: number;
  failed_records: number;
  parsed_records: number;
  /** Chunks cut from the file: known once the whole file was read. */
  chunks_total: number | null;
  chunks_done: number;
  started_at: string;
  /** Each (re)start of the parse: its change emits ImportRequested. */
  parse_requested_at: string;
  completed_at: string | null;
  updated_at: string;
  error: string | null;
}

export const SESSIONS_PK = 'IMPORTS';
export const sessionPk = (id: string) => `IMPORT#${id}`;
export const sessionKey = (id: string): Key => ({
  pk: sessionPk(id),
  sk: 'SESSION',
});

export const sessionItem = (record: SessionRecord): Item => ({
  ...sessionKey(record.id),
  entity: SESSION_ENTITY,
  gsi1pk: SESSIONS_PK,
  gsi1sk: `${record.started_at}#${record.id}`,
  ...record,
});

const numberOr = (value: unknown, fallback: number) => (typeof value === 'number' ? value : value === undefined || value === null ? fallback : Number(value));
const textOrNull = (value: unknown) => (typeof value === 'string' ? value : null);

export const sessionOf = (item: Item): SessionRecord => ({
  id: String(item.id),
  status: item.status as ImportStatus,
  started_by: String(item.started_by),
  file_key: String(item.file_key),
  file_name: String(item.file_name),
  delimiter: item.delimiter === ';' ? ';' : ',',
  total_records: numberOr(item.total_records, 0),
  successful_records: numberOr(item.successful_records, 0),
  failed_records: numberOr(item.failed_records, 0),
  parsed_records: numberOr(item.parsed_records, 0),
  chunks_total: item.chunks_total === undefined || item.chunks_total === null ? null : Number(item.chunks_total),
  chunks_done: numberOr(item.chunks_done, 0),
  started_at: String(item.started_at),
  parse_requested_at: String(item.parse_requested_at),
  completed_at: textOrNull(item.completed_at),
  updated_at: String(item.updated_at),
  error: textOrNull(item.error),
});

/** The session as the page shows it (the starter's name is added by the caller). */
export const sessionView = (
  record: SessionRecord,
  startedByName: string | null,
  progress: Pick<ImportSession, 'rows_per_second' | 'seconds_left'>,
): ImportSession => ({
  id: record.id,
  status: record.status,
  started_by: record.started_by,
  started_by_name: startedByName,
  file_name: record.file_name,
  total_records: record.total_records,
  successful_records: record.successful_records,
  failed_records: record.failed_records,
  parsed_records: record.parsed_records,
  parsed: record.chunks_total !== null,
  started_at: record.started_at,
  completed_at: record.completed_at,
  error: record.error,
  ...progress,
});

/** A line of the error log: a refused row, or a row imported under another slug. */
export interface LogEntry {
  record_id: string;
  error: string;
}

export const chunkSk = (number: number) => `CHUNK#${String(number).padStart(6, '0')}`;
export const chunkKey = (sessionId: string, number: number): Key => ({
  pk: sessionPk(sessionId),
  sk: chunkSk(number),
});

export interface ChunkRecord {
  session_id: string;
  number: number;
  rows: number;
  object_key: string;
  /** Each queueing of the chunk: its change (while not done) emits ImportChunkQueued. */
  queued_at: string;
  /** How its batch moves the shared counters: recorded before its writes, applied once with its end. */
  deltas: CounterDeltas | null;
  /** Failed runs of its batch. */
  failures: number;
  done_at: string | null;
  successful: number;
  failed: number;
  log: LogEntry[];
}

export const chunkItem = (record: Omit<ChunkRecord, 'deltas' | 'failures' | 'done_at' | 'successful' | 'failed' | 'log'>): Item => ({
  ...chunkKey(record.session_id, record.number),
  entity: CHUNK_ENTITY,
  ...record,
});

export const chunkOf = (item: Item): ChunkRecord => ({
  session_id: String(item.session_id),
  number: Number(item.number),
  rows: Number(item.rows),
  object_key: String(item.object_key),
  queued_at: String(item.queued_at),
  deltas: (item.deltas as CounterDeltas | undefined) ?? null,
  failures: numberOr(item.failures, 0),
  done_at: textOrNull(item.done_at),
  successful: numberOr(item.successful, 0),
  failed: numberOr(item.failed, 0),
  log: Array.isArray(item.log) ? (item.log as LogEntry[]) : [],
});
