// The options of a filter's select from Pagefind's counts: values that still have results, the chosen
// one always (even at 0, or before the counts arrive), in alphabetical order with accents ignored. Pure.
import { foldWord } from './highlight';

export interface FilterOption {
  value: string;
  label: string;
}

const sortKey = (value: string) => value.split(/\s+/).map(foldWord).join(' ');

export function filterOptions(counts: Record<string, number> | undefined, selected: string | null): FilterOption[] {
  const entries = Object.entries(counts ?? {}).filter(([value, count]) => count > 0 || value === selected);
  if (selected && !entries.some(([value]) => value === selected)) entries.push([selected, -1]);
  return entries
    .map(([value, count]) => ({ value, label: count >= 0 ? `${value} (${count})` : value, key: sortKey(value) }))
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map(({ value, label }) => ({ value, label }));
}
