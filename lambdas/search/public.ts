// What other parts may use of the search context: the full build (the local runtime's demo seed builds
// the indexes when it opens) and the recent index's state (missing: build them).
export { rebuildSearchIndex } from './pagefind-provider';
export { servedIndex } from './store';
