// The master's newsletter calls (lambdas/newsletter); the server refuses anyone else with
// 'Acesso restrito a Masters'.
import type {
  EditionArticle,
  EditionArticleChoices,
  EditionPreview,
  NewsletterOverview,
  NewsletterSend,
  NewsletterSubscriber,
  NewsletterSubscriberPage,
  SubscriberStatus,
} from '../../../../../shared/newsletter-rules';
import { api } from '../../../lib/api';
import type { Paged } from '../../admin/api/admin';

export type { EditionArticle, EditionPreview, NewsletterOverview, NewsletterSend, NewsletterSubscriber, SubscriberStatus };

/** What an edition is made of, as the preview, the test and the send take it. */
export interface EditionInput {
  subject: string;
  intro: string;
  pick: 'chosen' | 'most_read';
  article_ids: string[];
}

export const fetchOverview = (signal?: AbortSignal) => api.get<NewsletterOverview>('/newsletter/overview', { signal });

/** A page of subscribers, newest first, in the admin lists' shape (items, next_cursor). */
export async function listSubscribers(filters: { q: string; status: SubscriberStatus | null }, cursor?: string): Promise<Paged<NewsletterSubscriber>> {
  const search = new URLSearchParams();
  if (filters.q) search.set('q', filters.q);
  if (filters.status) search.set('status', filters.status);
  if (cursor) search.set('cursor', cursor);
  const query = search.toString();
  const page = await api.get<NewsletterSubscriberPage>(`/newsletter/subscribers${query ? `?${query}` : ''}`);
  return { items: page.records, next_cursor: page.cursor ?? null };
}

export const addSubscriber = (email: string) => api.post<{ subscriber: NewsletterSubscriber; message: string }>('/newsletter/subscribers', { email });

export const cancelSubscriber = (id: string) =>
  api.post<{ subscriber: NewsletterSubscriber }>(`/newsletter/subscribers/${encodeURIComponent(id)}/unsubscribe`);

export const listSends = (signal?: AbortSignal) => api.get<{ records: NewsletterSend[] }>('/newsletter/sends', { signal });

export const fetchEditionArticles = (signal?: AbortSignal) =>
  api.get<EditionArticleChoices>('/newsletter/articles', { signal });

export const previewEdition = (edition: EditionInput, signal?: AbortSignal) => api.post<EditionPreview>('/newsletter/preview', edition, { signal });

export const sendTest = (edition: EditionInput) => api.post<{ message: string; to: string }>('/newsletter/test', edition);

export const startSend = (edition: EditionInput) => api.post<{ send: NewsletterSend; message: string }>('/newsletter/sends', edition);
