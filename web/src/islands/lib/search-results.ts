// What the search island needs only once a search runs (or the reader reaches for the filters): the
// index's client and the results' markup, one chunk loaded with the first query, beside Pagefind's own.
export { facetValues, preloadPagefind, runSearch, SearchSuperseded } from '../../features/search/lib/pagefind';
export { archiveOffer, noMatchStack, pageGone, resultList, resultSkeletons, retryAlert } from './search-markup';
