// TanStack Query keys of the newsletter: the master's desk under 'newsletter', the reader's own
// subscription under the account (removed with everything else of the account on sign-out).
import type { SubscriberStatus } from '../../../../../shared/newsletter-rules';

export const newsletterKeys = {
  all: () => ['newsletter'] as const,
  overview: () => ['newsletter', 'overview'] as const,
  allSubscribers: () => ['newsletter', 'subscribers'] as const,
  subscribers: (filters: { q: string; status: SubscriberStatus | null }) => ['newsletter', 'subscribers', filters] as const,
  sends: () => ['newsletter', 'sends'] as const,
  articles: () => ['newsletter', 'articles'] as const,
  preview: (edition: object) => ['newsletter', 'preview', edition] as const,
  mine: (userId: string | undefined) => ['me', userId ?? 'anonymous', 'newsletter'] as const,
};
