// The analysis context: the editor's AI suggestions (tags and places of an article, offline or with
// Amazon Comprehend), the training records that teach them, the corpus statistics they weigh words
// with, and the reprocessing pipeline (ai_reprocessing_log) with its Monitor IA. It emits
// AnalysisRequested, AnalysisSucceeded and AnalysisFailed (EVENTS.md).
import { analysisRequestSchema, feedbackSchema } from '../../shared/analysis';
import { ARTICLE_EVENTS } from '../articles/public';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { ANALYSIS_EVENTS, analysisEvents } from './events';
import { ANALYSIS_MESSAGES } from '../../shared/analysis';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const monitors = onlyFor('monitor.access', ANALYSIS_MESSAGES.monitorForbidden);

export const contract = defineContext({
  name: 'analysis',
  routes: {
    'POST /api/analysis': { auth: 'required', requires: onlyFor('article.create', ANALYSIS_MESSAGES.analyzeForbidden), body: analysisRequestSchema },
    'POST /api/analysis/feedback': { auth: 'required', requires: onlyFor('article.create', ANALYSIS_MESSAGES.feedbackForbidden), body: feedbackSchema },
    'POST /api/analysis/reprocess': { auth: 'required', requires: monitors },
    'GET /api/analysis/monitor': { auth: 'required', requires: monitors },
  },
  emits: { catalogue: ANALYSIS_EVENTS, changes: analysisEvents },
  workers: [
    {
      // Per stem, how many published articles use it: once per batch of article events.
      name: 'analysis-corpus',
      file: 'corpus-worker',
      pattern: consumes(ARTICLE_EVENTS, ['ArticlePublished', 'ArticleUpdated', 'ArticleStatusChanged', 'ArticleDeleted']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      permissions: [],
    },
    {
      // Is an analyzed article's text different now? Opens a reprocessing log entry.
      name: 'analysis-tracker',
      file: 'tracker-worker',
      pattern: consumes(ARTICLE_EVENTS, ['ArticleSaved', 'ArticleDeleted']),
      batchSize: 10,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 5,
      permissions: [],
    },
    {
      // Runs an opened entry: analyzes the article again and records the attempt.
      name: 'analysis-reprocess',
      file: 'reprocess-worker',
      pattern: consumes(ANALYSIS_EVENTS, ['AnalysisRequested']),
      batchSize: 5,
      visibilityTimeoutSeconds: 180,
      maxReceiveCount: 5,
    },
    // An account's deletion: its judgements move to the anonymous judge (privacy.ts); the table only.
    { ...erasureWorker('analysis'), permissions: [] },
  ],
  // DetectKeyPhrases and DetectEntities when ANALYZER=comprehend (the HTTP function and the reprocess worker).
  permissions: [{ service: 'comprehend', actions: ['DetectKeyPhrases', 'DetectEntities'] }],
  environment: ['TABLE_NAME', 'ANALYZER'],
});
