// What other parts may use of the search context: the rebuild (the local runtime's demo seed builds
// the index when it opens) and which build is served.
export { rebuildSearchIndex } from './rebuild';
export { servedIndex } from './store';
