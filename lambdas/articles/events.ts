// Domain events of the articles context, derived from committed changes of the article item.
// A new version (not a view, not an SEO result) is what makes a save an event.
import type { ArticleStatus } from '../../shared/articles';
import { domainEvent, type ChangeMapper, type DomainEvent } from '../platform/domain-events';

export const articleEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (next?.entity !== 'article' || (change.eventName !== 'INSERT' && change.eventName !== 'MODIFY')) return [];
  const before = change.oldImage;
  const version = Number(next.version);
  if (before && Number(before.version) >= version) return [];
  const base = { article_id: String(next.id), author_id: String(next.author_id), version };
  const events: DomainEvent[] = [];
  const from = before?.status as ArticleStatus | undefined;
  const to = next.status as ArticleStatus;
  if (from && from !== to) events.push(domainEvent('ArticleStatusChanged', { ...base, from, to, changed_at: String(next.updated_at) }));
  if (to === 'published' && from !== 'published') {
    events.push(domainEvent('ArticlePublished', { ...base, slug: String(next.slug), published_at: String(next.published_at) }));
  } else if (to === 'published') {
    events.push(domainEvent('ArticleUpdated', { ...base, slug: String(next.slug), updated_at: String(next.updated_at) }));
  }
  return events;
};
