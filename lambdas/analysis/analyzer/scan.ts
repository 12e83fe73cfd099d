// Scanning an article for place names: every span that spells a municipality or a state (longest
// name first, by the gazetteer's first-word index), state abbreviations and demonyms. places.ts
// then weighs the words around each mention.
import { gazetteer, type NameEntry } from './gazetteer';
import { LINKERS, isStopword } from './lexicon';
import { TRAP_NAMES, demonymState } from './place-words';
import { fold, joinable, type ArticleText, type Token } from './text';

export interface Mention {
  /** Token span [start, end). */
  start: number;
  end: number;
  entry: NameEntry;
  /** 0 nothing, 1 a bare "de"/sentence start, 2 a preposition or a list of places, 3 a place noun or a state beside it. */
  cue: number;
  /** The state written beside the name: "(SC)", "-RN", ", no Piauí", "cidade gaúcha de". */
  qualifier?: string;
  /** Why this is not a place here, if it is not. */
  against?: string;
  /** Needs a cue or a confirmed state to count: common words, first names, surnames, saints. */
  trap: boolean;
  reading: 'city' | 'state';
  /** This state name only says where the city before it lies. */
  qualifies: boolean;
  accepted: boolean;
}

/** A state named, abbreviated or implied by a demonym or a region ("Grande Florianópolis"). */
export interface StateSignal {
  state: string;
  index: number;
  kind: 'name' | 'abbr' | 'demonym' | 'region';
}

export interface Detection {
  mentions: Mention[];
  signals: StateSignal[];
}

function matchName(tokens: Token[], i: number): { entry: NameEntry; end: number } | undefined {
  const first = tokens[i]!;
  for (const entry of gazetteer().byFirst.get(first.fold) ?? []) {
    const end = i + entry.words.length;
    if (end > tokens.length) continue;
    let ok = true;
    for (let k = 0; k < entry.words.length && ok; k++) {
      const token = tokens[i + k]!;
      ok = token.fold === entry.words[k] && token.sentence === first.sentence && (k === 0 || joinable(token.gap));
      // Every word but the linking ones is capitalized: "São José dos Campos", never "são josé".
      if (ok && !LINKERS.has(token.fold)) ok = entry.key === 'bh' ? token.allCaps : token.capitalized;
    }
    if (ok && entry.words.length === 1 && isStopword(entry.key)) ok = first.lower === entry.exact[0];
    if (ok) return { entry, end };
  }
  return undefined;
}

export const isStateAbbr = (token: Token | undefined): boolean =>
  !!token && token.allCaps && token.surface.length === 2 && gazetteer().statesByCode.has(token.surface);

/** The state of a demonym at i ("gaúcho", "mato-grossense", "sul-mato-grossense"). */
function demonymAt(tokens: Token[], i: number): string | undefined {
  const token = tokens[i]!;
  if (token.fold.startsWith('grossens')) return tokens[i - 2]?.fold === 'sul' ? 'MS' : 'MT';
  return token.capitalized && !token.sentenceStart ? undefined : demonymState(token.fold);
}

/** Scan: names by the gazetteer, then state abbreviations and demonyms among the rest. */
export function scan(text: ArticleText): Detection {
  const { tokens } = text;
  const mentions: Mention[] = [];
  const signals: StateSignal[] = [];
  const g = gazetteer();
  for (let i = 0; i < tokens.length; ) {
    const token = tokens[i]!;
    const demonym = demonymAt(tokens, i);
    // "a capital paulista" names the city itself.
    const capital = demonym && tokens[i - 1]?.fold === 'capital' && !token.sentenceStart ? g.capital(demonym) : undefined;
    if (capital) {
      const entry: NameEntry = { words: [fold(capital.name)], exact: [capital.name.toLowerCase()], key: 'capital', places: [capital], alias: true };
      mentions.push({ start: i - 1, end: i + 1, entry, cue: 3, qualifier: demonym, trap: false, reading: 'city', qualifies: false, accepted: false });
    }
    const found = capital ? undefined : matchName(tokens, i);
    if (found) {
      const trap = TRAP_NAMES.has(found.entry.key) || (found.end - i === 1 && token.zone === 'title' && text.titleCase);
      const hasCity = found.entry.places.some((place) => place.type === 'city');
      const mention: Mention = { start: i, end: found.end, entry: found.entry, cue: 0, trap, reading: hasCity ? 'city' : 'state', qualifies: false, accepted: false };
      mentions.push(mention);
      // "a capital do Tocantins" names the city; the state only says which capital.
      const state = found.entry.places.find((place) => place.type === 'state');
      const before = tokens[i - 2];
      if (state && before?.fold === 'capital' && before.sentence === token.sentence && ['de', 'do', 'da'].includes(tokens[i - 1]!.fold)) {
        const city = g.capital(state.state_code)!;
        const entry: NameEntry = { words: [fold(city.name)], exact: [city.name.toLowerCase()], key: 'capital', places: [city], alias: true };
        mentions.splice(-1, 0, { start: i - 2, end: found.end, entry, cue: 3, qualifier: state.state_code, trap: false, reading: 'city', qualifies: false, accepted: false });
        Object.assign(mention, { reading: 'state', qualifies: true });
      }
      i = found.end;
      continue;
    }
    if (isStateAbbr(token)) signals.push({ state: token.surface, index: i, kind: 'abbr' });
    if (demonym) signals.push({ state: demonym, index: i, kind: 'demonym' });
    i++;
  }
  return { mentions, signals };
}
