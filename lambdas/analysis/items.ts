// The analysis context's items: each entity's key and its item mapping, in one place (charted in
// lambdas/DATA.md). The ai_reprocessing_log entries, each article's analysis state and latest
// suggestions, and the training records (ai_training_data, ai_location_training).
import type { AnalysisResult } from '../../shared/api-types';
import type { AnalysisLogEntry, AnalysisLogReason, AnalysisLogStatus } from '../../shared/analysis';
import type { Item, Key } from '../platform/dynamo';
import type { LocationTrainingRecord, TagTrainingRecord } from './analyzer';

/** A log entry as stored: the answer's fields plus the article's author (for the events) and its last change. */
export interface LogRecord extends AnalysisLogEntry {
  author_id: string;
  updated_at: string;
}

const LOG_FIELDS = [
  'id', 'article_id', 'article_title', 'article_slug', 'article_location_path', 'status', 'reason', 'attempt',
  'created_at', 'executed_at', 'next_attempt_at', 'error', 'author_id', 'updated_at',
] as const satisfies readonly (keyof LogRecord)[];

export const LOG_INDEX = 'AILOG';
export const PENDING_INDEX = 'AILOG_PENDING';

export const logEntity = {
  name: 'ai_reprocessing_log',
  key: (id: string): Key => ({ pk: `AILOG#${id}`, sk: 'AILOG' }),
  /** Newest activity first on gsi1; while pending, by the time it may run on gsi2 (sparse). */
  indexes: (entry: Pick<LogRecord, 'id' | 'status' | 'updated_at' | 'next_attempt_at'>) => ({
    gsi1pk: LOG_INDEX,
    gsi1sk: `${entry.updated_at}#${entry.id}`,
    ...(entry.status === 'pending' ? { gsi2pk: PENDING_INDEX, gsi2sk: `${entry.next_attempt_at ?? entry.updated_at}#${entry.id}` } : {}),
  }),
  toItem: (entry: LogRecord): Item => ({ ...logEntity.key(entry.id), entity: logEntity.name, ...logEntity.indexes(entry), ...entry }),
  fromItem: (item: Item): LogRecord => {
    const entry = Object.fromEntries(LOG_FIELDS.map((field) => [field, item[field] ?? null])) as unknown as LogRecord;
    return { ...entry, attempt: Number(item.attempt ?? 0) };
  },
  toEntry: ({ author_id: _author, updated_at: _updated, ...entry }: LogRecord): AnalysisLogEntry => entry,
};

/** What starts a log entry. */
export interface NewLogEntry {
  id: string;
  reason: AnalysisLogReason;
  article: { id: string; author_id: string; title: string; slug: string; location_path: string | null };
  now: string;
}

export function newLogRecord({ id, reason, article, now }: NewLogEntry): LogRecord {
  return {
    id,
    article_id: article.id,
    author_id: article.author_id,
    article_title: article.title,
    article_slug: article.slug,
    article_location_path: article.location_path,
    status: 'pending' satisfies AnalysisLogStatus,
    reason,
    attempt: 0,
    created_at: now,
    updated_at: now,
    executed_at: null,
    next_attempt_at: now,
    error: null,
  };
}

const analysisPk = (articleId: string) => `ANALYSIS#${articleId}`;

/**
 * Per article, what the reprocessing pipeline knows: the newest version seen, the text hash of the
 * last analysis (saved with the article, or reprocessed) and its time, and the entry now pending.
 */
export interface AnalysisState {
  article_id: string;
  seen_version: number;
  analyzed_hash: string | null;
  analyzed_at: string | null;
  pending_log_id?: string;
}

export const stateEntity = {
  key: (articleId: string): Key => ({ pk: analysisPk(articleId), sk: 'STATE' }),
  fromItem: (item: Item): AnalysisState => ({
    article_id: String(item.article_id),
    seen_version: Number(item.seen_version ?? 0),
    analyzed_hash: typeof item.analyzed_hash === 'string' ? item.analyzed_hash : null,
    analyzed_at: typeof item.analyzed_at === 'string' ? item.analyzed_at : null,
    ...(typeof item.pending_log_id === 'string' ? { pending_log_id: item.pending_log_id } : {}),
  }),
};

/** The latest suggestions computed for an article by the pipeline (the ANALYSIS item). */
export interface LatestAnalysis {
  article_id: string;
  version: number;
  text_hash: string;
  result: AnalysisResult;
  analyzed_at: string;
  log_id: string;
}

export const latestEntity = {
  key: (articleId: string): Key => ({ pk: analysisPk(articleId), sk: 'LATEST' }),
  toItem: (latest: LatestAnalysis): Item => ({ ...latestEntity.key(latest.article_id), entity: 'analysis_result', ...latest }),
};

// Training records: one per article, suggestion and person (a later judgement replaces the earlier).

export const TAG_TRAINING_INDEX = 'AITRAIN#TAG';
export const LOCATION_TRAINING_INDEX = 'AITRAIN#LOCATION';
const trainingPk = (articleId: string) => `AITRAIN#${articleId}`;

export interface TagTraining extends TagTrainingRecord {
  relevance: number;
  judged_at: string;
}

export interface LocationTraining extends LocationTrainingRecord {
  judged_at: string;
}

export const tagTrainingEntity = {
  name: 'ai_training_data',
  key: (record: Pick<TagTraining, 'article_id' | 'suggested_tag' | 'approved_by'>): Key => ({
    pk: trainingPk(record.article_id),
    sk: `TAG#${record.suggested_tag}#${record.approved_by}`,
  }),
  toItem: (record: TagTraining): Item => ({
    ...tagTrainingEntity.key(record),
    entity: tagTrainingEntity.name,
    gsi1pk: TAG_TRAINING_INDEX,
    gsi1sk: `${record.judged_at}#${record.article_id}`,
    ...record,
  }),
  fields: ['article_id', 'suggested_tag', 'was_approved', 'approved_by', 'custom', 'context'] as const,
};

export const locationTrainingEntity = {
  name: 'ai_location_training',
  key: (record: Pick<LocationTraining, 'article_id' | 'location_code' | 'suggested_location' | 'approved_by'>): Key => ({
    pk: trainingPk(record.article_id),
    sk: `LOCATION#${record.location_code ?? record.suggested_location}#${record.approved_by}`,
  }),
  toItem: (record: LocationTraining): Item => ({
    ...locationTrainingEntity.key(record),
    entity: locationTrainingEntity.name,
    gsi1pk: LOCATION_TRAINING_INDEX,
    gsi1sk: `${record.judged_at}#${record.article_id}`,
    ...record,
  }),
  fields: ['article_id', 'suggested_location', 'location_type', 'confidence', 'was_approved', 'was_primary', 'approved_by', 'location_code', 'context'] as const,
};

/**
 * A training record's key under another judge (an account's deletion: the anonymous judge): the same
 * article and suggestion, the judge's id swapped at the end of the sort key. Undefined when the key
 * is not a training record of `judge`.
 */
export function trainingKeyUnder(key: Key, judge: string, other: string): Key | undefined {
  const suffix = `#${judge}`;
  if (!key.pk.startsWith('AITRAIN#') || !/^(TAG|LOCATION)#/.test(key.sk) || !key.sk.endsWith(suffix)) return undefined;
  return { pk: key.pk, sk: `${key.sk.slice(0, -suffix.length)}#${other}` };
}
