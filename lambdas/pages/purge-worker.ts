// The page-purge worker: one CloudFront invalidation per batch of events, of exactly the paths they
// make stale. A redelivered batch invalidates again, which is harmless.
import { randomUUID } from 'node:crypto';
import { CreateInvalidationCommand } from '@aws-sdk/client-cloudfront';
import { authorArticleAddresses } from '../articles/public';
import { cloudFront } from '../platform/clients';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import { eventBatchWorker } from '../platform/sqs-worker';
import { PURGE_CATALOGUE, PURGE_EVENTS } from './contract';
import { mergePaths, purgePaths } from './purge-paths';

export const handler = eventBatchWorker(PURGE_CATALOGUE, PURGE_EVENTS, async (events, context) => {
  const lists = await Promise.all(events.map((event) => purgePaths(event, authorArticleAddresses)));
  const paths = mergePaths(lists);
  if (!paths.length) return;
  await cloudFront().send(
    new CreateInvalidationCommand({
      DistributionId: env('DISTRIBUTION_ID'),
      InvalidationBatch: { CallerReference: context.awsRequestId || randomUUID(), Paths: { Quantity: paths.length, Items: paths } },
    }),
  );
  logger.info('pages invalidated', { paths });
});
