// The search-index worker: one batch of article events (the batching window gathers a burst into one)
// becomes what the search engine must take in: articles published or edited, articles no longer
// published, or, after an import, everything again. A redelivered batch just does it again.
import { touchesPublished } from '../platform/domain-events';
import { eventBatchWorker } from '../platform/sqs-worker';
import { SEARCH_CATALOGUE, SEARCH_EVENTS } from './contract';
import { searchProvider } from './engine';
import type { ChangedArticle } from './provider';

type Batch = Parameters<Parameters<typeof eventBatchWorker<typeof SEARCH_CATALOGUE, (typeof SEARCH_EVENTS)[number]>>[2]>[0];

/** What a batch asks of the engine (the last word on each article wins: published, then deleted, is removed). */
export function changesOf(events: Batch): { all: boolean; changed: ChangedArticle[]; removed: string[] } {
  const changed = new Map<string, ChangedArticle>();
  const removed = new Set<string>();
  const set = (id: string, published: boolean, published_at?: string) => {
    if (published) {
      removed.delete(id);
      changed.set(id, { id, ...(published_at ? { published_at } : {}), ...(changed.get(id)?.published_at && !published_at ? { published_at: changed.get(id)!.published_at } : {}) });
    } else {
      changed.delete(id);
      removed.add(id);
    }
  };
  let all = false;
  for (const event of events) {
    if (!touchesPublished(event.detail)) continue;
    const detail = event.detail as Record<string, unknown>;
    switch (event.name) {
      case 'ImportCompleted':
        all = true;
        break;
      case 'ArticlePublished':
        set(String(detail.article_id), true, String(detail.published_at));
        break;
      case 'ArticleUpdated':
        set(String(detail.article_id), true);
        break;
      case 'ArticleStatusChanged':
        set(String(detail.article_id), detail.to === 'published');
        break;
      case 'ArticleDeleted':
        set(String(detail.article_id), false);
        break;
    }
  }
  return { all, changed: [...changed.values()], removed: [...removed] };
}

export const handler = eventBatchWorker(SEARCH_CATALOGUE, SEARCH_EVENTS, async (events) => {
  const { all, changed, removed } = changesOf(events);
  const now = new Date();
  if (all) {
    await searchProvider.build(now);
    return;
  }
  if (removed.length) await searchProvider.remove(removed, now);
  if (changed.length) await searchProvider.update(changed, now);
});
