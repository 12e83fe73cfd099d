// What the newsroom taught the analyzer: approvals and rejections of its suggestions, stored one
// item per suggestion (ai_training_data, ai_location_training) and folded here into LearningStats,
// which analyzeArticle reads. Pure functions: the store and the aggregation schedule live elsewhere.
import { gazetteer, nameWords } from './gazetteer';

export interface FeedbackCounts {
  approved: number;
  rejected: number;
}

/** Per tag, and per stem of the articles it was judged on ("the contexts"). */
export interface TagFeedback extends FeedbackCounts {
  contexts?: Record<string, FeedbackCounts>;
}

/** Per place (IBGE code), how often it was chosen as primary, and per stem around its mentions. */
export interface PlaceFeedback extends FeedbackCounts {
  primary: number;
  contexts?: Record<string, FeedbackCounts>;
}

export interface LearningStats {
  /** By normalized tag (trimmed, lower case, single spaces). */
  tags: Record<string, TagFeedback>;
  /** Custom tags people added and approved: suggested whenever their stems appear. */
  vocabulary: string[];
  /** By IBGE code. */
  places: Record<string, PlaceFeedback>;
}

export const NO_LEARNING: LearningStats = { tags: {}, vocabulary: [], places: {} };

/** Stored shape of an ai_training_data item: one tag judged on one article. */
export interface TagTrainingRecord {
  article_id: string;
  suggested_tag: string;
  was_approved: boolean;
  approved_by: string;
  /** True for a tag a person added (not suggested by the analyzer). */
  custom?: boolean;
  /** trainingContext(article).tags at judgement time. */
  context?: string[];
}

/** Stored shape of an ai_location_training item: one place judged on one article. */
export interface LocationTrainingRecord {
  article_id: string;
  /** The place's name as suggested ("Campinas", or "Campinas (SP)"). */
  suggested_location: string;
  location_type: 'city' | 'state';
  confidence: number;
  was_approved: boolean;
  was_primary: boolean;
  approved_by: string;
  /** IBGE code; without it the name is looked up (and skipped when it is not unique). */
  location_code?: string;
  /** trainingContext(article).places[code] at judgement time. */
  context?: string[];
}

export const normalizeTag = (tag: string): string => tag.trim().toLowerCase().replace(/\s+/g, ' ');

function count(target: FeedbackCounts, approved: boolean) {
  if (approved) target.approved++;
  else target.rejected++;
}

function countContext(target: { contexts?: Record<string, FeedbackCounts> }, stems: readonly string[] | undefined, approved: boolean) {
  if (!stems?.length) return;
  target.contexts ??= {};
  for (const stem of new Set(stems)) count((target.contexts[stem] ??= { approved: 0, rejected: 0 }), approved);
}

/** The IBGE code a location record speaks of. */
function codeOf(record: LocationTrainingRecord): string | undefined {
  if (record.location_code) return record.location_code;
  const match = /^(.*?)\s*(?:\(([A-Z]{2})\))?$/.exec(record.suggested_location.trim());
  const words = nameWords(match?.[1] ?? '');
  const entry = gazetteer().byFirst.get(words[0] ?? '')?.find((candidate) => candidate.key === words.join(' '));
  const places = (entry?.places ?? []).filter((place) => place.type === record.location_type && (!match?.[2] || place.state_code === match[2]));
  return places.length === 1 ? places[0]!.code : undefined;
}

/** Training items -> LearningStats. Order does not matter; records of unknown places are skipped. */
export function learningFrom(records: { tags?: readonly TagTrainingRecord[]; locations?: readonly LocationTrainingRecord[] }): LearningStats {
  const stats: LearningStats = { tags: {}, vocabulary: [], places: {} };
  const custom = new Set<string>();
  for (const record of records.tags ?? []) {
    const tag = normalizeTag(record.suggested_tag);
    if (!tag) continue;
    const feedback = (stats.tags[tag] ??= { approved: 0, rejected: 0 });
    count(feedback, record.was_approved);
    countContext(feedback, record.context, record.was_approved);
    if (record.custom) custom.add(tag);
  }
  stats.vocabulary = [...custom].filter((tag) => stats.tags[tag]!.approved > stats.tags[tag]!.rejected).sort();
  for (const record of records.locations ?? []) {
    const code = codeOf(record);
    if (!code) continue;
    const feedback = (stats.places[code] ??= { approved: 0, rejected: 0, primary: 0 });
    count(feedback, record.was_approved);
    if (record.was_primary) feedback.primary++;
    countContext(feedback, record.context, record.was_approved);
  }
  return stats;
}

/** Stems of the context that were seen more often rejected (or approved) than not. */
function contextHits(contexts: Record<string, FeedbackCounts> | undefined, stems: ReadonlySet<string>) {
  let rejected = 0;
  let approved = 0;
  if (contexts) {
    for (const stem of stems) {
      const seen = contexts[stem];
      if (seen && seen.rejected > seen.approved) rejected++;
      else if (seen && seen.approved > seen.rejected) approved++;
    }
  }
  return { rejected, approved };
}

const clamp = (value: number, low: number, high: number) => Math.min(high, Math.max(low, value));

/**
 * Multiplier of a tag's relevance: the share of approvals (Laplace-smoothed, 1 without feedback,
 * 0.4 after three rejections), then lower again when this article resembles those it was rejected on.
 */
export function tagFactor(learning: LearningStats, tag: string, stems: ReadonlySet<string>): number {
  const feedback = learning.tags[normalizeTag(tag)];
  if (!feedback) return 1;
  let factor = clamp((2 * (feedback.approved + 1)) / (feedback.approved + feedback.rejected + 2), 0.2, 1.3);
  const hits = contextHits(feedback.contexts, stems);
  if (hits.rejected >= 2 && hits.rejected > hits.approved) factor *= 0.6;
  else if (hits.approved >= 2 && hits.approved > hits.rejected) factor *= 1.15;
  return factor;
}

/**
 * Multiplier of a place's confidence. Rejections elsewhere weigh little (a town wrongly seen in one
 * kind of story is still that town elsewhere); two or more words around it that came with rejections
 * and not approvals silence it (0.2): the false positive stops in similar contexts only.
 */
export function placeFactor(learning: LearningStats, code: string, stems: ReadonlySet<string>): number {
  const feedback = learning.places[code];
  if (!feedback) return 1;
  let factor = clamp(Math.pow((2 * (feedback.approved + 1)) / (feedback.approved + feedback.rejected + 2), 0.3), 0.5, 1.1);
  const hits = contextHits(feedback.contexts, stems);
  if (hits.rejected >= 2 && hits.rejected > hits.approved) factor *= 0.2;
  return factor;
}

/** Salience added to a city often chosen as the primary location (0 to 1). */
export function primaryBonus(learning: LearningStats, code: string): number {
  const feedback = learning.places[code];
  return feedback ? Math.min(1, feedback.primary / (feedback.approved + 1)) : 0;
}
