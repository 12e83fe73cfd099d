// Brazil's municipalities (IBGE list shipped by @brazilian-utils/brazilian-utils). An article's
// primary city is stored by IBGE code; its location_path ("campinas-sp") is the URL prefix.
import { getMunicipalities, getMunicipalityByCode } from '@brazilian-utils/brazilian-utils';
import type { ArticleLocation } from './api-types';
import { cityLabel as labelOf, slugify } from './article-rules';

export interface City {
  /** IBGE code, 7 digits. */
  code: string;
  /** location_name: the municipality's name, as the IBGE spells it. */
  name: string;
  state_code: string;
  /** location_path: slug of name and state, unique across Brazil. */
  path: string;
}

const toCity = (municipality: { code: string; name: string; stateCode: string }): City => ({
  code: municipality.code,
  name: municipality.name,
  state_code: municipality.stateCode,
  path: slugify(`${municipality.name} ${municipality.stateCode}`),
});

export function cityByCode(code: string): City | undefined {
  const municipality = getMunicipalityByCode(code);
  return municipality ? toCity(municipality) : undefined;
}

/** Every municipality, sorted as a Brazilian reader expects. */
export function allCities(): City[] {
  return getMunicipalities().map(toCity);
}

let byKey: Map<string, string[]> | undefined;

/**
 * The location_path a typed city means, for an address written by hand (`?city=Porto%20Alegre`):
 * a path as it is, or a name ('Porto Alegre', 'porto alegre', 'Porto Alegre (RS)', 'Porto Alegre RS')
 * that names one municipality only; undefined when it names none, or several ('Bom Jesus').
 */
export function cityPathOf(value: string): string | undefined {
  if (!byKey) {
    byKey = new Map();
    for (const city of allCities()) {
      // Keyed by path ('porto-alegre-rs') and by name alone ('porto-alegre'), each with its paths.
      for (const key of new Set([city.path, slugify(city.name)])) byKey.set(key, [...(byKey.get(key) ?? []), city.path]);
    }
  }
  const paths = byKey.get(slugify(value.slice(0, 120))) ?? [];
  return paths.length === 1 ? paths[0] : undefined;
}

/** "Campinas (SP)" */
export const cityLabel = (city: { name: string; state_code: string }) => labelOf(city.name, city.state_code);

/** The article_locations entry of an article's primary city. */
export const primaryLocationOf = (city: City): ArticleLocation => ({
  location_type: 'city',
  code: city.code,
  location_name: city.name,
  state_code: city.state_code,
  location_path: city.path,
  confidence: 1,
  is_primary: true,
});
