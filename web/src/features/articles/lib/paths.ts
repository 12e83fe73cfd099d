// Addresses of articles, in the app and in the API. The cards on the home use it, so it loads with the home: keep it small.

/** A card's link: '/article/meu-artigo' (the article page finds the city itself). */
export const articlePath = (slug: string) => `/article/${encodeURIComponent(slug)}`;

/** Public address: '/campinas-sp/meu-artigo' under the primary city, or '/article/meu-artigo' without one (spec section 2). */
export function publicArticlePath(locationPath: string | null | undefined, slug: string): string {
  return locationPath ? `/${locationPath}/${slug}` : `/article/${slug}`;
}

export const editArticlePath = (id: string) => `/article/${encodeURIComponent(id)}/edit`;

/** The API address of one article (reading.ts and articles.ts build theirs on it). */
export const articleApiPath = (id: string) => `/articles/${encodeURIComponent(id)}`;
