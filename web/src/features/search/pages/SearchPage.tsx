// /busca (issue "Search"): the archive's search over the static Pagefind index, in the browser. The
// server renders the empty search (form, filters, "Mais lidas"): the edge serves that HTML for any q,
// so the address's query is read after hydration (hooks/useSearchState) and the index's script is
// loaded only when a search runs. The results' box keeps its height while they load (no layout shift).
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Button, Container, Group, Pagination, Paper, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { SEARCH_PAGE_PATH, SEARCH_PAGE_SIZE } from '../../../../../shared/search';
import { RetryAlert } from '../../../components/RetryAlert';
import { formatNumber } from '../../../lib/format';
import { pageTitle, usePageMeta } from '../../../lib/page-meta';
import { usePageView } from '../../audience/page-view';
import { ResultCard, ResultSkeletons } from '../components/ResultCard';
import { SearchFilters } from '../components/SearchFilters';
import { Suggestions } from '../components/Suggestions';
import { useFilterValues, useSearchResults, useSuggestions } from '../hooks/useSearch';
import { useSearchState } from '../hooks/useSearchState';
import { isActiveSearch, pageCount, type SearchState } from '../lib/params';

const SEARCH_MESSAGES = {
  error: 'Não foi possível carregar a busca. Tente novamente.',
  description: 'Busque notícias, reportagens e artigos de todo o arquivo do Portal Plural, por cidade, tag e período.',
};
/** The pause after a keystroke before the address (and so the search) follows the input. */
const TYPING_DEBOUNCE_MS = 150;

const quoted = (q: string) => `“${q}”`;

function resultCount(total: number, q: string): string {
  const count = `${formatNumber(total)} ${total === 1 ? 'resultado' : 'resultados'}`;
  return q ? `${count} para ${quoted(q)}` : count;
}

function NoMatch({ state, onClear }: { state: SearchState; onClear: () => void }) {
  const filtered = Boolean(state.city || state.tag || state.period);
  return (
    <Paper withBorder radius="md" p="lg">
      <Stack gap="xs">
        <Text fw={700} size="lg">
          {state.q ? `Nenhum resultado para ${quoted(state.q)}.` : 'Nenhum resultado com esses filtros.'}
        </Text>
        <ul className="search-tips">
          <li>Confira a grafia das palavras.</li>
          <li>Tente termos mais gerais, ou menos palavras.</li>
          {filtered && <li>Busque sem os filtros de cidade, tag ou período.</li>}
        </ul>
        {filtered && (
          <Group>
            <Button variant="light" size="xs" onClick={onClear}>
              Limpar filtros
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}

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

  usePageMeta(state.q ? pageTitle(`Busca: ${state.q}`) : pageTitle('Busca'), SEARCH_MESSAGES.description);
  usePageView();

  const change = (next: Partial<SearchState>) => {
    clearTimeout(typing.current);
    setState({ ...latest.current, q: text.trim(), page: 1, ...next });
  };

  const onType = (value: string) => {
    setText(value);
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

  let status = 'Digite o que procura: um assunto, um nome, uma cidade.';
  if (active && results.isPending) status = 'Buscando…';
  else if (active && results.isError && !outcome) status = '';
  else if (outcome && outcome.total > 0) status = resultCount(outcome.total, state.q);
  else if (noMatch) status = '';

  return (
    <Container size="md" py="md" data-island="audience">
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
          {status && (
            <Text size="sm" c="dimmed" fw={500}>
              {status}
            </Text>
          )}
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
              <NoMatch state={state} onClear={() => change({ city: null, tag: null, period: null })} />
              <Suggestions data={suggestions.data} loading={suggestions.isPending} />
            </Stack>
          ) : outcome && outcome.hits.length === 0 ? (
            <Paper withBorder radius="md" p="lg">
              <Stack gap="xs" align="flex-start">
                <Text>Esta página da busca não existe mais.</Text>
                <Button variant="light" size="xs" onClick={() => goToPage(1)}>
                  Ir para a primeira página
                </Button>
              </Stack>
            </Paper>
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
                <Group justify="center" mt="sm">
                  <Pagination total={pages} value={Math.min(state.page, pages)} onChange={goToPage} size="sm" aria-label="Páginas da busca" />
                </Group>
              )}
            </Stack>
          ) : null}
        </section>
      </Stack>
    </Container>
  );
}
