// Domain events of the articles context, derived from committed changes of the article item.
// A new version (not a view, not an SEO result) is what makes a save an event; a stored SEO
// validation (its own item, once per version) is SeoValidated.
// The catalogue of what it emits is ARTICLE_EVENTS (see EVENTS.md beside this file).
import { z } from 'zod';
import type { ArticleStatus } from '../../shared/articles';
import { SEO_STATUSES, type SeoStatus } from '../../shared/article-rules';
import { domainEvent, type ChangeMapper, type DomainEvent, type EventCatalogue } from '../platform/domain-events';
import { articleTextHash } from './text-hash';

export const ARTICLE_EVENTS = {
  ArticlePublished: {
    source: 'portal.articles',
    description: 'An article became published (from draft or review, or again after being unpublished).',
    detail: z.object({
      article_id: z.string(),
      slug: z.string(),
      location_path: z.string().nullable(),
      author_id: z.string(),
      version: z.number(),
      published_at: z.string(),
    }),
  },
  ArticleUpdated: {
    source: 'portal.articles',
    description: 'A published article was saved again (a new version while published; its address may have changed), or moved to the anonymous author by an account deletion (the same version).',
    detail: z.object({
      article_id: z.string(),
      slug: z.string(),
      location_path: z.string().nullable(),
      /** The address before this save (the same when it did not change). */
      previous_slug: z.string(),
      previous_location_path: z.string().nullable(),
      author_id: z.string(),
      version: z.number(),
      updated_at: z.string(),
    }),
  },
  ArticleStatusChanged: {
    source: 'portal.articles',
    description: 'An article moved between draft, review and published.',
    detail: z.object({
      article_id: z.string(),
      /** The address before the change (the one a reader had while it was published). */
      previous_slug: z.string(),
      previous_location_path: z.string().nullable(),
      author_id: z.string(),
      from: z.enum(['draft', 'review', 'published']),
      to: z.enum(['draft', 'review', 'published']),
      version: z.number(),
      changed_at: z.string(),
    }),
  },
  ArticleDeleted: {
    source: 'portal.articles',
    description: 'An article was deleted by its author or the master (its item left the table).',
    detail: z.object({
      article_id: z.string(),
      author_id: z.string(),
      slug: z.string(),
      location_path: z.string().nullable(),
      was_published: z.boolean(),
    }),
  },
  ArticleSaved: {
    source: 'portal.articles',
    description: 'Any new version of an article (created, saved or restored), whatever its status.',
    detail: z.object({
      article_id: z.string(),
      author_id: z.string(),
      title: z.string(),
      slug: z.string(),
      location_path: z.string().nullable(),
      status: z.enum(['draft', 'review', 'published']),
      version: z.number(),
      /** When an AI analysis was last saved with it (null: never). */
      ai_last_updated: z.string().nullable(),
      /** articleTextHash of this version: equal hashes, same title, summary and body. */
      text_hash: z.string(),
      saved_at: z.string(),
    }),
  },
  SeoValidated: {
    source: 'portal.articles',
    description: 'The SEO worker stored the validation of an article version (once per version).',
    detail: z.object({
      article_id: z.string(),
      author_id: z.string(),
      version: z.number(),
      validation_status: z.enum(SEO_STATUSES),
      errors: z.array(z.string()),
      warnings: z.array(z.string()),
      validated_at: z.string(),
    }),
  },
} as const satisfies EventCatalogue;

const isPublishedItem = (item: Record<string, unknown>) => item.status === 'published';
const locationOf = (item: Record<string, unknown>): string | null => (typeof item.location_path === 'string' && item.location_path ? item.location_path : null);

export const articleEvents: ChangeMapper = (change) => {
  const gone = change.oldImage;
  if (change.eventName === 'REMOVE' && gone?.entity === 'article') {
    return [
      domainEvent(ARTICLE_EVENTS, 'ArticleDeleted', {
        article_id: String(gone.id),
        author_id: String(gone.author_id),
        slug: String(gone.slug),
        location_path: locationOf(gone),
        was_published: gone.status === 'published',
      }),
    ];
  }
  const next = change.newImage;
  if (change.eventName === 'INSERT' && next?.entity === 'seo_validation' && typeof next.author_id === 'string') {
    return [
      domainEvent(ARTICLE_EVENTS, 'SeoValidated', {
        article_id: String(next.article_id),
        author_id: next.author_id,
        version: Number(next.version),
        validation_status: next.validation_status as SeoStatus,
        errors: (next.errors as string[] | undefined) ?? [],
        warnings: (next.warnings as string[] | undefined) ?? [],
        validated_at: String(next.validated_at),
      }),
    ];
  }
  if (next?.entity !== 'article' || (change.eventName !== 'INSERT' && change.eventName !== 'MODIFY')) return [];
  const before = change.oldImage;
  const version = Number(next.version);
  const base = { article_id: String(next.id), author_id: String(next.author_id), version };
  const address = { slug: String(next.slug), location_path: locationOf(next) };
  const previous = before ? { previous_slug: String(before.slug), previous_location_path: locationOf(before) } : { previous_slug: address.slug, previous_location_path: address.location_path };
  // An account's deletion moves its articles to the anonymous author without a new version (privacy.ts):
  // a published one's pages, feeds and search entry show the new byline.
  if (before && Number(before.version) === version && before.author_id !== next.author_id) {
    return isPublishedItem(before) && isPublishedItem(next)
      ? [domainEvent(ARTICLE_EVENTS, 'ArticleUpdated', { ...base, ...address, ...previous, updated_at: String(next.updated_at) })]
      : [];
  }
  // An imported article (imported.ts) is announced once, by its import's ImportCompleted.
  if (next.bulk_session) return [];
  if (before && Number(before.version) >= version) return [];
  const events: DomainEvent[] = [];
  const from = before?.status as ArticleStatus | undefined;
  const to = next.status as ArticleStatus;
  if (from && from !== to) events.push(domainEvent(ARTICLE_EVENTS, 'ArticleStatusChanged', { ...base, ...previous, from, to, changed_at: String(next.updated_at) }));
  if (to === 'published' && from !== 'published') {
    events.push(domainEvent(ARTICLE_EVENTS, 'ArticlePublished', { ...base, ...address, published_at: String(next.published_at) }));
  } else if (to === 'published') {
    events.push(domainEvent(ARTICLE_EVENTS, 'ArticleUpdated', { ...base, ...address, ...previous, updated_at: String(next.updated_at) }));
  }
  return events;
};

/** ArticleSaved for every new version of an article (its own mapper: the one above keeps its events). */
export const articleSavedEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (next?.entity !== 'article' || (change.eventName !== 'INSERT' && change.eventName !== 'MODIFY') || next.bulk_session) return [];
  if (change.oldImage && Number(change.oldImage.version) >= Number(next.version)) return [];
  return [
    domainEvent(ARTICLE_EVENTS, 'ArticleSaved', {
      article_id: String(next.id),
      author_id: String(next.author_id),
      title: String(next.title),
      slug: String(next.slug),
      location_path: locationOf(next),
      status: next.status as ArticleStatus,
      version: Number(next.version),
      ai_last_updated: typeof next.ai_last_updated === 'string' ? next.ai_last_updated : null,
      text_hash: articleTextHash(next as { title: unknown; summary: unknown; content: unknown }),
      saved_at: String(next.updated_at),
    }),
  ];
};
