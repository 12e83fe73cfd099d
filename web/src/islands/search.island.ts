// /busca for an anonymous reader (the React page is features/search/pages/SearchPage.tsx): the edge
// serves the empty search whatever the address's query, so this reads q, the filters and the page from
// the address, runs the search over the static Pagefind index and renders the results into the
// server's markup. The address follows the search (replaceState while typing, pushState otherwise) and
// the back button returns to the previous one. Pagefind's script and the results' code
// (lib/search-results.ts) load only with the first query, or once the reader reaches for the input or
// the filters; /busca with no query loads nothing else.
import { SEARCH_FILTERS, SEARCH_PAGE_PATH, SEARCH_PAGE_SIZE, type SearchFacets } from '../../../shared/search';
import { filterOptions } from '../features/search/lib/filters';
import type { SearchOutcome } from '../features/search/lib/pagefind';
import { isActiveSearch, pageCount, parseSearchParams, searchParamsOf, SORT_PARAM, type SearchState } from '../features/search/lib/params';
import { SEARCH_MESSAGES, searchPageTitle, searchStatus, TYPING_DEBOUNCE_MS } from '../features/search/lib/texts';
import type { Island } from './lib/island';

type Results = typeof import('./lib/search-results');
let results: Promise<Results> | undefined;
/** The results' chunk, loaded once (again after a failure). */
function loadResults(): Promise<Results> {
  results ??= import('./lib/search-results').catch((error: unknown) => {
    results = undefined;
    throw error;
  });
  return results;
}
/** Pagefind's script ahead of the first search; with the words typed so far, their index chunks. */
const preload = (term = '') => void loadResults().then((module) => module.preloadPagefind(term), () => undefined);

/** As long as the React page keeps a search's results (its staleTime). */
const FRESH_MS = 5 * 60_000;

function required<T extends Element>(root: HTMLElement, selector: string): T {
  const element = root.querySelector<T>(selector);
  if (!element) throw new Error(`search page: ${selector} not found`);
  return element;
}

const searchIsland: Island = (root) => {
  const form = required<HTMLFormElement>(root, 'form[role="search"]');
  const input = required<HTMLInputElement>(form, 'input[name="q"]');
  const status = required<HTMLElement>(root, '.search-status');
  const section = required<HTMLElement>(root, '.search-results');
  const filters = root.querySelector<HTMLElement>('.search-filters');
  const select = (name: string) => root.querySelector<HTMLSelectElement>(`select[name="${name}"]`);
  const city = select(SEARCH_FILTERS.city);
  const tag = select(SEARCH_FILTERS.tag);
  const period = select(SEARCH_FILTERS.period);
  const sort = select(SORT_PARAM);
  // The server's "Mais lidas", shown again whenever there is no query or nothing matched.
  const suggestions = section.querySelector('section[aria-labelledby="search-suggestions"]');
  // The server's status line (its prompt), the model of every other.
  const line = status.firstElementChild?.cloneNode() ?? document.createElement('p');

  let state: SearchState = parseSearchParams(new URLSearchParams(location.search));
  let listShown = false;
  let run = 0;
  /** The search under way: aborted when a newer one starts (its fragments are then never fetched). */
  let searching: AbortController | undefined;
  let typing: ReturnType<typeof setTimeout> | undefined;
  let facets: SearchFacets | undefined;
  let facetsLoading: Promise<void> | undefined;
  const cache = new Map<string, { at: number; outcome: SearchOutcome }>();

  const setStatus = (text: string) => {
    line.textContent = text;
    status.replaceChildren(...(text ? [line] : []));
  };
  const busy = (on: boolean) => (on ? section.setAttribute('aria-busy', 'true') : section.removeAttribute('aria-busy'));
  const show = (html: string, list = false) => {
    section.innerHTML = html;
    listShown = list;
  };
  const onButton = (handler: () => void) => section.querySelector('.mantine-Button-root')?.addEventListener('click', handler);

  function fillSelect(element: HTMLSelectElement | null, all: string, values: readonly string[] | undefined, selected: string | null) {
    if (!element) return;
    const options = [{ value: '', label: all }, ...filterOptions(values, selected)];
    const current = [...element.options].map((option) => option.value).join('\n');
    if (current !== options.map((option) => option.value).join('\n')) element.replaceChildren(...options.map(({ value, label }) => new Option(label, value)));
    element.value = selected ?? '';
  }

  function syncFilters() {
    fillSelect(city, 'Todas as cidades', facets?.cities, state.city);
    fillSelect(tag, 'Todas as tags', facets?.tags, state.tag);
    if (period) period.value = state.period ?? '';
    if (sort) sort.value = state.sort;
  }

  /** The selects' values (facets.json, a few KB): once the reader reaches for a filter or a search runs. */
  function wantFacets() {
    facetsLoading ??= loadResults().then((module) => module.facetValues()).then(
      (values) => {
        facets = values;
        syncFilters();
      },
      () => {
        facetsLoading = undefined; // tried again the next time
      },
    );
  }

  function setState(next: SearchState, replace = false) {
    clearTimeout(typing);
    state = next;
    const query = searchParamsOf(next).toString();
    const url = query ? `${SEARCH_PAGE_PATH}?${query}` : SEARCH_PAGE_PATH;
    if (replace) history.replaceState(null, '', url);
    else history.pushState(null, '', url);
    render();
  }

  /** A change from the form or a filter: the typed query goes with it, back to the first page. */
  const change = (next: Partial<SearchState>) => setState({ ...state, q: input.value.trim(), page: 1, ...next });

  function goToPage(page: number) {
    setState({ ...state, page });
    status.scrollIntoView({ block: 'start' });
  }

  /** The page's own links (near spellings, the older years): a plain click changes the search instead of loading a page. */
  function onLinks(selector: string, go: (link: HTMLAnchorElement) => void) {
    for (const link of section.querySelectorAll<HTMLAnchorElement>(selector)) {
      link.addEventListener('click', (event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        go(link);
      });
    }
  }

  function showOutcome({ archiveOffer, noMatchStack, pageGone, resultList }: Results, outcome: SearchOutcome) {
    busy(false);
    setStatus(searchStatus(true, 'done', outcome.total, state.q, outcome.recentOnly));
    if (outcome.total === 0) {
      show(noMatchStack(state, outcome.near));
      if (suggestions) section.firstElementChild?.append(suggestions);
      onButton(() => change({ city: null, tag: null, period: null }));
      onLinks('.search-near a', (link) => change({ q: parseSearchParams(new URL(link.href).searchParams).q }));
      return;
    }
    if (outcome.hits.length === 0) {
      show(pageGone());
      onButton(() => goToPage(1));
      return;
    }
    const pages = pageCount(outcome.total, SEARCH_PAGE_SIZE);
    const cards = outcome.hits.map((hit) => ({ ...hit, to: hit.url, matched: new Set(hit.matched) }));
    show(resultList(cards, pages, state.page, outcome.recentOnly ? archiveOffer(state, outcome.since) : ''), true);
    onLinks('.search-archive a', () => change({ archive: true }));
    const controls = [...section.querySelectorAll<HTMLButtonElement>('.mantine-Pagination-control')];
    const active = Math.min(state.page, pages);
    controls.forEach((control, index) => {
      const page = index === 0 ? active - 1 : index === controls.length - 1 ? active + 1 : Number(control.textContent);
      control.addEventListener('click', () => goToPage(page));
    });
  }

  function render() {
    document.title = searchPageTitle(state.q);
    // The input follows the address (a shared link, the back button), not the other way while typing.
    if (input.value.trim() !== state.q) input.value = state.q;
    syncFilters();
    const mine = ++run;
    searching?.abort();
    const signal = (searching = new AbortController()).signal;
    if (!isActiveSearch(state)) {
      busy(false);
      setStatus(searchStatus(false, 'done', undefined, state.q));
      show('');
      if (suggestions) section.append(suggestions);
      return;
    }
    wantFacets();
    const key = searchParamsOf(state).toString();
    const cached = cache.get(key);
    busy(true);
    if (listShown) {
      // Refining keeps the last results on screen, dimmed, instead of flashing the placeholders.
      section.firstElementChild?.classList.add('search-stale');
    } else if (!cached) {
      setStatus(SEARCH_MESSAGES.searching);
    }
    const asked = state;
    const failed = (module?: Results) => {
      if (mine !== run) return;
      busy(false);
      // Without the results' chunk the alert's markup is not at hand: the status line says it (a new search retries).
      setStatus(module ? '' : SEARCH_MESSAGES.error);
      show(module ? module.retryAlert(SEARCH_MESSAGES.error) : '');
      onButton(render);
    };
    loadResults().then((module) => {
      if (mine !== run) return;
      if (cached && Date.now() - cached.at < FRESH_MS) {
        showOutcome(module, cached.outcome);
        return;
      }
      if (!listShown) show(module.resultSkeletons());
      module
        .runSearch(asked, signal)
        .catch((error: unknown) => (error instanceof module.SearchSuperseded ? Promise.reject(error) : module.runSearch(asked, signal))) // one retry, as the React page's query
        .then(
          (outcome) => {
            cache.set(key, { at: Date.now(), outcome });
            if (mine === run) showOutcome(module, outcome);
          },
          () => failed(module),
        );
    }, () => failed());
  }

  form.addEventListener('submit', (event) => {
    event.preventDefault();
    change({});
  });
  input.addEventListener('input', () => {
    // The chunks the words need load at the keystroke; the search waits for a pause in the typing.
    preload(input.value);
    clearTimeout(typing);
    typing = setTimeout(() => {
      const q = input.value.trim();
      if (q !== state.q) setState({ ...state, q, page: 1 }, true);
    }, TYPING_DEBOUNCE_MS);
  });
  city?.addEventListener('change', () => change({ city: city.value || null }));
  tag?.addEventListener('change', () => change({ tag: tag.value || null }));
  period?.addEventListener('change', () => change({ period: parseSearchParams(new URLSearchParams({ [SEARCH_FILTERS.period]: period.value })).period }));
  sort?.addEventListener('change', () => change({ sort: sort.value === 'recentes' ? 'recentes' : 'relevancia' }));
  for (const type of ['pointerenter', 'focusin', 'touchstart']) filters?.addEventListener(type, wantFacets, { once: true, passive: true });
  window.addEventListener('popstate', () => {
    state = parseSearchParams(new URLSearchParams(location.search));
    render();
  });

  // Words typed before the island was ready are the reader's search (an address without q has nothing to say).
  const early = input.value.trim();
  if (early && !state.q) setState({ ...state, q: early, page: 1 }, true);
  else render();
  // The page's own input takes the focus (the header's search leads here), unless the reader is already
  // elsewhere; only a reader's own reach for it afterwards starts loading the index.
  if (document.activeElement === document.body || !document.activeElement) input.focus();
  input.addEventListener('focus', () => preload(), { once: true });
  input.addEventListener('pointerdown', () => preload(), { once: true });
};

export default searchIsland;
