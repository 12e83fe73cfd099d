// The event catalogue: every domain event, its source and detail schema. The pipelines that consume
// them are declared by the consuming contexts (lambdas/<context>/contract.ts).
import { z } from 'zod';

export const EVENT_CATALOGUE = {
  UserSignedUp: {
    source: 'portal.users',
    description: 'A new account was created (its profile item was inserted).',
    detail: z.object({
      user_id: z.string(),
      email: z.string(),
      full_name: z.string(),
      created_at: z.string(),
    }),
  },
  ArticlePublished: {
    source: 'portal.articles',
    description: 'An article became published (from draft or review, or again after being unpublished).',
    detail: z.object({
      article_id: z.string(),
      slug: z.string(),
      author_id: z.string(),
      version: z.number(),
      published_at: z.string(),
    }),
  },
  ArticleUpdated: {
    source: 'portal.articles',
    description: 'A published article was saved again (a new version while published).',
    detail: z.object({
      article_id: z.string(),
      slug: z.string(),
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
      author_id: z.string(),
      from: z.enum(['draft', 'review', 'published']),
      to: z.enum(['draft', 'review', 'published']),
      version: z.number(),
      changed_at: z.string(),
    }),
  },
} as const;

export type EventName = keyof typeof EVENT_CATALOGUE;
export type EventDetail<N extends EventName> = z.infer<(typeof EVENT_CATALOGUE)[N]['detail']>;

export const EVENT_BUS_NAME = 'portal-events';
