// Subject or passing mention. A story is about the places of its headline, its summary and its
// first sentence, and those it comes back to; a place named once further down, or only as where
// flights, trucks or visitors come from or go to, in a list of three or more, or in a comparison,
// is mentioned in passing: still suggested, never preselected. So is a namesake: a small town of
// another state, named in a big city's story with nothing said of its state, is a neighbourhood or a
// street of that city ("Rio Vermelho" in Salvador, "Ipanema" in Rio).
import { gazetteer, type Place } from './gazetteer';
import { LINKERS } from './lexicon';
import { PASSING_CUES, PASSING_LINKS, REGION_NOUNS, TOWN_NOUNS } from './place-words';
import type { Detection, Mention } from './scan';
import type { ArticleText } from './text';

/** What a place only mentioned may reach: below the panel's preselection (0.7). */
export const PASSING_CAP = 0.6;

const LIST_WORDS = new Set(['e', 'ou', ...PASSING_LINKS]);
const ARTICLE_OR_IN = new Set(['no', 'na', 'em']);

/** Mentions of the same sentence joined as a list: "Manaus, Goiânia e Florianópolis", "no Pará, no Amazonas e em Rondônia". */
function lists(text: ArticleText, mentions: readonly Mention[]): Mention[][] {
  const groups: Mention[][] = [];
  for (const mention of mentions) {
    const group = groups.at(-1);
    const last = group?.at(-1);
    const between = last ? text.tokens.slice(last.end, mention.start) : [];
    const sameSentence = last && text.tokens[last.start]!.sentence === text.tokens[mention.start]!.sentence;
    const joined = sameSentence && between.length <= 2 && between.every((token) => LIST_WORDS.has(token.fold))
      && (/,/.test((between[0] ?? text.tokens[mention.start]!).gap) || between.some((token) => token.fold === 'e' || token.fold === 'ou'));
    if (group && joined) group.push(mention);
    else groups.push([mention]);
  }
  return groups;
}

/** A cue of origin, destination or comparison right before the list's first place ("vindos de", "voos diretos para"). */
function cuedBefore(text: ArticleText, head: Mention): boolean {
  const sentence = text.tokens[head.start]!.sentence;
  for (let k = head.start - 1, links = 0; k >= 0 && text.tokens[k]!.sentence === sentence; k--) {
    const token = text.tokens[k]!;
    if (PASSING_CUES.has(token.fold)) return true;
    if (!PASSING_LINKS.has(token.fold) || ++links > 3) return false;
  }
  return false;
}

/**
 * Mentions in passing: cued as origin, destination or comparison ("Palmas ganha voo direto para Belo
 * Horizonte"), or one of a list of three or more outside the title.
 */
export function passingMentions(text: ArticleText, detection: Detection): Set<Mention> {
  const passing = new Set<Mention>();
  for (const group of lists(text, detection.mentions)) {
    const listed = group.length >= 3 && text.tokens[group[0]!.start]!.zone !== 'title';
    if (listed || cuedBefore(text, group[0]!)) for (const mention of group) passing.add(mention);
  }
  return passing;
}

interface Candidate {
  place: Place;
  mentions: Mention[];
}

/**
 * The headline, the summary and the first sentence, where a story says what it is about; and a
 * sentence the place opens as its subject ("Bom Jardim da Serra também registrou geada").
 */
function prominent(text: ArticleText, mention: Mention): boolean {
  const token = text.tokens[mention.start]!;
  if (token.zone !== 'body') return true;
  const firstBody = text.tokens.find((other) => other.zone === 'body');
  return token.sentence === firstBody?.sentence || (token.sentenceStart && !mention.trap);
}

/**
 * Located with care: the state or the region written right after the name ("Areia Branca (RN)",
 * "Paranaguá, no litoral do Paraná", "Em Parnamirim, na região metropolitana"), or the name placing
 * what was just told ("terminais na margem esquerda, em Guarujá"): the writer wants the reader to
 * know where it happens, which a passing mention does not bother with.
 */
function located(text: ArticleText, mention: Mention): boolean {
  const before = text.tokens[mention.start - 1];
  if (before?.fold === 'em' && /,/.test(before.gap)) return true;
  const next = text.tokens[mention.end];
  if (!next || next.sentence !== text.tokens[mention.start]!.sentence || !/^\s*[(,/–—-]/.test(next.gap)) return false;
  if (mention.qualifier && mention.entry.key !== 'capital') return true;
  const noun = ARTICLE_OR_IN.has(next.fold) ? text.tokens[mention.end + 1] : undefined;
  return !!noun && REGION_NOUNS.has(noun.fold);
}

/** A name a town of its own: its state named, or "cidade de", "prefeitura de" before it. */
function statedTown(text: ArticleText, item: Candidate, detection: Detection): boolean {
  const state = item.place.state_code;
  const stateNamed = detection.signals.some((signal) => signal.state === state)
    || detection.mentions.some((m) => m.accepted && m.reading === 'state' && m.entry.places.some((p) => p.type === 'state' && p.state_code === state));
  const townNoun = item.mentions.some((m) => {
    const before = text.tokens[m.start - 1];
    const noun = before && LINKERS.has(before.fold) ? text.tokens[m.start - 2] : before;
    return !!noun && TOWN_NOUNS.has(noun.fold);
  });
  return stateNamed || townNoun || item.mentions.some((m) => m.qualifier);
}

/**
 * IBGE codes of the places an article only mentions (see the top of this file). When no place is
 * prominent or named twice, the article says nothing about its subject and every place keeps its confidence.
 */
export function onlyMentioned(text: ArticleText, detection: Detection, found: readonly Candidate[]): Set<string> {
  const passing = passingMentions(text, detection);
  // Prominent, named twice, or located with care ("Paranaguá, no litoral do Paraná"): not in passing.
  const subject = (item: Candidate) => {
    const own = item.mentions.filter((m) => !passing.has(m));
    return own.some((m) => prominent(text, m) || located(text, m)) || own.length >= 2;
  };
  const subjects = found.filter(subject);
  if (!subjects.length) return new Set();
  // The state of a town the story is about is where it happens ("o governo do Acre" in a Rio Branco story), unless listed or cued.
  const subjectTownStates = new Set(subjects.filter((item) => item.place.type === 'city').map((item) => item.place.state_code));
  const ownState = (item: Candidate) => item.place.type === 'state' && subjectTownStates.has(item.place.state_code) && item.mentions.some((m) => !passing.has(m));
  const mentioned = new Set(found.filter((item) => !subjects.includes(item) && !ownState(item)).map((item) => item.place.code));
  // The namesake: a small town of another state in the story of a big city (or of a state: "Sobradinho e
  // Planaltina, no Distrito Federal"), with nothing said of its own state.
  const big = (item: Candidate) => item.place.type === 'state' || gazetteer().prior(item.place) >= 1;
  const storyStates = new Set(subjects.filter(big).map((item) => item.place.state_code));
  if (storyStates.size) {
    for (const item of found) {
      const small = item.place.type === 'city' && gazetteer().prior(item.place) === 0 && !storyStates.has(item.place.state_code);
      if (small && !statedTown(text, item, detection)) mentioned.add(item.place.code);
    }
  }
  return mentioned;
}
