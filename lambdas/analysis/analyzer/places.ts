// Finding place names in an article and weighing the words around each: capitals, a preposition
// ("em Natal"), a place noun ("prefeitura de Vitória") or a state beside it ("São José (SC)") speak
// for a place; an article ("no Natal"), a person's title, a feast or a longer proper name around it
// ("Avenida Paulista") speak against.
import { LINKERS } from './lexicon';
import {
  ARTICLES, ARTICLE_TOWNS, NAMED_THINGS, NOT_PLACE_CUES, PERSON_BEFORE, PLACE_NOUNS, PLACE_PREPOSITIONS, SPEECH_AFTER, STATE_NOUNS,
  STREET_NOUNS, WATER_NOUNS,
} from './place-words';
import { gazetteer } from './gazetteer';
import { isStateAbbr, scan, type Detection, type Mention } from './scan';
import { joinable, type ArticleText } from './text';

export type { Detection, Mention, StateSignal } from './scan';

const FEMININE_OR_PREPOSITION = new Set(['a', 'à']);

/** The words around one mention: cue, qualifier, reading and what speaks against it. */
function weigh(mention: Mention, text: ArticleText, detection: Detection, previous: Mention | undefined) {
  const { tokens } = text;
  const first = tokens[mention.start]!;
  const near = (k: number) => (tokens[k]?.sentence === first.sentence ? tokens[k] : undefined);
  const p1 = mention.start > 0 && !first.sentenceStart ? near(mention.start - 1) : undefined;
  const p2 = p1 ? near(mention.start - 2) : undefined;
  const n1 = near(mention.end);
  const key = mention.entry.key;
  const bothReadings = mention.entry.places.some((place) => place.type === 'state') && mention.reading === 'city';
  const nounBefore = p1 && LINKERS.has(p1.fold) ? p2 : p1;

  // Cue.
  if (mention.cue < 3 && p1) {
    if (['de', 'do', 'da', 'dos', 'das'].includes(p1.fold) && p2 && PLACE_NOUNS.has(p2.fold)) mention.cue = 3;
    else if (PLACE_PREPOSITIONS.has(p1.fold)) mention.cue = p1.fold === 'em' ? 3 : 2;
    else if (previous && previous.accepted && (previous.end === mention.start && /^\s*,\s*$/.test(first.gap) || (p1.fold === 'e' && previous.end === mention.start - 1)))
      mention.cue = Math.max(2, Math.min(previous.cue, 2)); // a list: "Canoas, Esteio e Sapucaia"
    else if (p1.fold === 'de') mention.cue = 1;
  }
  if (!p1) mention.cue = Math.max(mention.cue, 1);

  // Qualifier after: "(SC)", "-RN", "/SP", ", SP".
  const inState = (state: string) => mention.entry.places.some((place) => place.type === 'city' && place.state_code === state);
  if (n1 && isStateAbbr(n1) && /^\s*[(/,–—-]\s*$/.test(n1.gap) && inState(n1.surface)) mention.qualifier = n1.surface;
  // Qualifier after a comma: ", no Piauí", ", na região central gaúcha", ", no interior de São Paulo".
  if (!mention.qualifier && n1 && /^\s*[,(–—]\s*$/.test(n1.gap) && mention.reading === 'city') {
    // Not a river or a valley named after a state: "Aparecida, no Vale do Paraíba" is in São Paulo.
    const watery = (other: Mention) => [tokens[other.start - 1], tokens[other.start - 2]].some((token) => token && WATER_NOUNS.has(token.fold));
    const next = detection.mentions.find(
      (other) => other.start >= mention.end && other.start <= mention.end + 5 && other.entry.places.some((p) => p.type === 'state' && inState(p.state_code)) && !watery(other),
    );
    const signal = detection.signals.find((s) => s.kind !== 'abbr' && s.index >= mention.end && s.index <= mention.end + 5 && inState(s.state));
    const state = next?.entry.places.find((p) => p.type === 'state');
    if (next && state && tokens[next.start]!.sentence === first.sentence) {
      mention.qualifier = state.state_code;
      next.qualifies = true;
      next.reading = 'state';
    } else if (signal && tokens[signal.index]!.sentence === first.sentence) mention.qualifier = signal.state;
    // ", vizinha de João Pessoa": a town of one state only, right after, places a shared name in that state.
    const neighbour = detection.mentions.find((other) => other.start > mention.end && other.start <= mention.end + 4 && !other.trap);
    const only = neighbour?.entry.places.length === 1 ? neighbour.entry.places[0]! : undefined;
    if (!mention.qualifier && only?.type === 'city' && tokens[neighbour!.start]!.sentence === first.sentence && inState(only.state_code)) {
      mention.qualifier = only.state_code;
    }
  }
  // Qualifier before: "o município piauiense de Bom Jesus", "a cidade gaúcha de Santa Maria".
  if (!mention.qualifier && p1?.fold === 'de') {
    const signal = detection.signals.find((s) => s.kind === 'demonym' && s.index >= mention.start - 3 && s.index < mention.start - 1 && inState(s.state));
    if (signal && tokens[signal.index]!.sentence === first.sentence) mention.qualifier = signal.state;
  }
  if (mention.qualifier) mention.cue = 3;

  // State or city, for names that are both ("São Paulo", "Rio de Janeiro", "Paraná", "Goiás").
  if (bothReadings) {
    const statey = (nounBefore && STATE_NOUNS.has(nounBefore.fold)) || (p1 && STATE_NOUNS.has(p1.fold));
    const capital = mention.entry.places.some((place) => place.type === 'city' && gazetteer().prior(place) >= 3);
    if (statey || (!capital && !mention.qualifier && !(nounBefore && PLACE_NOUNS.has(nounBefore.fold)))) mention.reading = 'state';
  }

  // Against.
  const article = p1 && joinable(first.gap) && ARTICLES.has(p1.fold);
  const townTakesArticle = ARTICLE_TOWNS.has(key) || mention.reading === 'state';
  if (article && !townTakesArticle && !(FEMININE_OR_PREPOSITION.has(p1.fold) && !mention.trap)) mention.against = 'article';
  const town = mention.reading === 'city';
  if (town && p1 && joinable(first.gap) && PERSON_BEFORE.has(p1.fold)) mention.against = 'person';
  if (town && n1 && SPEECH_AFTER.has(n1.fold) && /^\s*,?\s*$/.test(n1.gap)) mention.against = 'person';
  // "terminal Ouro Verde", "bairro Forquilhinhas": a thing named after a town, or a neighbourhood.
  if (town && p1 && !p1.capitalized && joinable(first.gap) && NAMED_THINGS.has(p1.fold)) mention.against = 'named-thing';
  // "rua Bahia", "bairros Petrópolis e Menino Deus", "bairro do Rio Vermelho", "Praia de Iracema": a street,
  // a neighbourhood or a beach of the article's city (but "bairros de Canoas" are the town's).
  if (p1 && !p1.capitalized && joinable(first.gap) && (STREET_NOUNS.has(p1.fold) || p1.fold === 'bairros')) mention.against = 'street';
  if (p1 && LINKERS.has(p1.fold) && p1.fold !== 'e' && p2 && STREET_NOUNS.has(p2.fold) && !mention.qualifier) mention.against = 'street';
  const titleCase = first.zone === 'title' && text.titleCase;
  const gluedBefore = p1 && p1.capitalized && joinable(first.gap) && !PLACE_PREPOSITIONS.has(p1.fold) && !ARTICLES.has(p1.fold) && !LINKERS.has(p1.fold) && !isStateAbbr(p1);
  const gluedAfter = n1 && n1.capitalized && !n1.allCaps && joinable(n1.gap) && !n1.gap.includes('-');
  if (!titleCase && (gluedBefore || gluedAfter)) mention.against = 'longer-name';
  if (gluedBefore && p1?.fold === 'grande' && mention.entry.places.length === 1) {
    detection.signals.push({ state: mention.entry.places[0]!.state_code, index: mention.start, kind: 'region' });
  }
  // "rio Acre", "rio Gravataí"; "bacia do Paraná", "Vale do Paraíba" (a state's name only: "lago de Palmas" is the town's lake).
  const water = (p1 && !p1.capitalized && WATER_NOUNS.has(p1.fold)) || (!town && p1 && LINKERS.has(p1.fold) && p2 && WATER_NOUNS.has(p2.fold));
  if (water) mention.against = 'water';
  if (p1?.fold === 'de' && p2 && ['dia', 'noite', 'festa', 'festas', 'ceia'].includes(p2.fold) && mention.trap) mention.against = 'feast';
  // "São João de Caruaru", "Porto de Galinhas": a feast of the town named after it, or a longer name.
  const n2 = n1 && near(mention.end + 1);
  if (mention.trap && !mention.qualifier && n1 && LINKERS.has(n1.fold) && n1.fold !== 'e' && n2?.capitalized && joinable(n2.gap)) mention.against = 'longer-name';
  if (mention.trap && !mention.qualifier) {
    for (let k = mention.start - 3; k < mention.end + 3; k++) {
      const token = near(k);
      if (token && (k < mention.start || k >= mention.end) && NOT_PLACE_CUES.has(token.fold)) mention.against = 'context';
    }
  }
}

/** All place mentions of an article, weighed; `accepted` is settled by resolve.ts, which sees the whole article. */
export function detectPlaces(text: ArticleText): Detection {
  const detection = scan(text);
  // A single-word name also written in lower case in the same article is a word here ("vitória").
  const lowerWords = new Set(text.tokens.filter((token) => !token.capitalized).map((token) => token.fold));
  let previous: Mention | undefined;
  for (const mention of detection.mentions) {
    if (mention.entry.key === 'capital') {
      mention.accepted = true; // "capital paulista": the cue is the name itself
      previous = mention;
      continue;
    }
    if (mention.entry.words.length === 1 && lowerWords.has(mention.entry.key)) mention.trap = true;
    weigh(mention, text, detection, previous);
    const first = text.tokens[mention.start]!;
    const uncertainCapital = first.sentenceStart || (first.zone === 'title' && text.titleCase);
    mention.accepted = !mention.against && (!mention.trap || mention.cue >= 2) && !(uncertainCapital && mention.trap);
    previous = mention;
  }
  // A name that is a street or a neighbourhood once is that street or neighbourhood all through the
  // article ("no bairro de Campo Grande... moradores de Campo Grande"), unless a state is written beside it.
  const streets = new Set(detection.mentions.filter((mention) => mention.against === 'street').map((mention) => mention.entry.key));
  for (const mention of detection.mentions) {
    if (!streets.has(mention.entry.key) || mention.qualifier || mention.against) continue;
    mention.against = 'street';
    mention.accepted = false;
  }
  return detection;
}
