// What a write changes in the query cache: the article from the API's answer, and the lists that show it marked stale.
import type { QueryClient } from '@tanstack/react-query';
import type { ArticleDraft, MyArticle, MyArticles } from '../../../../../shared/api-types';
import { articleKeys } from './keys';

function toMyArticle(draft: ArticleDraft): MyArticle {
  const { id, slug, title, summary, status, visibility, views_count, location_path, published_at, created_at, updated_at, seo } = draft;
  return { id, slug, title, summary, status, visibility, views_count, location_path, published_at, created_at, updated_at, seo };
}

/** The counts are those of the list, as the API computes them. */
function withCounts(articles: MyArticle[]): MyArticles {
  const count = (status: MyArticle['status']) => articles.filter((article) => article.status === status).length;
  return { articles, counts: { all: articles.length, draft: count('draft'), review: count('review'), published: count('published') } };
}

/** The home feeds, public views, related lists, author pages and the review queue: refetched if on screen, else on their next visit. */
function invalidateLists(queryClient: QueryClient): void {
  for (const queryKey of [articleKeys.home(), articleKeys.bySlug(), articleKeys.related(), articleKeys.author(), articleKeys.inReview()]) {
    void queryClient.invalidateQueries({ queryKey });
  }
}

/** After a create, save, publish or restore: the answer is the article as stored, so it is not fetched again. */
export function articleStored(queryClient: QueryClient, draft: ArticleDraft, isNew = false): void {
  queryClient.setQueryData(articleKeys.detail(draft.id), draft);
  queryClient.setQueryData<MyArticles>(articleKeys.mine(), (previous) => {
    if (!previous) return previous;
    const item = toMyArticle(draft);
    const present = previous.articles.some((article) => article.id === draft.id);
    // An editor saving someone else's article: it is not in the editor's list.
    if (!present && !isNew) return previous;
    // The list is newest first: a new article leads it.
    return withCounts(present ? previous.articles.map((article) => (article.id === draft.id ? item : article)) : [item, ...previous.articles]);
  });
  void queryClient.invalidateQueries({ queryKey: articleKeys.versions(draft.id) });
  invalidateLists(queryClient);
}

export function articleDeleted(queryClient: QueryClient, id: string): void {
  queryClient.removeQueries({ queryKey: articleKeys.detail(id) });
  queryClient.removeQueries({ queryKey: articleKeys.versions(id) });
  queryClient.setQueryData<MyArticles>(articleKeys.mine(), (previous) =>
    previous ? withCounts(previous.articles.filter((article) => article.id !== id)) : previous,
  );
  invalidateLists(queryClient);
}
