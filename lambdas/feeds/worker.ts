// The site-feeds worker: one regeneration per batch of article and event events, whatever their
// number; a batch of nothing but ImportCompleted updates the files from the imported ids instead
// (regenerate.ts). A redelivered batch just does it again.
import { touchesPublished } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { FEED_CATALOGUE, FEED_EVENTS } from './contract';
import { regenerateSiteFiles, updateAfterImports } from './regenerate';

export const handler = eventBatchWorker(FEED_CATALOGUE, FEED_EVENTS, async (events) => {
  const touching = events.filter((event) => touchesPublished(event.detail));
  if (!touching.length) return;
  const imports = touching.flatMap((event) => (event.name === 'ImportCompleted' && 'session_id' in event.detail ? [event.detail.session_id] : []));
  if (imports.length === touching.length) await updateAfterImports(imports);
  else await regenerateSiteFiles();
});
