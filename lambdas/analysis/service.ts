// The analysis use cases behind the HTTP routes: analyzing the editor's text (authors, editors and
// the master; a failure on an existing article queues it for reprocessing), running the pending
// entries whose time has come (at most 10), and the Monitor IA's figures (editors and the master).
import { randomUUID } from 'node:crypto';
import type { AnalysisResult } from '../../shared/api-types';
import {
  ANALYSIS_LIMITS,
  ANALYSIS_MESSAGES,
  reprocessDoneMessage,
  type AnalysisMonitor,
  type AnalysisRequest,
  type ReprocessOutcome,
} from '../../shared/analysis';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { can, type Capability } from '../../shared/roles';
import { articleHeadline, articleForAnalysis, mayEdit } from '../articles/public';
import { AppError, forbidden, notFound } from '../platform/errors';
import { logger } from '../platform/observability';
import { readerAccess } from '../users/public';
import { analyzeText } from './engine';
import { logEntity, newLogRecord } from './items';
import { dueEntries, latestEntries, openAfterFailure, pendingCounts } from './log-store';
import { runEntry } from './runner';

async function rolesAllow(userId: string, capability: Capability, message: string) {
  const access = await readerAccess(userId);
  if (!can(access.roles, capability)) throw forbidden(message);
  return access;
}

/** Queues the article for reprocessing after a failed analysis (unless an entry is pending already). */
async function queueAfterFailure(articleId: string): Promise<void> {
  const article = await articleForAnalysis(articleId);
  if (!article) return;
  const entry = newLogRecord({ id: randomUUID(), reason: 'analysis_failed', article, now: new Date().toISOString() });
  await openAfterFailure(entry);
}

/** POST /api/analysis */
export async function analyze(userId: string, request: AnalysisRequest): Promise<AnalysisResult> {
  const access = await rolesAllow(userId, 'article.create', ANALYSIS_MESSAGES.analyzeForbidden);
  if (request.article_id) {
    const article = await articleHeadline(request.article_id);
    if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
    if (!mayEdit({ userId, ...access }, article)) throw forbidden(ARTICLE_MESSAGES.editForbidden);
  }
  try {
    return await analyzeText({ title: request.title, summary: request.summary, content: request.content });
  } catch (error) {
    logger.error('analysis failed', { error, articleId: request.article_id });
    if (request.article_id) await queueAfterFailure(request.article_id).catch((queueError: unknown) => logger.error('could not queue reprocessing', { error: queueError }));
    throw new AppError(503, ANALYSIS_MESSAGES.error);
  }
}

/** POST /api/analysis/reprocess: the due entries, at most 10, run now; the message says how many succeeded. */
export async function reprocess(userId: string, now = new Date()): Promise<ReprocessOutcome> {
  await rolesAllow(userId, 'monitor.access', ANALYSIS_MESSAGES.monitorForbidden);
  const entries = await dueEntries(now.toISOString(), ANALYSIS_LIMITS.reprocessBatch);
  if (!entries.length) return { processed: 0, succeeded: 0, failed: 0, message: ANALYSIS_MESSAGES.noPending };
  const outcomes = await Promise.all(entries.map((entry) => runEntry(entry, now)));
  const succeeded = outcomes.filter((outcome) => outcome === 'success').length;
  const failed = outcomes.filter((outcome) => outcome === 'failed' || outcome === 'retry').length;
  return { processed: entries.length, succeeded, failed, message: reprocessDoneMessage(succeeded) };
}

/** GET /api/analysis/monitor */
export async function monitor(userId: string, now = new Date()): Promise<AnalysisMonitor> {
  await rolesAllow(userId, 'monitor.access', ANALYSIS_MESSAGES.monitorForbidden);
  const [records, counts] = await Promise.all([latestEntries(ANALYSIS_LIMITS.monitorEntries), pendingCounts(now.toISOString())]);
  const entries = records.map(logEntity.toEntry);
  const successes = entries.filter((entry) => entry.status === 'success');
  return {
    entries,
    failures: entries.filter((entry) => entry.status === 'failed').slice(0, ANALYSIS_LIMITS.monitorRecent),
    successes: successes.slice(0, ANALYSIS_LIMITS.monitorRecent),
    // Spec section 9: successes divided by the entries read.
    success_rate: entries.length ? successes.length / entries.length : 0,
    ...counts,
  };
}
