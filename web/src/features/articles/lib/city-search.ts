// Accent-insensitive city search for the 5,571-entry select: every typed word must appear in the label,
// labels that start with the search come first ("campinas" ranks "Campinas (SP)" before "Vargem Grande Paulista").
import { foldAccents } from '../../../../../shared/article-rules';

export interface SearchableOption {
  value: string;
  label: string;
}

/** 'São João d'Aliança (GO)' -> 'sao joao d alianca go' */
export function foldSearchText(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();
}

/** `folded` maps an option's value to foldSearchText(label), computed once for the whole list. */
export function searchOptions<T extends SearchableOption>(
  options: readonly T[],
  search: string,
  limit: number,
  folded: ReadonlyMap<string, string>,
): T[] {
  const query = foldSearchText(search);
  if (!query) return options.slice(0, limit);
  const words = query.split(' ');
  const leading: T[] = [];
  const others: T[] = [];
  for (const option of options) {
    const label = folded.get(option.value) ?? foldSearchText(option.label);
    if (!words.every((word) => label.includes(word))) continue;
    if (label.startsWith(query)) leading.push(option);
    else if (others.length < limit) others.push(option);
  }
  return [...leading, ...others].slice(0, limit);
}
