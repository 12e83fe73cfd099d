// The quality context: each author's and editor's quality score (the spec's get_user_quality_avg),
// kept from the events that judge their articles (score.ts says how it is computed).
import { ARTICLE_EVENTS } from '../articles/public';
import { EDITORIAL_EVENTS } from '../editorial/public';
import { consumes, defineContext, type EventPattern } from '../platform/contract';
import { erasureWorker } from '../privacy/public';

// Typed as any pattern (string[]), not as the literal's tuple, like every other worker's.
const SCORED: EventPattern = {
  source: [...consumes(ARTICLE_EVENTS, ['SeoValidated', 'ArticleStatusChanged']).source, ...consumes(EDITORIAL_EVENTS, ['ReviewSubmitted']).source],
  'detail-type': ['SeoValidated', 'ArticleStatusChanged', 'ReviewSubmitted'],
};

export const contract = defineContext({
  name: 'quality',
  routes: {
    'GET /api/me/quality': { auth: 'required' },
  },
  workers: [
    {
      name: 'quality-scores',
      file: 'worker',
      pattern: SCORED,
      batchSize: 10,
      visibilityTimeoutSeconds: 30,
      maxReceiveCount: 5,
    },
    erasureWorker('quality'),
  ],
  permissions: [],
  environment: ['TABLE_NAME'],
});
