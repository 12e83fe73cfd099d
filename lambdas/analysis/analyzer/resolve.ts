// From mentions to locations: confirm the doubtful names with the rest of the article, tell
// homonyms apart (state beside the name > states and towns named elsewhere > capital or size),
// turn the evidence into a confidence, and pick the primary city.
import type { AnalysisLocation } from '../../../shared/api-types';
import { gazetteer, type Place } from './gazetteer';
import { stem } from './lexicon';
import { NO_LEARNING, placeFactor, primaryBonus, type LearningStats } from './learning';
import { ARTICLES, DF_LOCAL_CUES, FEDERAL_CUES, PLACE_PREPOSITIONS } from './place-words';
import type { Detection, Mention } from './places';
import { isContent } from './phrases';
import { onlyMentioned, PASSING_CAP } from './roles';
import type { ArticleText } from './text';

const BRASILIA = '5300108';
const CONTEXT_WORDS = 6;
const MIN_CONFIDENCE = 0.35;

interface Found {
  place: Place;
  mentions: Mention[];
  confidence: number;
  /** Only the federal government's seat ("em Brasília, o Congresso..."): never the primary. */
  seat: boolean;
  /** Only mentioned in passing (roles.ts): shown, never preselected nor the primary. */
  passing?: boolean;
}

/** Stems of the content words around a place's mentions (six each side, within its zone): what learning compares contexts by. */
export function placeContext(text: ArticleText, mentions: readonly Mention[]): Set<string> {
  const stems = new Set<string>();
  const walk = (from: number, step: number, zone: string) => {
    for (let k = from, taken = 0; taken < CONTEXT_WORDS && text.tokens[k]?.zone === zone; k += step) {
      const token = text.tokens[k]!;
      if (isContent(token)) {
        stems.add(stem(token.lower));
        taken++;
      }
    }
  };
  for (const mention of mentions) {
    const zone = text.tokens[mention.start]!.zone;
    walk(mention.start - 1, -1, zone);
    walk(mention.end, 1, zone);
  }
  return stems;
}

const cityPlaces = (mention: Mention) => mention.entry.places.filter((place) => place.type === 'city');

/** States the article speaks of: names, abbreviations, demonyms, regions, and its unambiguous towns. */
function stateEvidence(detection: Detection): Map<string, number> {
  const evidence = new Map<string, number>();
  const add = (state: string) => evidence.set(state, (evidence.get(state) ?? 0) + 1);
  for (const signal of detection.signals) add(signal.state);
  for (const mention of detection.mentions) {
    if (!mention.accepted) continue;
    if (mention.reading === 'state') add(mention.entry.places.find((place) => place.type === 'state')!.state_code);
    else if (cityPlaces(mention).length === 1 && !mention.trap) add(cityPlaces(mention)[0]!.state_code);
  }
  return evidence;
}

/** Doubtful names (traps without a cue) count when their state is confirmed or the same name was. */
function confirmTraps(detection: Detection, evidence: Map<string, number>) {
  const confirmed = new Set(detection.mentions.filter((m) => m.accepted).map((m) => m.entry.key));
  for (const mention of detection.mentions) {
    if (mention.accepted || mention.against || mention.reading !== 'city') continue;
    const stateKnown = mention.cue >= 1 && cityPlaces(mention).some((place) => evidence.has(place.state_code));
    if (confirmed.has(mention.entry.key) || stateKnown) mention.accepted = true;
  }
}

/** The town a name stands for, and how sure that reading is (1 when it has no homonym). */
function choose(places: Place[], mentions: Mention[], evidence: Map<string, number>, learning: LearningStats): { place: Place; certainty: number } {
  if (places.length === 1) return { place: places[0]!, certainty: 1 };
  const qualifiers = new Set(mentions.map((m) => m.qualifier).filter(Boolean));
  const scored = places
    .map((place) => {
      const feedback = learning.places[place.code];
      const learned = feedback ? Math.min(1, (feedback.approved - feedback.rejected) / 5) : 0;
      const stated = qualifiers.has(place.state_code) ? 10 : 0;
      return { place, score: stated + 1.5 * Math.min(3, evidence.get(place.state_code) ?? 0) + gazetteer().prior(place) + learned };
    })
    .sort((a, b) => b.score - a.score);
  const margin = scored[0]!.score - scored[1]!.score;
  return { place: scored[0]!.place, certainty: margin >= 3 ? 1 : margin >= 1.5 ? 0.92 : margin > 0.5 ? 0.8 : 0.6 };
}

/** Confidence from the best cue, repetition and prominence, before homonyms and learning. */
function baseConfidence(mentions: Mention[], text: ArticleText): number {
  const best = Math.max(...mentions.map((m) => m.cue));
  const confirmedOnly = mentions.every((m) => m.trap && m.cue < 2);
  let confidence = confirmedOnly ? 0.72 : [0.78, 0.8, 0.85, 0.9][best]!;
  confidence += Math.min(0.09, 0.03 * (mentions.length - 1));
  if (mentions.some((m) => text.tokens[m.start]!.zone !== 'body')) confidence += 0.03;
  return confidence;
}

function isSeatOnly(text: ArticleText, evidence: Map<string, number>): boolean {
  const folds = new Set(text.tokens.map((token) => token.fold));
  const federal = [...FEDERAL_CUES].some((cue) => folds.has(cue));
  const local = [...DF_LOCAL_CUES].some((cue) => folds.has(cue)) || (evidence.get('DF') ?? 0) > 1;
  return federal && !local;
}

const round = (value: number) => Math.round(Math.min(0.99, value) * 100) / 100;
const locationOf = (found: Found): AnalysisLocation => ({
  name: found.place.name,
  state_code: found.place.state_code,
  code: found.place.code,
  location_path: found.place.location_path,
  type: found.place.type,
  confidence: round(found.confidence),
});

/** Locations (most confident first) and the primary city of an article. */
export function resolvePlaces(text: ArticleText, detection: Detection, learning: LearningStats = NO_LEARNING) {
  let evidence = stateEvidence(detection);
  confirmTraps(detection, evidence);
  evidence = stateEvidence(detection);
  const found = new Map<string, Found>();
  const add = (place: Place, mention: Mention) => {
    const entry = found.get(place.code) ?? { place, mentions: [], confidence: 0, seat: false };
    entry.mentions.push(mention);
    found.set(place.code, entry);
  };
  const byName = new Map<string, Mention[]>();
  for (const mention of detection.mentions) {
    if (!mention.accepted) continue;
    if (mention.reading === 'state') {
      if (!mention.qualifies) add(mention.entry.places.find((place) => place.type === 'state')!, mention);
      continue;
    }
    byName.set(mention.entry.key, [...(byName.get(mention.entry.key) ?? []), mention]);
  }
  for (const mentions of byName.values()) {
    const { place, certainty } = choose(cityPlaces(mentions[0]!), mentions, evidence, learning);
    for (const mention of mentions) add(place, mention);
    found.get(place.code)!.confidence = certainty; // multiplied by the base below
  }
  // "em SP", "no RS": an abbreviation that qualifies no town stands for its state.
  for (const signal of detection.signals) {
    if (signal.kind !== 'abbr') continue;
    const qualifier = detection.mentions.some((m) => m.end === signal.index && m.qualifier === signal.state);
    const before = text.tokens[signal.index - 1];
    if (!qualifier && before && (PLACE_PREPOSITIONS.has(before.fold) || ARTICLES.has(before.fold))) {
      const state = gazetteer().statesByCode.get(signal.state)!;
      const entry = found.get(state.code) ?? { place: state, mentions: [], confidence: 0.75, seat: false };
      found.set(state.code, entry);
    }
  }
  const seatOnly = isSeatOnly(text, evidence);
  for (const item of found.values()) {
    if (!item.mentions.length) continue; // abbreviation-only states keep their 0.75
    const certainty = item.place.type === 'city' ? item.confidence : 1;
    item.confidence = baseConfidence(item.mentions, text) * certainty * placeFactor(learning, item.place.code, placeContext(text, item.mentions));
    // A small town of another state, named without any cue, is often a neighbourhood or a namesake.
    const own = item.mentions.filter((m) => cityPlaces(m).length === 1 && !m.trap).length;
    const support = (evidence.get(item.place.state_code) ?? 0) - own;
    const elsewhere = [...found.values()].some((other) => other.place.state_code !== item.place.state_code);
    const weak = Math.max(...item.mentions.map((m) => m.cue)) <= 1 && gazetteer().prior(item.place) === 0;
    if (item.place.type === 'city' && weak && support <= 0 && elsewhere) item.confidence *= 0.75;
    if (item.place.code === BRASILIA && seatOnly) {
      item.seat = true;
      item.confidence *= 0.5;
    }
  }
  const mentioned = onlyMentioned(text, detection, [...found.values()].filter((item) => item.mentions.length));
  for (const item of found.values()) {
    if (!mentioned.has(item.place.code)) continue;
    item.passing = true;
    item.confidence = Math.min(item.confidence, PASSING_CAP);
  }
  const kept = [...found.values()].filter((item) => item.confidence >= MIN_CONFIDENCE).sort((a, b) => b.confidence - a.confidence);
  const locations = kept.map(locationOf);

  // Primary: the most salient town: title > summary > lead > body, repeated, stated with its state.
  // The first town of the title is its subject more often than not.
  const candidates = kept.filter((item) => item.place.type === 'city' && !item.seat && !item.passing && item.confidence >= 0.5);
  const firstInTitle = Math.min(...candidates.flatMap((item) => item.mentions.filter((m) => text.tokens[m.start]!.zone === 'title').map((m) => m.start)));
  const salience = (item: Found) =>
    item.mentions.reduce((total, m) => {
      const token = text.tokens[m.start]!;
      const weight = token.zone === 'title' ? (m.start === firstInTitle ? 5.5 : 4) : token.zone === 'summary' ? 2.5 : token.paragraph === 0 ? 1.5 : 1;
      return total + weight + (m.qualifier ? 0.5 : 0);
    }, 0) + item.confidence + primaryBonus(learning, item.place.code);
  const primaryIndex = candidates.length ? kept.indexOf(candidates.reduce((best, item) => (salience(item) > salience(best) ? item : best))) : -1;
  const passing = new Set(kept.filter((item) => item.passing).map((item) => item.place.code));
  return { locations, primaryLocation: primaryIndex >= 0 ? locations[primaryIndex]! : null, found: kept, passing };
}
