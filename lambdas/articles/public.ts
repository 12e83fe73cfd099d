// What other contexts may use of the articles context (the lint rule in eslint.config.js enforces it):
// the events it emits, the published articles and city counters as anyone may read them (for the
// sitemaps and feeds), and an author's page.
export { ARTICLE_EVENTS } from './events';
export { publishedArticles, type PublishedArticle } from './distribution';
// After an import, the feeds update from the imported ids, the latest articles and the news window only.
export { latestPublishedArticles, publishedArticlesByIds, publishedArticlesSince } from './distribution';
export { cityCounters } from './city-counts';
// The author page as GET /api/authors/{authorId} answers it, for a server-side render to prefill.
export { authorPage } from './authors';
// The public pages' data, for the server-side renderer and its cache purge (lambdas/pages).
export { home } from './reading';
export { anonymousArticle, authorArticleAddresses } from './public-pages';
// An article's title, author and status (notifications), and who may edit it (live updates of its internal comments).
export { articleHeadline, mayEditArticle, usersWhoMayEdit, type ArticleHeadline } from './headline';
// Articles' titles and slugs in one BatchGet part (the analytics dashboards' most read).
export { articleLinks, type ArticleLink } from './headline';
// Who may edit an article (its author, editors, the master): the editorial context shows its reviews
// and internal comments to them only.
export { mayEdit, type Reader } from './gating';
// The article HTML sanitizer and its visible text: events' descriptions are the same rich text.
export { sanitizeArticleHtml, textOf } from './sanitize';
// An article's text, address and version for the analysis context (AI suggestions, reprocessing).
export { articleForAnalysis, type ArticleForAnalysis } from './analysis-source';
// Published articles as a newsletter edition features them (a premium one with its lead only).
export { editionArticles, mostReadEditionArticles, recentEditionArticles } from './edition';
// The month's most read, which the search page suggests (its server render too).
export { mostReadArticles } from './edition';
// Articles written in bulk by an import (lambdas/imports): ids from record_ids, slugs claimed, counters by deltas.
export { importCounterUpdates, importedArticleId, planImport, writeImport, type CounterDeltas, type ImportedArticle, type ImportPlan } from './imported';
// What a person's data export and account deletion read and erase here (privacy.ts).
export { personalData } from './privacy';
