// The analysis-tracker worker: decides from each article save whether its analysis is due again.
// A save that carries an analysis (ai_last_updated set by that very save) becomes the baseline: its
// text hash is kept. A later save of the same analysis whose text hash differs opens a pending log
// entry (one per article version: a redelivery opens nothing, and none while one is pending).
// A deleted article's pending entry is closed and its analysis items are removed.
import { ANALYSIS_MESSAGES } from '../../shared/analysis';
import { ARTICLE_EVENTS } from '../articles/public';
import type { EventDetail } from '../platform/domain-events';
import { batchDelete } from '../platform/dynamo-batch';
import { eventWorker } from '../platform/sqs-worker';
import { latestEntity, newLogRecord, stateEntity } from './items';
import { closeEntry, getEntry, getState, markSeen, openForVersion } from './log-store';

type Saved = EventDetail<typeof ARTICLE_EVENTS, 'ArticleSaved'>;
export type TrackOutcome = 'ignored' | 'baseline' | 'unchanged' | 'waiting' | 'opened';

/** The log entry a changed text at this version opens: the same id on every delivery. */
export const entryIdFor = (articleId: string, version: number) => `${articleId}.v${version}`;

export async function trackSave(saved: Saved, now = new Date()): Promise<TrackOutcome> {
  // Never analyzed: nothing to keep up to date.
  if (!saved.ai_last_updated) return 'ignored';
  const state = await getState(saved.article_id);
  if (state && state.seen_version >= saved.version) return 'ignored';
  if (saved.ai_last_updated === saved.saved_at) {
    await markSeen(saved.article_id, saved.version, { analyzed_hash: saved.text_hash, analyzed_at: saved.ai_last_updated });
    return 'baseline';
  }
  // The same analysis as the baseline's, and the same words: nothing to do. (An unknown baseline, say
  // events out of order, counts as changed: reprocessing is harmless.)
  if (state?.analyzed_at === saved.ai_last_updated && state.analyzed_hash === saved.text_hash) return 'unchanged';
  if (state?.pending_log_id && (await getEntry(state.pending_log_id))?.status === 'pending') return 'waiting';
  const entry = newLogRecord({
    id: entryIdFor(saved.article_id, saved.version),
    reason: 'text_changed',
    article: { id: saved.article_id, author_id: saved.author_id, title: saved.title, slug: saved.slug, location_path: saved.location_path },
    now: now.toISOString(),
  });
  return (await openForVersion(entry, saved.version)) ? 'opened' : 'ignored';
}

export async function forgetArticle(articleId: string, now = new Date()): Promise<void> {
  const state = await getState(articleId);
  const pending = state?.pending_log_id ? await getEntry(state.pending_log_id) : undefined;
  if (pending?.status === 'pending') await closeEntry(pending, ANALYSIS_MESSAGES.articleGone, now.toISOString());
  await batchDelete([stateEntity.key(articleId), latestEntity.key(articleId)]);
}

export const handler = eventWorker(ARTICLE_EVENTS, ['ArticleSaved', 'ArticleDeleted'], async (detail, _context, event) => {
  if (event.name === 'ArticleDeleted') await forgetArticle(detail.article_id);
  else await trackSave(detail as Saved);
});
