// SEO worker: validates a published article when it is published or saved, and stores the result
// once per article version (a redelivered event stores nothing twice).
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { ARTICLE_EVENTS } from './events';
import { validateSeo } from '../../shared/seo-rules';
import { getArticle } from './article-store';
import { storeSeoValidation } from './seo-store';

export async function validateArticle({ article_id }: { article_id: string }): Promise<void> {
  // The current state is what readers see: validate it, under its own version.
  const article = await getArticle(article_id, true);
  if (!article || article.status !== 'published') {
    logger.info('seo: article no longer published, nothing to validate', { article_id });
    return;
  }
  const result = validateSeo(article);
  const stored = await storeSeoValidation(article, { ...result, version: article.version, validated_at: new Date().toISOString() });
  if (stored) metrics.addMetric('SeoValidationsStored', MetricUnit.Count, 1);
  logger.info('seo: validation', { article_id, version: article.version, status: result.validation_status, stored });
}

export const handler = eventWorker(ARTICLE_EVENTS, ['ArticlePublished', 'ArticleUpdated'], validateArticle);
