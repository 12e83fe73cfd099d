// The gazetteer: Brazil's 5,570 municipalities (IBGE list, via shared/cities.ts) and 27 states,
// indexed by the first word of each name so a text is scanned in one pass. Built once per
// container on first use (about 20 ms) and kept.
import { getStates } from '@brazilian-utils/brazilian-utils';
import { slugify } from '../../../shared/article-rules';
import { allCities } from '../../../shared/cities';
import { ALIASES, CAPITALS, LARGE_CITIES } from './place-words';
import { fold } from './text';

export interface Place {
  type: 'city' | 'state';
  /** IBGE code: 7 digits for a municipality, 2 for a state. */
  code: string;
  name: string;
  state_code: string;
  /** City: the URL prefix ("campinas-sp"). State: the slug of its name (states are never a prefix). */
  location_path: string;
}

/** One spelling of a name and every place it may stand for (homonyms, a state and its capital). */
export interface NameEntry {
  /** Folded words: ['sao', 'jose', 'dos', 'campos']. */
  words: string[];
  /** Lower case with accents: a one-word name that folds to a common word must match exactly ("Pará", not "Para"). */
  exact: string[];
  key: string;
  places: Place[];
  alias: boolean;
}

export interface Gazetteer {
  /** Entries by their first folded word, longest names first. */
  byFirst: Map<string, NameEntry[]>;
  statesByCode: Map<string, Place>;
  cityByCode: Map<string, Place>;
  /** 0 for an ordinary town, up to 3 for a capital: the reading to prefer when nothing else tells. */
  prior(place: Place): number;
  capital(stateCode: string): Place | undefined;
}

/** Folded words of a name, split as text.ts splits an article: "Ji-Paraná" -> ['ji', 'parana']. */
export const nameWords = (name: string): string[] => fold(name.replace(/[’‘]/g, "'")).split(/[^a-z0-9']+/).filter(Boolean);

function build(): Gazetteer {
  const entries = new Map<string, NameEntry>();
  const add = (name: string, place: Place, alias = false) => {
    const words = nameWords(name);
    const key = words.join(' ');
    const exact = name.toLowerCase().split(/[\s-]+/);
    const entry = entries.get(key) ?? { words, exact, key, places: [], alias };
    entry.places.push(place);
    entries.set(key, entry);
  };

  const cityByCode = new Map<string, Place>();
  const cityByName = new Map<string, Place>();
  for (const city of allCities()) {
    const place: Place = { type: 'city', code: city.code, name: city.name, state_code: city.state_code, location_path: city.path };
    cityByCode.set(city.code, place);
    cityByName.set(`${fold(city.name)}/${city.state_code}`, place);
    add(city.name, place);
  }
  const statesByCode = new Map<string, Place>();
  for (const state of getStates()) {
    const place: Place = { type: 'state', code: String(state.ibgeCode), name: state.name, state_code: state.code, location_path: slugify(state.name) };
    statesByCode.set(state.code, place);
    add(state.name, place);
  }
  const lookup = (nameAndState: string) => {
    const [name = '', state = ''] = nameAndState.split('/');
    return cityByName.get(`${fold(name)}/${state}`);
  };
  for (const [alias, target] of Object.entries(ALIASES)) {
    const place = lookup(target);
    if (place) add(alias, place, true);
    // "o Rio" is the city or the state, as "Rio de Janeiro" is.
    const state = place && statesByCode.get(place.state_code);
    if (state && state.name === place.name) add(alias, state, true);
  }

  const byFirst = new Map<string, NameEntry[]>();
  for (const entry of entries.values()) {
    const list = byFirst.get(entry.words[0]!) ?? [];
    list.push(entry);
    byFirst.set(entry.words[0]!, list);
  }
  for (const list of byFirst.values()) list.sort((a, b) => b.words.length - a.words.length);

  const priors = new Map<string, number>();
  const large = LARGE_CITIES.split(/\s*(?:\n|(?<=\/[A-Z]{2})\s)\s*/).filter(Boolean);
  large.forEach((nameAndState, rank) => {
    const place = lookup(nameAndState);
    if (place) priors.set(place.code, 2 - rank / large.length);
  });
  const capitals = new Map<string, Place>();
  for (const [state, name] of Object.entries(CAPITALS)) {
    const place = lookup(`${name}/${state}`);
    if (place) {
      capitals.set(state, place);
      priors.set(place.code, 3);
    }
  }
  return {
    byFirst,
    statesByCode,
    cityByCode,
    prior: (place) => (place.type === 'state' ? 0 : (priors.get(place.code) ?? 0)),
    capital: (state) => capitals.get(state),
  };
}

let instance: Gazetteer | undefined;

/** The one gazetteer of this container (lazy: a Lambda that never analyzes never builds it). */
export function gazetteer(): Gazetteer {
  instance ??= build();
  return instance;
}
