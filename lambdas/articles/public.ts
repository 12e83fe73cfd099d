// What other contexts may use of the articles context (the lint rule in eslint.config.js enforces it):
// the events it emits.
export { ARTICLE_EVENTS } from './events';
