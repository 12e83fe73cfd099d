// The page's search over the recent part (web/src/features/search/lib/pagefind.ts runSearch): the
// current month's index and the recent one merged when the list names both, one search by relevance,
// and by date each index on its own, newest first (Pagefind orders merged results by score alone).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

const calls: { term: string | null; options: { filters?: Record<string, unknown>; sort?: object } }[] = [];
const merged: string[] = [];
let fragments = 0;
const hit = (url: string, title: string) => ({
  id: url,
  data: async () => (fragments++, { url, content: `${title} frevo`, meta: { title, date: '2026-10-01T00:00:00.000Z' }, locations: [0] }),
});
const fake = {
  options: async () => {},
  mergeIndex: async (path: string) => void merged.push(path),
  preload: async () => {},
  search: async (term: string | null, options: { filters?: Record<string, unknown> }) => {
    calls.push({ term, options });
    const part = options.filters?.indice;
    if (part === 'mes') return { results: [hit('/a/novo', 'Frevo novo')] };
    if (part === 'recente') return { results: [hit('/a/velho', 'Frevo velho')] };
    return { results: [hit('/a/velho', 'Frevo velho'), hit('/a/novo', 'Frevo novo')] };
  },
};
// The newest index with articles carries the script the page loads.
vi.mock('/pagefind/mes/pagefind.js', () => fake);

const realFetch = globalThis.fetch;
beforeAll(() => {
  globalThis.fetch = (async (url: string) => {
    if (String(url).endsWith('indices.json')) {
      return new Response(JSON.stringify({ since: '2025-10-01T00:00:00.000Z', recent: { name: 'recente', pages: 3928 }, month: { name: 'mes', pages: 325 }, archives: [] }));
    }
    return new Response('', { status: 404 });
  }) as typeof fetch;
});
afterAll(() => void (globalThis.fetch = realFetch));

const { runSearch, SearchSuperseded } = await import('../../web/src/features/search/lib/pagefind');
const state = (extra: object) => ({ q: 'frevo', city: null, tag: null, period: null, sort: 'relevancia', page: 1, archive: false, ...extra }) as never;

describe('the recent part', () => {
  it('merges the recent index into the month one and searches both at once by relevance', async () => {
    const outcome = await runSearch(state({}));
    expect(merged).toEqual(['/pagefind/recente/']);
    expect(calls).toHaveLength(1);
    expect(calls[0]!.options.filters).toEqual({});
    expect(outcome.hits.map((hit) => hit.url)).toEqual(['/a/velho', '/a/novo']);
  });

  it('by date, searches each index on its own and lists the month first', async () => {
    calls.length = 0;
    const outcome = await runSearch(state({ sort: 'recentes' }));
    expect(calls.map((call) => call.options.filters)).toEqual([{ indice: 'mes' }, { indice: 'recente' }]);
    expect(outcome.hits.map((hit) => hit.url)).toEqual(['/a/novo', '/a/velho']);
  });

  it('a search superseded meanwhile stops before fetching its results (no fragment)', async () => {
    const controller = new AbortController();
    fragments = 0;
    const running = runSearch(state({ q: 'frevo velho' }), controller.signal);
    controller.abort();
    await expect(running).rejects.toBeInstanceOf(SearchSuperseded);
    expect(fragments).toBe(0);
  });
});
