// /busca (issue "Search"): the archive's search over the static Pagefind index, in the browser. The
// server renders the empty search (form, filters, "Mais lidas"): the edge serves that HTML for any q,
// so the address's query is read after hydration (hooks/useSearchState) and the index's script is
// loaded only when a search runs. The results' box keeps its height while they load (no layout shift).
// An anonymous reader gets the same page from web/src/islands/search.island.ts, which renders the same
// markup from the same rules (lib/texts.ts, lib/params.ts, lib/pagefind.ts): change both together.
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Container, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_PAGE_PATH, SEARCH_PAGE_SIZE } from '../../../../../shared/search';
import { RetryAlert } from '../../../components/RetryAlert';
import { usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { ResultCard, ResultSkeletons } from '../components/ResultCard';
import { SearchFilters } from '../components/SearchFilters';
import { ArchiveOffer, NoMatch, PageGone, SearchPagination, StatusLine } from '../components/SearchStates';
import { Suggestions } from '../components/Suggestions';
import { useFilterValues, useSearchResults, useSuggestions } from '../hooks/useSearch';
import { useSearchState } from '../hooks/useSearchState';
import { isActiveSearch, pageCount, type SearchState } from '../lib/params';
import { preloadPagefind } from '../lib/pagefind';
import { SEARCH_MESSAGES, searchPageTitle, searchStatus, TYPING_DEBOUNCE_MS } from '../lib/texts';

export default function SearchPage() {
  const [state, setState, hydrated] = useSearchState();
  const [text, setText] = useState('');
  const [filtersWanted, setFiltersWanted] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const top = useRef<HTMLDivElement>(null);
  const typing = useRef<ReturnType<typeof setTimeout>>(undefined);
  const latest = useRef(state);
  latest.current = state;

  const active = isActiveSearch(state);
  const results = useSearchResults(state);
  const filterValues = useFilterValues(filtersWanted || active);
  const outcome = active ? results.data : undefined;
  const noMatch = outcome?.total === 0;
  const suggestions = useSuggestions(!active || noMatch);

  // The input follows the address (a shared link, the back button), not the other way while typing.
  useEffect(() => setText((current) => (current.trim() === state.q ? current : state.q)), [state.q]);
  // The page's own input takes the focus once the page is the browser's (the header's search leads here).
  useEffect(() => {
    if (hydrated) input.current?.focus();
  }, [hydrated]);
  useEffect(() => () => clearTimeout(typing.current), []);

  usePageMeta(searchPageTitle(state.q), SEARCH_MESSAGES.description);
  usePageView();

  const change = (next: Partial<SearchState>) => {
    clearTimeout(typing.current);
    setState({ ...latest.current, q: text.trim(), page: 1, ...next });
  };

  const onType = (value: string) => {
    setText(value);
    // The index chunks the words need load while the typing pause runs.
    preloadPagefind(value);
    clearTimeout(typing.current);
    typing.current = setTimeout(() => {
      if (value.trim() !== latest.current.q) setState({ ...latest.current, q: value.trim(), page: 1 }, { replace: true });
    }, TYPING_DEBOUNCE_MS);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    change({});
  };

  const goToPage = (page: number) => {
    setState({ ...state, page });
    top.current?.scrollIntoView({ block: 'start' });
  };

  const pages = outcome ? pageCount(outcome.total, SEARCH_PAGE_SIZE) : 1;
  const searching = active && (results.isPending || (results.isFetching && results.isPlaceholderData));

  const phase = results.isPending ? 'pending' : results.isError ? 'error' : 'done';
  const status = searchStatus(active, phase, outcome?.total, state.q, outcome?.recentOnly);

  return (
    <Container size="md" py="md" data-island="audience search">
      <Stack gap="md">
        <div>
          <Title order={1}>Busca</Title>
          <Text c="dimmed">Encontre qualquer notícia do arquivo do Portal Plural.</Text>
        </div>
        <form action={SEARCH_PAGE_PATH} method="get" role="search" className="search-form" onSubmit={onSubmit}>
          <TextInput
            ref={input}
            name="q"
            type="search"
            aria-label="Termos da busca"
            placeholder="Buscar notícias"
            value={text}
            onChange={(event) => onType(event.currentTarget.value)}
            leftSection={<IconSearch size={18} aria-hidden />}
            size="md"
            autoComplete="off"
            enterKeyHint="search"
            className="search-form-input"
          />
          <Button type="submit" size="md">
            Buscar
          </Button>
        </form>
        <SearchFilters
          state={state}
          facets={filterValues.data}
          onChange={change}
          onWant={() => setFiltersWanted(true)}
        />
        <div ref={top} className="search-status" role="status">
          <StatusLine text={status} />
        </div>
        <section aria-label="Resultados da busca" className="search-results" aria-busy={searching || undefined}>
          {!active ? (
            <Suggestions data={suggestions.data} loading={suggestions.isPending} />
          ) : results.isPending ? (
            <ResultSkeletons />
          ) : results.isError && !outcome ? (
            <RetryAlert message={SEARCH_MESSAGES.error} onRetry={() => void results.refetch()} retrying={results.isFetching} />
          ) : noMatch ? (
            <Stack gap="xl">
              <NoMatch
                state={state}
                near={outcome.near}
                onNear={(q) => change({ q })}
                onClear={() => change({ city: null, tag: null, period: null })}
              />
              <Suggestions data={suggestions.data} loading={suggestions.isPending} />
            </Stack>
          ) : outcome && outcome.hits.length === 0 ? (
            <PageGone onFirst={() => goToPage(1)} />
          ) : outcome ? (
            <Stack gap="sm" className={results.isPlaceholderData ? 'search-stale' : undefined}>
              {outcome.hits.map((hit) => (
                <ResultCard
                  key={hit.url}
                  to={hit.url}
                  title={hit.title}
                  matched={new Set(hit.matched)}
                  lead={hit.lead}
                  city={hit.city}
                  date={hit.date}
                  premium={hit.premium}
                />
              ))}
              {pages > 1 && (
                <SearchPagination total={pages} value={Math.min(state.page, pages)} onChange={goToPage} />
              )}
              {outcome.recentOnly && <ArchiveOffer state={state} since={outcome.since} onArchive={() => change({ archive: true })} />}
            </Stack>
          ) : null}
        </section>
      </Stack>
    </Container>
  );
}
