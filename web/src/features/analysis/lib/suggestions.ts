// The AI panel's rules, without React (spec sections 3–5): what an analysis preselects (relevance or
// confidence above 0.7), how approving a tag or a place changes the article form (tags; city_code,
// the one primary city; location_codes, the other approved cities), custom tags (trimmed, lower
// case, no duplicates), and the feedback sent after a save.
import type { AnalysisLocation, AnalysisResult } from '../../../../../shared/api-types';
import { ANALYSIS_LIMITS, normalizeAiTag, type FeedbackInput } from '../../../../../shared/analysis';
import { ARTICLE_LIMITS } from '../../../../../shared/article-rules';

/** Above the spec's threshold (0.7, not included). */
export const isPreselected = (score: number): boolean => score > ANALYSIS_LIMITS.preselect;

export const percent = (score: number): string => `${Math.round(score * 100)}%`;

/** Some visible text once the markup is left out (the button stays disabled otherwise). */
export const hasText = (value: string): boolean =>
  value.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|\u00a0/gi, ' ').trim().length > 0;

export const canAnalyze = (title: string, content: string): boolean => hasText(title) && hasText(content);

/** What the panel changes in the article form. */
export interface FormChoice {
  tags: string[];
  city_code: string | null;
  location_codes: string[];
}

const cityCodes = (result: AnalysisResult, approved: ReadonlySet<string>) =>
  result.locations.filter((location) => location.type === 'city' && approved.has(location.code)).map((location) => location.code);

/** The other cities: those approved before that this analysis did not suggest, then the approved suggestions; never the primary. */
function extrasOf(result: AnalysisResult, approved: ReadonlySet<string>, form: FormChoice, primary: string | null): string[] {
  const suggested = new Set(result.locations.map((location) => location.code));
  const kept = form.location_codes.filter((code) => !suggested.has(code));
  return [...new Set([...kept, ...cityCodes(result, approved)])].filter((code) => code !== primary).slice(0, ARTICLE_LIMITS.extraLocationsMax);
}

/** Just analyzed: the preselected tags join the form's, the preselected places are approved, the primary city chosen. */
export function applyAnalysis(result: AnalysisResult, form: FormChoice): FormChoice & { approved: string[] } {
  const tags = [...form.tags];
  for (const suggestion of result.tags) {
    const tag = normalizeAiTag(suggestion.tag);
    if (isPreselected(suggestion.relevance) && !tags.includes(tag) && tags.length < ARTICLE_LIMITS.tagsMax) tags.push(tag);
  }
  const approved = new Set(result.locations.filter((location) => isPreselected(location.confidence)).map((location) => location.code));
  const cities = cityCodes(result, approved);
  // No confident city: the form's own choice stays.
  if (!cities.length) return { tags, city_code: form.city_code, location_codes: form.location_codes, approved: [...approved] };
  const suggested = result.primaryLocation?.code;
  const primary = suggested && cities.includes(suggested) ? suggested : cities[0]!;
  return { tags, city_code: primary, location_codes: extrasOf(result, approved, form, primary), approved: [...approved] };
}

/** A suggested tag approved (into the form's tags) or rejected (out of them). */
export function toggleTag(tags: readonly string[], tag: string, approve: boolean): string[] {
  const clean = normalizeAiTag(tag);
  if (!approve) return tags.filter((existing) => existing !== clean);
  return tags.includes(clean) || tags.length >= ARTICLE_LIMITS.tagsMax ? [...tags] : [...tags, clean];
}

export type CustomTagProblem = 'empty' | 'duplicate' | 'full' | 'tooLong';

export const CUSTOM_TAG_MESSAGES: Record<CustomTagProblem, string> = {
  empty: 'Digite uma tag.',
  duplicate: 'Essa tag já foi adicionada.',
  full: `Use no máximo ${ARTICLE_LIMITS.tagsMax} tags`,
  tooLong: 'Tag muito longa',
};

/** A custom tag, trimmed and lower case, added once. */
export function addCustomTag(tags: readonly string[], input: string): { tags: string[]; tag?: string; problem?: CustomTagProblem } {
  const tag = normalizeAiTag(input);
  if (!tag) return { tags: [...tags], problem: 'empty' };
  if (tag.length > ARTICLE_LIMITS.tagMax) return { tags: [...tags], problem: 'tooLong' };
  if (tags.includes(tag)) return { tags: [...tags], problem: 'duplicate' };
  if (tags.length >= ARTICLE_LIMITS.tagsMax) return { tags: [...tags], problem: 'full' };
  return { tags: [...tags, tag], tag };
}

/** A place approved or rejected: the primary moves to another approved city when it was rejected. */
export function toggleLocation(result: AnalysisResult, approved: readonly string[], form: FormChoice, code: string, approve: boolean) {
  const next = new Set(approved);
  if (approve) next.add(code);
  else next.delete(code);
  const cities = cityCodes(result, next);
  let primary = form.city_code;
  if (!approve && primary === code) primary = cities[0] ?? null;
  if (approve && !primary && cities.includes(code)) primary = code;
  return { approved: [...next], city_code: primary, location_codes: extrasOf(result, next, form, primary) };
}

/** The approved city chosen as the primary location (the article's location_path and address). */
export function choosePrimary(result: AnalysisResult, approved: readonly string[], form: FormChoice, code: string): Pick<FormChoice, 'city_code' | 'location_codes'> {
  return { city_code: code, location_codes: extrasOf(result, new Set(approved), form, code) };
}

/** Whether one more place may be approved (the primary and up to 4 other cities). */
export function roomForCity(result: AnalysisResult, approved: readonly string[], location: AnalysisLocation): boolean {
  if (location.type !== 'city' || approved.includes(location.code)) return true;
  return cityCodes(result, new Set(approved)).length < ARTICLE_LIMITS.extraLocationsMax + 1;
}

/** The judgements of a save: each suggestion approved or not as saved, the custom tags kept, the primary city. */
export function feedbackOf(
  articleId: string,
  result: AnalysisResult,
  saved: { tags: readonly string[]; city_code: string | null },
  approved: readonly string[],
  customTags: readonly string[],
): FeedbackInput {
  const suggested = new Set(result.tags.map((tag) => normalizeAiTag(tag.tag)));
  return {
    article_id: articleId,
    tags: [
      ...result.tags.map((tag) => ({ tag: tag.tag, relevance: tag.relevance, approved: saved.tags.includes(normalizeAiTag(tag.tag)) })),
      ...customTags.filter((tag) => !suggested.has(tag) && saved.tags.includes(tag)).map((tag) => ({ tag, relevance: 1, approved: true, custom: true })),
    ].slice(0, ANALYSIS_LIMITS.feedbackTags),
    locations: result.locations.slice(0, ANALYSIS_LIMITS.feedbackLocations).map((location) => {
      const isApproved = approved.includes(location.code);
      return {
        code: location.code,
        type: location.type,
        confidence: location.confidence,
        approved: isApproved,
        primary: isApproved && location.type === 'city' && location.code === saved.city_code,
      };
    }),
  };
}

export const locationLabel = (location: Pick<AnalysisLocation, 'name' | 'state_code' | 'type'>): string =>
  location.type === 'city' ? `${location.name} (${location.state_code})` : `${location.name} (estado)`;
