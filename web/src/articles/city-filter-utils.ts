// Labels, search and ranking of the home's city filter (no UI: shared by the card and its picker).
import type { CityCount } from '../../../shared/api-types';
import { ARTICLE_LIMITS } from '../../../shared/article-rules';

/** 'Campinas (SP)' */
export function cityLabel(city: Pick<CityCount, 'location_name' | 'state_code'>): string {
  return city.state_code ? `${city.location_name} (${city.state_code})` : city.location_name;
}

/** Lower case without accents, so 'sao paulo' finds 'São Paulo'. */
function fold(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

export function searchCities(cities: readonly CityCount[], search: string): readonly CityCount[] {
  const query = fold(search.trim());
  if (!query) return cities;
  return cities.filter((city) => fold(`${city.location_name} ${city.state_code}`).includes(query));
}

/** The most articles first (ties by name), at most ARTICLE_LIMITS.popularCities. */
export function popularCities(cities: readonly CityCount[]): CityCount[] {
  return [...cities]
    .sort((a, b) => b.count - a.count || a.location_name.localeCompare(b.location_name, 'pt-BR'))
    .slice(0, ARTICLE_LIMITS.popularCities);
}
