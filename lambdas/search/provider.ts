// What the search context asks of a search engine, whichever it is: build everything from the table,
// take in articles just published or edited, drop articles no longer published, and keep up with the
// passing of time. The worker and the daily job speak only to this. The engine today is static
// Pagefind indexes in the site bucket (pagefind-provider.ts); an engine with a server (OpenSearch
// Serverless, docs/search.md) is another implementation of this interface, in one file beside it.

/** An article published or edited: its id, and its publication time when the event says it. */
export interface ChangedArticle {
  id: string;
  published_at?: string;
}

/** What one call did, per index it rebuilt (the Pagefind engine's; another engine reports its own). */
export interface SearchUpdate {
  /** The indexes rebuilt, by name, with their figures. */
  indexes: { name: string; pages: number; files: number; written: number; build_ms: number; served: boolean }[];
  /** The whole call, reading the table included. */
  ms: number;
}

export interface SearchProvider {
  /** Everything again from the table's published articles (the first build, an import). */
  build(now: Date): Promise<SearchUpdate>;
  /** These articles are published (new, again, or edited): as the table has them now. */
  update(articles: readonly ChangedArticle[], now: Date): Promise<SearchUpdate>;
  /** These articles are no longer published (unpublished or deleted). */
  remove(articleIds: readonly string[], now: Date): Promise<SearchUpdate>;
  /** The daily job: what time alone changes (the periods, the recency boost, what counts as recent). */
  refresh(now: Date): Promise<SearchUpdate>;
}
