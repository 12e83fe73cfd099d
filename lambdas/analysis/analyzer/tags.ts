// Tags: key phrases of one to three words, without stopwords at either edge, scored by TF-IDF.
// Term frequency is weighted by where a phrase appears (title, summary, lead); document frequency
// comes from the newsroom's corpus, per stem. Phrases that differ only in inflection share a stem
// key ("transportes públicos" = "transporte público") and display their most frequent spelling.
import type { AnalysisTag } from '../../../shared/api-types';
import { GENERIC_STEMS, isStopword, stem } from './lexicon';
import { NO_LEARNING, tagFactor, type LearningStats } from './learning';
import { candidates, isContent, weightOf, type Candidate } from './phrases';
import { fold, type ArticleText } from './text';

/** Documents per stem; `frequency` counts the articles whose documentStems include it. */
export interface CorpusStats {
  documents: number;
  frequency(stem: string): number;
}

/** No corpus yet: every stem is as rare as any other, except the words every local story uses. */
export const EMPTY_CORPUS: CorpusStats = { documents: 0, frequency: () => 0 };

export const MAX_TAGS = 10;
const MIN_RELEVANCE = 0.2;
const PHRASE_BONUS = [0, 1, 1.3, 1.4];

/** Weighted count of every content stem: the article's vocabulary (corpus upkeep, learning contexts). */
export function stemWeights(text: ArticleText): Map<string, number> {
  const weights = new Map<string, number>();
  for (const token of text.tokens) if (isContent(token)) weights.set(stem(token.lower), (weights.get(stem(token.lower)) ?? 0) + weightOf(token));
  return weights;
}

/** A tag's stem key: 'Transportes públicos' and 'transporte público' share one. */
export const tagKey = (tag: string): string =>
  tag.toLowerCase().split(/[^\p{L}\p{N}']+/u).filter((word) => word.length >= 2 && !isStopword(fold(word))).map(stem).join(' ');

/** Custom tags the newsroom approved join as candidates when all their stems are in the article. */
function addVocabulary(found: Map<string, Candidate>, weights: Map<string, number>, vocabulary: readonly string[]) {
  for (const tag of vocabulary) {
    const stems = tagKey(tag).split(' ').filter(Boolean);
    if (!stems.length || !stems.every((s) => weights.has(s))) continue;
    const key = stems.join(' ');
    const weight = Math.min(...stems.map((s) => weights.get(s)!));
    const existing = found.get(key);
    if (existing) existing.vocabulary = true;
    else found.set(key, { key, stems, forms: new Map([[tag, 1]]), count: 2, weight, zones: new Set(['body']), proper: false, vocabulary: true });
  }
}

/** Inverse document frequency in 0..1, leaning on the generic-word prior while the corpus is small. */
export function idf(corpus: CorpusStats, term: string): number {
  const prior = GENERIC_STEMS.has(term) ? 0.35 : 1;
  const n = corpus.documents;
  if (n <= 0) return prior;
  const df = Math.min(n, Math.max(0, corpus.frequency(term)));
  const observed = Math.log((n + 1) / (df + 1)) / Math.log(n + 1);
  const trust = n / (n + 20);
  return trust * (0.15 + 0.85 * observed) + (1 - trust) * prior;
}

const displayForm = (candidate: Candidate) =>
  [...candidate.forms.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))[0]![0].trim();

/**
 * Ranked tags, relevance 0..1. 0.7 and up (preselected) takes a phrase close to the article's best
 * and seen in the title or summary or at least twice; one passing mention in the body cannot reach it.
 */
export function rankTags(
  text: ArticleText,
  blocked: ReadonlySet<number>,
  corpus: CorpusStats = EMPTY_CORPUS,
  learning: LearningStats = NO_LEARNING,
): AnalysisTag[] {
  const weights = stemWeights(text);
  const found = candidates(text, blocked);
  addVocabulary(found, weights, learning.vocabulary);
  const prominent = (c: Candidate) => c.zones.has('title') || c.zones.has('summary');
  const scored = [...found.values()]
    .filter((c) => c.vocabulary || c.count >= 2 || prominent(c))
    .map((c) => {
      const rarity = c.stems.reduce((total, s) => total + idf(corpus, s), 0) / c.stems.length;
      const generic = c.stems.every((s) => GENERIC_STEMS.has(s)) ? 0.6 : 1;
      const score = Math.pow(c.weight, 0.75) * rarity * generic * PHRASE_BONUS[c.stems.length]! * (c.proper ? 0.55 : 1) * (c.vocabulary ? 1.25 : 1);
      return { c, score };
    })
    .sort((a, b) => b.score - a.score);
  const top = scored[0]?.score ?? 1;
  const stems = new Set(weights.keys());
  const ranked = scored
    .map(({ c, score }) => {
      const evidence = c.zones.has('title') ? 1 : c.zones.has('summary') ? 0.97 : c.count >= 3 ? 0.95 : c.count === 2 ? 0.88 : 0.75;
      const tag = displayForm(c);
      const relevance = 0.97 * Math.pow(score / top, 0.55) * evidence * tagFactor(learning, tag, stems) * (c.vocabulary ? 1.1 : 1);
      return { c, tag, relevance: Math.min(0.99, relevance) };
    })
    .sort((a, b) => b.relevance - a.relevance);
  // Near-duplicates of a better tag are dropped.
  const kept: { c: Candidate; tag: string; relevance: number }[] = [];
  for (const item of ranked) {
    if (item.relevance < MIN_RELEVANCE || kept.length >= MAX_TAGS) break;
    // Contained in each other and sharing at least half: "transporte público gratuito" ~ "transporte público", not "cheia do rio acre" ~ "rio".
    const near = (small: string[], large: string[]) => small.every((s) => large.includes(s)) && small.length * 2 >= large.length;
    const duplicate = kept.some(({ c }) => near(c.stems, item.c.stems) || near(item.c.stems, c.stems));
    if (!duplicate && !kept.some(({ tag }) => tag === item.tag)) kept.push(item);
  }
  return kept.map(({ tag, relevance }) => ({ tag, relevance: Math.round(relevance * 100) / 100 }));
}
