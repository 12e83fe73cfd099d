// What other contexts may use of the articles context (the lint rule in eslint.config.js enforces it):
// the events it emits, and the published articles and city counters as anyone may read them (for the
// sitemaps and feeds).
export { ARTICLE_EVENTS } from './events';
export { publishedArticles, type PublishedArticle } from './distribution';
export { cityCounters } from './city-counts';
