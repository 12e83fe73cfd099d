// The quality score of an author or editor (the spec's get_user_quality_avg): out of 10, one decimal.
// It weighs what the newsroom already records about their articles:
//   reviews received — approved 1, changes requested 0.5, rejected 0          (weight 0.5)
//   SEO validations  — valid 1, with warnings 0.6, with errors 0.2            (weight 0.3)
//   the workflow     — 1 − (times sent back from review to draft ÷ times sent to review) (weight 0.2)
// Only the parts that have data count (their weights renormalised); with none, there is no score.
import type { Item, Key } from '../platform/dynamo';

export const qualityKey = (userId: string): Key => ({ pk: `QUALITY#${userId}`, sk: 'SCORE' });

export interface QualityCounters {
  reviews_approved: number;
  reviews_changes: number;
  reviews_rejected: number;
  seo_valid: number;
  seo_warning: number;
  seo_error: number;
  submitted: number;
  sent_back: number;
}

export const COUNTER_NAMES = [
  'reviews_approved',
  'reviews_changes',
  'reviews_rejected',
  'seo_valid',
  'seo_warning',
  'seo_error',
  'submitted',
  'sent_back',
] as const satisfies readonly (keyof QualityCounters)[];

export function countersOf(item: Item | undefined): QualityCounters {
  const number = (name: string) => (typeof item?.[name] === 'number' ? (item[name] as number) : 0);
  return Object.fromEntries(COUNTER_NAMES.map((name) => [name, number(name)])) as unknown as QualityCounters;
}

export function score(counters: QualityCounters): number | null {
  const parts: { weight: number; value: number }[] = [];
  const reviews = counters.reviews_approved + counters.reviews_changes + counters.reviews_rejected;
  if (reviews > 0) parts.push({ weight: 0.5, value: (counters.reviews_approved + 0.5 * counters.reviews_changes) / reviews });
  const seo = counters.seo_valid + counters.seo_warning + counters.seo_error;
  if (seo > 0) parts.push({ weight: 0.3, value: (counters.seo_valid + 0.6 * counters.seo_warning + 0.2 * counters.seo_error) / seo });
  if (counters.submitted > 0) parts.push({ weight: 0.2, value: 1 - Math.min(counters.sent_back, counters.submitted) / counters.submitted });
  if (parts.length === 0) return null;
  const weights = parts.reduce((total, part) => total + part.weight, 0);
  const mean = parts.reduce((total, part) => total + part.weight * part.value, 0) / weights;
  return Math.round(mean * 100) / 10;
}

/** The score of a stored counters item. */
export const qualityScore = (item: Item | undefined): number | null => score(countersOf(item));
