// Running one reprocessing log entry: the article as it is now, analyzed with the corpus and the
// learning, the suggestions stored and the attempt recorded, or the failure with the wait before the
// next attempt (doubling: 1, 2, 4, 8 minutes), the entry failing after ANALYSIS_LIMITS.maxAttempts.
// Recording is conditional on the attempt it started from, so a redelivery never records twice.
import { ANALYSIS_LIMITS, ANALYSIS_MESSAGES } from '../../shared/analysis';
import { articleForAnalysis } from '../articles/public';
import { logger } from '../platform/observability';
import { analyzeText } from './engine';
import type { LogRecord } from './items';
import { getEntry, recordAttempt } from './log-store';

export type RunOutcome = 'success' | 'retry' | 'failed' | 'skipped';

/** Seconds to wait after the n-th failed attempt (1-based). */
export const backoffSeconds = (attempt: number): number => ANALYSIS_LIMITS.backoffBaseSeconds * 2 ** Math.max(0, attempt - 1);

const isDue = (entry: LogRecord, now: Date) => entry.status === 'pending' && (!entry.next_attempt_at || entry.next_attempt_at <= now.toISOString());

/** The entry after an attempt that failed with `error`. */
export function failedAttempt(entry: LogRecord, error: string, now: Date, final = false): LogRecord {
  const attempt = entry.attempt + 1;
  const last = final || attempt >= ANALYSIS_LIMITS.maxAttempts;
  const at = now.toISOString();
  return {
    ...entry,
    attempt,
    status: last ? 'failed' : 'pending',
    executed_at: at,
    updated_at: at,
    next_attempt_at: last ? null : new Date(now.getTime() + backoffSeconds(attempt) * 1000).toISOString(),
    error,
  };
}

function reasonOf(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  return message.slice(0, 300) || ANALYSIS_MESSAGES.error;
}

/** Runs a pending entry that is due; anything else is skipped. */
export async function runEntry(entry: LogRecord, now = new Date()): Promise<RunOutcome> {
  if (!isDue(entry, now)) return 'skipped';
  const article = await articleForAnalysis(entry.article_id, true);
  if (!article) {
    const recorded = await recordAttempt({ before: entry, after: failedAttempt(entry, ANALYSIS_MESSAGES.articleGone, now, true) });
    return recorded ? 'failed' : 'skipped';
  }
  const named = { ...entry, article_title: article.title, article_slug: article.slug, article_location_path: article.location_path };
  let result;
  try {
    result = await analyzeText(article);
  } catch (error) {
    logger.warn('analysis failed', { error, logId: entry.id, articleId: entry.article_id, attempt: entry.attempt + 1 });
    const after = failedAttempt(named, reasonOf(error), now);
    return (await recordAttempt({ before: entry, after })) ? (after.status === 'failed' ? 'failed' : 'retry') : 'skipped';
  }
  const at = now.toISOString();
  const after: LogRecord = { ...named, status: 'success', attempt: entry.attempt + 1, executed_at: at, updated_at: at, next_attempt_at: null, error: null };
  const recorded = await recordAttempt({
    before: entry,
    after,
    latest: { article_id: article.id, version: article.version, text_hash: article.text_hash, result, analyzed_at: at, log_id: entry.id },
    analyzedAt: article.ai_last_updated,
  });
  return recorded ? 'success' : 'skipped';
}

/** Runs the entry of that id as it is stored now (the reprocess worker). */
export async function runEntryById(id: string, now = new Date()): Promise<RunOutcome> {
  const entry = await getEntry(id);
  return entry ? runEntry(entry, now) : 'skipped';
}
