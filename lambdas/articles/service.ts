// The use cases of the articles context, as the HTTP handler and the demo seed call them; each lives
// in its own module (authoring, authors, desk, reading, versions, views, reading history).
export { createArticle, deleteArticle, getDraft, updateArticle } from './authoring';
export { authorPage } from './authors';
export { myArticles, reviewQueue } from './desk';
export { readerFor } from './people';
export { articleBySlug, home, related } from './reading';
export { recordReading } from './reading-history';
export { listVersions, restoreVersion } from './versions';
export { recordView } from './views';
