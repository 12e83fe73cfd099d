// Import sessions (import_sessions): started from an analyzed upload, followed by the page, and driven
// again when they stall. Progress lives in the session's counters, so a reload (or another tab) sees
// where it is; the work itself is the workers' (parse.ts, batch.ts).
import type { AuditInput } from '../audit/public';
import { errorLogCsv, IMPORT_LIMITS, IMPORT_MESSAGES, progressOf, type ImportSession } from '../../shared/imports';
import { batchRead } from '../platform/dynamo-batch';
import { badRequest, notFound } from '../platform/errors';
import { isUuid, timeOrderedId } from '../platform/ids';
import { optionalEnv } from '../platform/env';
import { logger } from '../platform/logger';
import { authorProfiles } from '../users/public';
import { sessionView, type LogEntry, type SessionRecord } from './items';
import { requireImporter } from './people';
import * as store from './store';
import { requireOwnUpload } from './uploads';

async function views(records: SessionRecord[], now = new Date()): Promise<ImportSession[]> {
  const { names } = await batchRead({
    names: authorProfiles([...new Set(records.map((record) => record.started_by))]),
  });
  return records.map((record) => sessionView(record, names.get(record.started_by)?.full_name ?? null, progressOf(record, now)));
}

export async function startImport(userId: string, key: string): Promise<ImportSession> {
  await requireImporter(userId);
  requireOwnUpload(userId, key);
  const file = await store.getFile(key);
  if (!file) throw badRequest(IMPORT_MESSAGES.sessionError);
  const now = new Date().toISOString();
  const session: SessionRecord = {
    id: timeOrderedId(),
    status: 'running',
    started_by: userId,
    file_key: key,
    file_name: file.file_name,
    delimiter: file.delimiter,
    total_records: file.total_records,
    successful_records: 0,
    failed_records: 0,
    parsed_records: 0,
    chunks_total: null,
    chunks_done: 0,
    started_at: now,
    parse_requested_at: now,
    completed_at: null,
    updated_at: now,
    error: null,
  };
  // The file item goes with it: the same upload cannot start two sessions.
  const audit: AuditInput = {
    event_type: 'IMPORT',
    action: 'start_import',
    user_id: userId,
    target_type: 'import',
    target_id: session.id,
    details: { file_name: session.file_name, total_records: session.total_records },
  };
  if (!(await store.createSession(session, audit))) throw badRequest(IMPORT_MESSAGES.sessionError);
  return (await views([session]))[0]!;
}

async function sessionFor(userId: string, id: string): Promise<SessionRecord> {
  await requireImporter(userId);
  const session = isUuid(id) ? await store.getSession(id, true) : undefined;
  if (!session) throw notFound(IMPORT_MESSAGES.notFound);
  return session;
}

/**
 * Drives a stalled session again: a lost message (a worker's DLQ, or a local runtime stopped midway)
 * must not leave it running forever. Reading the file again is harmless (chunks already stored stay);
 * chunks not done are queued again; a session whose chunks are all done is completed.
 */
export async function redrive(session: SessionRecord, now = new Date()): Promise<void> {
  const at = now.toISOString();
  // One poller wins the right to drive it (the others see updated_at moved).
  const claimed = await store.updateSession(
    session.id,
    { updated_at: at },
    {
      expression: 'updated_at = :seen AND #status = :running',
      values: { ':seen': session.updated_at, ':running': 'running' },
    },
  );
  if (!claimed) return;
  logger.warn('import session stalled: driven again', {
    sessionId: session.id,
    parsed: session.chunks_total !== null,
  });
  if (session.chunks_total === null) {
    await store.updateSession(session.id, { parse_requested_at: at });
    return;
  }
  const chunks = await store.chunksOf(session.id, ['number', 'done_at']);
  const waiting = chunks.filter((chunk) => !chunk.done_at);
  if (!waiting.length) {
    await store.completeIfDone(session.id, at);
    return;
  }
  for (const chunk of waiting) await store.requeueChunk(session.id, Number(chunk.number), at);
}

const stalled = (session: SessionRecord, now: Date) =>
  session.status === 'running' &&
  now.getTime() - new Date(session.updated_at).getTime() > Number(optionalEnv('IMPORT_STALL_SECONDS', String(IMPORT_LIMITS.stalledSeconds))) * 1000;

export async function getImport(userId: string, id: string, now = new Date()): Promise<ImportSession> {
  const session = await sessionFor(userId, id);
  if (stalled(session, now)) await redrive(session, now);
  return (await views([session], now))[0]!;
}

export async function listImports(userId: string): Promise<{ sessions: ImportSession[] }> {
  await requireImporter(userId);
  return {
    sessions: await views(await store.recentSessions(IMPORT_LIMITS.sessionsShown)),
  };
}

/** The error log (spec: a CSV of record_id and error): refused rows and rows published under another slug. */
export async function errorLog(userId: string, id: string): Promise<string> {
  const session = await sessionFor(userId, id);
  const chunks = await store.chunksOf(session.id, ['log']);
  return errorLogCsv(chunks.flatMap((chunk) => (chunk.log ?? []) as LogEntry[]));
}
