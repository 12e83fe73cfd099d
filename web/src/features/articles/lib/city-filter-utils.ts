// Labels and ranking of the home's city filter (no UI: shared by the card and its picker).
import type { CityCount } from '../../../../../shared/api-types';
import { ARTICLE_LIMITS, cityLabel as labelOf, rankCities } from '../../../../../shared/article-rules';

/** 'Campinas (SP)' */
export function cityLabel(city: Pick<CityCount, 'location_name' | 'state_code'>): string {
  return labelOf(city.location_name, city.state_code);
}

/** The most articles first (ties by name), at most ARTICLE_LIMITS.popularCities. */
export function popularCities(cities: readonly CityCount[]): CityCount[] {
  return rankCities(cities).slice(0, ARTICLE_LIMITS.popularCities);
}
