// Public addresses of an article: under its primary city when it has one (spec section 2).

/** '/campinas-sp/meu-artigo', or '/article/meu-artigo' without a city. */
export function publicArticlePath(locationPath: string | null | undefined, slug: string): string {
  return locationPath ? `/${locationPath}/${slug}` : `/article/${slug}`;
}
