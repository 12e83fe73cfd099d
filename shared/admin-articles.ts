// The admin area's list of articles and the dashboard's counts, shared by the web app and the API.
import { z } from 'zod';
import { pageCursor } from './text-fields';
import { ARTICLE_STATUSES, type ArticleStatus } from './article-rules';

export const adminArticleQuerySchema = z.object({
  status: z.enum(ARTICLE_STATUSES).optional(),
  author: z.string().regex(/^[\w-]{1,64}$/, 'Autor inválido').optional(),
  q: z.string().trim().max(200).optional(),
  cursor: pageCursor(),
});
export type AdminArticleQuery = z.output<typeof adminArticleQuerySchema>;

export const articleStatusSchema = z.object({ status: z.enum(ARTICLE_STATUSES, { error: 'Status inválido' }) });

export interface AdminArticle {
  id: string;
  title: string;
  slug: string;
  location_path: string | null;
  author_id: string;
  author_name: string;
  status: ArticleStatus;
  visibility: 'public' | 'premium';
  created_at: string;
  published_at: string | null;
  updated_at: string;
  version: number;
}

export interface StatusCounts {
  draft: number;
  review: number;
  published: number;
}

export interface ArticleStats {
  mine: StatusCounts;
  /** Editors and masters: the whole portal. */
  portal: StatusCounts | null;
  pending_reviews: number | null;
}
