// Domain events of the analysis context, derived from committed changes of its ai_reprocessing_log
// entries: a pending entry inserted asks for a run (AnalysisRequested); an attempt recorded says
// how it went (AnalysisSucceeded, AnalysisFailed). Each carries the article's author, so that the
// notifications context knows whom to tell without reading the table.
// The catalogue of what it emits is ANALYSIS_EVENTS (see EVENTS.md beside this file).
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { logEntity } from './items';

const entryFields = {
  log_id: z.string(),
  article_id: z.string(),
  author_id: z.string(),
  article_title: z.string(),
};

export const ANALYSIS_EVENTS = {
  AnalysisRequested: {
    source: 'portal.analysis',
    description: "A reprocessing log entry was opened: the article's text changed after its analysis, or an analysis of it failed.",
    detail: z.object({ ...entryFields, reason: z.enum(['text_changed', 'analysis_failed']), requested_at: z.string() }),
  },
  AnalysisSucceeded: {
    source: 'portal.analysis',
    description: "An article was analyzed again: its latest suggestions are stored and the log entry succeeded.",
    detail: z.object({ ...entryFields, attempt: z.number(), executed_at: z.string() }),
  },
  AnalysisFailed: {
    source: 'portal.analysis',
    description: 'An attempt to analyze an article again failed; `final` when no attempt is left (the entry failed).',
    detail: z.object({
      ...entryFields,
      attempt: z.number(),
      error: z.string(),
      final: z.boolean(),
      /** When it may run again (null when final). */
      next_attempt_at: z.string().nullable(),
      executed_at: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

export const analysisEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (next?.entity !== logEntity.name) return [];
  const entry = logEntity.fromItem(next);
  const base = { log_id: entry.id, article_id: entry.article_id, author_id: entry.author_id, article_title: entry.article_title };
  if (change.eventName === 'INSERT' && entry.status === 'pending') {
    return [domainEvent(ANALYSIS_EVENTS, 'AnalysisRequested', { ...base, reason: entry.reason, requested_at: entry.created_at })];
  }
  const before = change.oldImage;
  // Only a recorded attempt is news (not an entry closed because its article was deleted).
  if (change.eventName !== 'MODIFY' || !before || entry.attempt <= Number(before.attempt ?? 0)) return [];
  const executedAt = entry.executed_at ?? entry.updated_at;
  if (entry.status === 'success') {
    return [domainEvent(ANALYSIS_EVENTS, 'AnalysisSucceeded', { ...base, attempt: entry.attempt, executed_at: executedAt })];
  }
  return [
    domainEvent(ANALYSIS_EVENTS, 'AnalysisFailed', {
      ...base,
      attempt: entry.attempt,
      error: entry.error ?? '',
      final: entry.status === 'failed',
      next_attempt_at: entry.status === 'pending' ? entry.next_attempt_at : null,
      executed_at: executedAt,
    }),
  ];
};
