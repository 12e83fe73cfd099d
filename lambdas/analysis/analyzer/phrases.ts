// Candidate key phrases: runs of one to three words inside a sentence, with content words at both
// edges ("transporte público", "coleta de lixo"). Without a part-of-speech tagger, two cheap
// Portuguese cues keep verbs out: nouns follow articles, prepositions and numbers somewhere in the
// article ("as chuvas", "de emergência"), verbs carry tell-tale endings ("decretou", "começam").
import { LINKERS, isStopword, stem } from './lexicon';
import { ARTICLES } from './place-words';
import { joinable, type ArticleText, type Token, type Zone } from './text';

export interface Candidate {
  key: string;
  stems: string[];
  forms: Map<string, number>;
  count: number;
  weight: number;
  zones: Set<Zone>;
  /** A proper name (every word capitalized where capitals mean something): people's names make poor tags. */
  proper: boolean;
  vocabulary: boolean;
}

const ZONE_WEIGHT = { title: 3, summary: 2, body: 1 } as const;
export const weightOf = (token: Token): number => (token.zone === 'body' && token.paragraph === 0 ? 1.5 : ZONE_WEIGHT[token.zone]);

const DETERMINERS = new Set([
  ...ARTICLES,
  ...`de em para com sem por sobre entre contra ate apos durante desde cada todo todos todas muitos muitas varios varias
mais menos novos novas novo nova outros outras outro outra seus suas nossos nossas dois duas tres mil primeiro primeira
estes estas esses essas aquelas aqueles uns umas sua seu principal principais`.split(/\s+/),
]);

const BARE_PREPOSITIONS = new Set(['a', 'para', 'de', 'sem', 'por', 'ao', 'pra']);

// 3rd person plural and past, future, gerund endings; "-em" spares nouns like "viagem", "ordem", "nuvem", "homem".
const VERB_ENDING = /(?:ou|aram|eram|iram|avam|iam|ando|endo|indo|ará|arão|erá|erão|irá|irão|am|(?<!ag|ig|ug|d|v|m|b)em)$/;
const ADJECTIVE_ENDING = /(?:al|ais|ar|ares|vel|veis|ic[oa]s?|iv[oa]s?|os[oa]s?|[ai]d[oa]s?|ense|enses|ist[ao]s?|an[oa]s?|ari[oa]s?|ori[oa]s?|eir[oa]s?|ente|entes|ante|antes|in[oa]s?|il|is|ul)$/;

export const isUf = (token: Token): boolean => token.allCaps && token.surface.length === 2;

/** A word that may start or end a tag. */
export const isContent = (token: Token): boolean =>
  (token.fold === 'sao' && token.capitalized && !token.sentenceStart) || // "São João", the saint or the feast, not the verb
  (!token.numeric && !isStopword(token.fold) && !isUf(token) && (token.lower.length >= 3 || (token.allCaps && token.surface.length >= 2)));

const verbLike = (token: Token) => token.lower.length > 4 && VERB_ENDING.test(token.lower) && !(token.capitalized && !token.sentenceStart);

/** Stems seen as nouns somewhere: after a determiner, a preposition or a number, or as an acronym or a name. */
function nounStems(text: ArticleText): Set<string> {
  const nouns = new Set<string>();
  text.tokens.forEach((token, index) => {
    if (!isContent(token)) return;
    const before = text.tokens[index - 1];
    // "para tomar", "a circular": a bare preposition before an infinitive is no noun evidence.
    const infinitive = /(?:ar|er|ir)$/.test(token.fold) && before && BARE_PREPOSITIONS.has(before.fold);
    const afterDeterminer = before && !token.sentenceStart && !infinitive && (DETERMINERS.has(before.fold) || before.numeric);
    if (afterDeterminer || token.allCaps || (token.capitalized && !token.sentenceStart)) nouns.add(stem(token.lower));
  });
  return nouns;
}

/** Phrases of the article by stem key, with counts, weights and spellings. Tokens in `blocked` (places) never join one. */
export function candidates(text: ArticleText, blocked: ReadonlySet<number>): Map<string, Candidate> {
  const { tokens } = text;
  const nouns = nounStems(text);
  const found = new Map<string, Candidate>();
  for (let i = 0; i < tokens.length; i++) {
    const head = tokens[i]!;
    if (blocked.has(i) || !isContent(head) || verbLike(head) || !nouns.has(stem(head.lower))) continue;
    // Up to three content words, one linker among them: "festa de santo antônio".
    for (let j = i, linkers = 0; j < i + 3 + linkers && j < tokens.length; j++) {
      const token = tokens[j]!;
      if (j > i && (blocked.has(j) || token.sentence !== head.sentence || !joinable(token.gap))) break;
      if (!isContent(token)) {
        if (j > i && !linkers && LINKERS.has(token.fold) && token.fold !== 'e') {
          linkers++; // "coleta de lixo"
          continue;
        }
        break;
      }
      // After the head: a noun, or an adjective right after one ("transporte público").
      if (j > i && (verbLike(token) || !(nouns.has(stem(token.lower)) || ADJECTIVE_ENDING.test(token.fold)))) break;
      const span = tokens.slice(i, j + 1);
      const words = span.filter(isContent);
      const key = words.map((word) => stem(word.lower)).join(' ');
      const form = span.map((word, k) => (k === 0 ? '' : word.gap.includes('-') ? '-' : ' ') + word.lower).join('');
      const candidate = found.get(key) ?? {
        key, stems: key.split(' '), forms: new Map(), count: 0, weight: 0, zones: new Set(), proper: true, vocabulary: false,
      };
      // The spelling seen after an article or a preposition is the noun's: "o treino", not the title's "treina".
      const before = tokens[i - 1];
      const nounForm = before && !head.sentenceStart && DETERMINERS.has(before.fold);
      candidate.forms.set(form, (candidate.forms.get(form) ?? 0) + (nounForm ? 1.5 : 1));
      candidate.count++;
      candidate.weight += weightOf(head);
      candidate.zones.add(head.zone);
      const informative = words.some((word) => word.capitalized && !word.sentenceStart && !(word.zone === 'title' && text.titleCase));
      const acronym = words.length === 1 && words[0]!.allCaps;
      if (!(words.every((word) => word.capitalized) && informative) || acronym) candidate.proper = false;
      found.set(key, candidate);
    }
  }
  return subsume(found);
}

/** A shorter phrase that mostly occurs inside a longer one gives way to it ("avenida" to "avenida paulista"). */
function subsume(found: Map<string, Candidate>): Map<string, Candidate> {
  for (const longer of found.values()) {
    if (longer.stems.length < 2) continue;
    for (let size = 1; size < longer.stems.length; size++) {
      for (let start = 0; start + size <= longer.stems.length; start++) {
        const part = found.get(longer.stems.slice(start, start + size).join(' '));
        if (part && part !== longer && longer.count >= 0.6 * part.count && longer.count >= 2) found.delete(part.key);
      }
    }
  }
  return found;
}
