import { describe, expect, it } from 'vitest';
import type { CityCount } from '../../shared/api-types';
import { cityLabel, popularCities } from '../../web/src/features/articles/lib/city-filter-utils';
import { searchCities } from '../../web/src/features/articles/lib/city-picker-search';
import { rankCities } from '../../shared/article-rules';
import { allCities, cityPathOf } from '../../shared/cities';

const city = (location_name: string, state_code: string, count: number): CityCount => ({
  location_path: `${state_code.toLowerCase()}/${location_name.toLowerCase()}`,
  location_name,
  state_code,
  count,
});

const CITIES = [
  city('Campinas', 'SP', 4),
  city('São Paulo', 'SP', 9),
  city('Recife', 'PE', 4),
  city('Belém', 'PA', 1),
  city('Curitiba', 'PR', 2),
  city('Natal', 'RN', 3),
];

describe('the home city filter', () => {
  it('labels a city with its state', () => {
    expect(cityLabel(CITIES[0]!)).toBe('Campinas (SP)');
  });
  it('searches without accents or case, by name or state', () => {
    expect(searchCities(CITIES, 'sao').map((c) => c.location_name)).toEqual(['São Paulo']);
    expect(searchCities(CITIES, 'BELEM').map((c) => c.location_name)).toEqual(['Belém']);
    expect(searchCities(CITIES, 'pe').map((c) => c.location_name)).toEqual(['Recife']);
    expect(searchCities(CITIES, '  ')).toHaveLength(CITIES.length);
    expect(searchCities(CITIES, 'xyz')).toEqual([]);
  });
  it('ranks the five cities with the most articles', () => {
    expect(popularCities(CITIES).map((c) => c.location_name)).toEqual(['São Paulo', 'Campinas', 'Recife', 'Natal', 'Curitiba']);
  });
  it('breaks ties by name in the order pt-BR collation gives, for every municipality of Brazil', () => {
    const tied = allCities().map((each) => city(each.name, each.state_code, 1));
    const collator = new Intl.Collator('pt-BR');
    const expected = [...tied].sort((a, b) => collator.compare(a.location_name, b.location_name)).map((each) => each.location_name);
    expect(rankCities(tied).map((each) => each.location_name)).toEqual(expected);
  });
});

describe('a city typed by hand in ?city=', () => {
  it('is its location_path when it names one municipality, by name, name and state, or path', () => {
    for (const typed of ['Porto Alegre', 'porto alegre', 'Porto Alegre (RS)', 'Porto Alegre RS', 'porto-alegre', 'porto-alegre-rs']) {
      expect(cityPathOf(typed), typed).toBe('porto-alegre-rs');
    }
    expect(cityPathOf('São Paulo')).toBe('sao-paulo-sp');
  });

  it('is nothing when it names none, or several', () => {
    expect(cityPathOf('Bom Jesus')).toBeUndefined();
    expect(cityPathOf('Bom Jesus (PI)')).toBe('bom-jesus-pi');
    expect(cityPathOf('Cidade Que Não Existe')).toBeUndefined();
    expect(cityPathOf('')).toBeUndefined();
  });
});
