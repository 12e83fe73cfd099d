// Addresses of articles, in the app and in the API. The cards on the home use it, so it loads with the home: keep it small.

/** A card's link: '/article/meu-artigo' (the article page finds the city itself). */
export const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}`;

export { publicArticlePath } from '../../../../../shared/article-rules';

export const editArticlePath = (id: string) => `/article/${encodeURIComponent(id)}/edit`;

/** An author's page: '/author/<id>' (the sitemaps list the same address). */
export const authorPath = (id: string) => `/author/${encodeURIComponent(id)}`;

/** The API address of one article (reading.ts and articles.ts build theirs on it). */
export const articleApiPath = (id: string) => `/articles/${encodeURIComponent(id)}`;
