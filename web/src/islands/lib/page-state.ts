// The data the server rendered the page from (web/src/ssr/state.ts: the dehydrated query cache), read
// by islands instead of asking the API again. Parsed once, on first use.
import { STATE_ELEMENT_ID } from '../../ssr/state';

interface DehydratedQuery {
  queryKey: readonly unknown[];
  state: { data?: unknown };
}

let queries: readonly DehydratedQuery[] | null = null;

function all(): readonly DehydratedQuery[] {
  if (queries) return queries;
  try {
    const text = document.getElementById(STATE_ELEMENT_ID)?.textContent;
    const parsed = text ? (JSON.parse(text) as { queries?: { queries?: DehydratedQuery[] } }) : null;
    queries = parsed?.queries?.queries ?? [];
  } catch {
    queries = [];
  }
  return queries;
}

/** The data of the first query whose key starts with `prefix` (e.g. ['events', 'list']), or undefined. */
export function queryData<T>(prefix: readonly unknown[]): T | undefined {
  const found = all().find(({ queryKey }) => prefix.every((part, index) => queryKey[index] === part));
  return found?.state.data as T | undefined;
}
