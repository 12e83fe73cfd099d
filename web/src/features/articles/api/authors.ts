// GET /api/authors/{id}?page=N: an author's public page (lambdas/articles/authors.ts).
import type { AuthorPage } from '../../../../../shared/api-types';
import { api } from '../../../lib/api';

export function fetchAuthorPage(authorId: string, page: number, signal?: AbortSignal): Promise<AuthorPage> {
  const path = `/authors/${encodeURIComponent(authorId)}`;
  return api.get<AuthorPage>(page > 1 ? `${path}?page=${page}` : path, { auth: false, signal });
}
