// The options of a filter's select from the index's values (facets.json): the chosen one always (even
// before the values arrive, or gone from the index), in alphabetical order with accents ignored. Pure.
import { foldWord } from './highlight';

export interface FilterOption {
  value: string;
  label: string;
}

const sortKey = (value: string) => value.split(/\s+/).map(foldWord).join(' ');

export function filterOptions(values: readonly string[] | undefined, selected: string | null): FilterOption[] {
  const all = new Set(values ?? []);
  if (selected) all.add(selected);
  return [...all]
    .map((value) => ({ value, label: value, key: sortKey(value) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ value, label }) => ({ value, label }));
}
