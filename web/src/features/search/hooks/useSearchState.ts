// The search's state from the address, read only once the page is the browser's own: the edge caches
// /busca whatever its q (only `city` and `page` are in the cache key), so the server renders every
// /busca as the empty search and hydration must see the same; the address is read right after.
import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EMPTY_SEARCH, parseSearchParams, searchParamsOf, type SearchState } from '../lib/params';

const subscribe = () => () => undefined;

/** False on the server and while hydrating; true in the browser's own renders (a navigation renders true at once). */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}

export function useSearchState(): [SearchState, (next: SearchState, options?: { replace?: boolean }) => void, boolean] {
  const hydrated = useHydrated();
  const [params, setParams] = useSearchParams();
  const query = params.toString();
  const state = useMemo(() => (hydrated ? parseSearchParams(new URLSearchParams(query)) : EMPTY_SEARCH), [hydrated, query]);
  const update = useCallback(
    (next: SearchState, options: { replace?: boolean } = {}) => setParams(searchParamsOf(next), { replace: options.replace, preventScrollReset: true }),
    [setParams],
  );
  return [state, update, hydrated];
}
