// The search of the home's city picker: apart from city-filter-utils so that it loads with the picker, not with the home.
import type { CityCount } from '../../../../../shared/api-types';
import { foldAccents as fold } from '../../../../../shared/article-rules';

/** Cities whose name or state contains the search, without accents or case. */
export function searchCities(cities: readonly CityCount[], search: string): readonly CityCount[] {
  const query = fold(search.trim());
  if (!query) return cities;
  return cities.filter((city) => fold(`${city.location_name} ${city.state_code}`).includes(query));
}
