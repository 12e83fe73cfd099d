// The filters of the search (city, tag, period) and its order, as native selects: light, and usable
// on a phone's own picker. Their values are the index's (facets.json). The names are the address's
// parameters; the search island (web/src/islands/search.island.ts) finds the selects by them.
import { NativeSelect } from '@mantine/core';
import { SEARCH_FILTERS, SEARCH_PERIODS, type SearchFacets, type SearchPeriod } from '../../../../../shared/search';
import { filterOptions } from '../lib/filters';
import { SORT_PARAM, type SearchSort, type SearchState } from '../lib/params';

interface SearchFiltersProps {
  state: SearchState;
  facets: SearchFacets | undefined;
  onChange(next: Partial<SearchState>): void;
  /** The reader reached for a filter: time to load the values. */
  onWant(): void;
}

export function SearchFilters({ state, facets, onChange, onWant }: SearchFiltersProps) {
  const periods = SEARCH_PERIODS.map((period) => ({ value: period.value, label: period.label }));
  return (
    <div className="search-filters" role="group" aria-label="Filtros da busca" onPointerEnter={onWant} onFocus={onWant} onTouchStart={onWant}>
      <NativeSelect
        label="Cidade"
        name={SEARCH_FILTERS.city}
        size="sm"
        value={state.city ?? ''}
        onChange={(event) => onChange({ city: event.currentTarget.value || null })}
        data={[{ value: '', label: 'Todas as cidades' }, ...filterOptions(facets?.cities, state.city)]}
      />
      <NativeSelect
        label="Tag"
        name={SEARCH_FILTERS.tag}
        size="sm"
        value={state.tag ?? ''}
        onChange={(event) => onChange({ tag: event.currentTarget.value || null })}
        data={[{ value: '', label: 'Todas as tags' }, ...filterOptions(facets?.tags, state.tag)]}
      />
      <NativeSelect
        label="Período"
        name={SEARCH_FILTERS.period}
        size="sm"
        value={state.period ?? ''}
        onChange={(event) => onChange({ period: (event.currentTarget.value || null) as SearchPeriod | null })}
        data={[{ value: '', label: 'Qualquer data' }, ...periods]}
      />
      <NativeSelect
        label="Ordenar por"
        name={SORT_PARAM}
        size="sm"
        value={state.sort}
        onChange={(event) => onChange({ sort: event.currentTarget.value as SearchSort })}
        data={[
          { value: 'relevancia', label: 'Relevância' },
          { value: 'recentes', label: 'Mais recentes' },
        ]}
      />
    </div>
  );
}
