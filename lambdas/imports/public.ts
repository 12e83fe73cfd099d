// What other contexts may use of the imports context: its events (ImportCompleted: the bulk work after an import).
export { IMPORT_EVENTS } from './events';
// The ids of the articles an import wrote (the feeds update their files from them, not from every article).
export { importedArticleIds } from './store';
