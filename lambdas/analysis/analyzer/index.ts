// The article analyzer: tags and places of a pt-BR news article, offline and in a few
// milliseconds (no AWS, no network). Callers pass the corpus statistics and what the newsroom
// taught it; both may be empty. See README.md beside this file.
import type { AnalysisResult } from '../../../shared/api-types';
import { NO_LEARNING, type LearningStats } from './learning';
import { detectPlaces } from './places';
import { placeContext, resolvePlaces } from './resolve';
import { EMPTY_CORPUS, MAX_TAGS, rankTags, stemWeights, type CorpusStats } from './tags';
import { tokenizeArticle, type ArticleText } from './text';

export interface ArticleInput {
  title: string;
  summary?: string;
  /** Sanitized HTML. */
  content: string;
}

export type { AnalysisLocation, AnalysisResult, AnalysisTag } from '../../../shared/api-types';
export type { CorpusStats } from './tags';
export { EMPTY_CORPUS, tagKey } from './tags';
export { gazetteer } from './gazetteer';
export {
  NO_LEARNING, learningFrom, normalizeTag,
  type FeedbackCounts, type LearningStats, type LocationTrainingRecord, type PlaceFeedback, type TagFeedback, type TagTrainingRecord,
} from './learning';

/** Token indices that belong to accepted places (and the state abbreviations beside them): not tags. */
function placeTokens(text: ArticleText, detection: ReturnType<typeof detectPlaces>): Set<number> {
  const blocked = new Set<number>();
  for (const mention of detection.mentions) {
    if (!mention.accepted && !mention.qualifies) continue;
    for (let k = mention.start; k < mention.end; k++) blocked.add(k);
  }
  for (const signal of detection.signals) if (signal.kind === 'abbr') blocked.add(signal.index);
  for (const [index, token] of text.tokens.entries()) if (token.fold === 'capital' && blocked.has(index + 1)) blocked.add(index);
  return blocked;
}

/** Tags and places of one article. Pure: the same input, corpus and learning give the same result. */
export function analyzeArticle(input: ArticleInput, corpus: CorpusStats = EMPTY_CORPUS, learning: LearningStats = NO_LEARNING): AnalysisResult {
  return analyzeInDetail(input, corpus, learning).result;
}

/**
 * analyzeArticle, with the IBGE codes of the places it judged only mentioned in passing (capped below
 * the preselection): what another reading of the places (Comprehend's) must not preselect either.
 */
export function analyzeInDetail(input: ArticleInput, corpus: CorpusStats = EMPTY_CORPUS, learning: LearningStats = NO_LEARNING) {
  const text = tokenizeArticle(input);
  const detection = detectPlaces(text);
  const { locations, primaryLocation, passing } = resolvePlaces(text, detection, learning);
  const tags = rankTags(text, placeTokens(text, detection), corpus, learning).slice(0, MAX_TAGS);
  const result: AnalysisResult = { tags, locations, primaryLocation };
  return { result, passing };
}

/** The distinct stems an article adds to the corpus (CorpusStats.frequency counts articles per stem). */
export function documentStems(input: ArticleInput): string[] {
  return [...stemWeights(tokenizeArticle(input)).keys()];
}

const TAG_CONTEXT_SIZE = 12;

/**
 * What to store with a training record (its `context`): for tags, the article's dozen heaviest stems;
 * for places, by IBGE code, the stems around that place's mentions.
 */
export function trainingContext(input: ArticleInput): { tags: string[]; places: Record<string, string[]> } {
  const text = tokenizeArticle(input);
  const tags = [...stemWeights(text).entries()]
    .sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]))
    .slice(0, TAG_CONTEXT_SIZE)
    .map(([stem]) => stem);
  const detection = detectPlaces(text);
  const places: Record<string, string[]> = {};
  for (const item of resolvePlaces(text, detection).found) places[item.place.code] = [...placeContext(text, item.mentions)];
  return { tags, places };
}

/** A corpus in memory from each article's documentStems (tests, benches, a warm cache). */
export function corpusOf(documents: readonly (readonly string[])[]): CorpusStats {
  const counts = new Map<string, number>();
  for (const stems of documents) for (const stem of new Set(stems)) counts.set(stem, (counts.get(stem) ?? 0) + 1);
  return { documents: documents.length, frequency: (stem) => counts.get(stem) ?? 0 };
}
