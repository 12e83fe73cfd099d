// POST /api/analysis/feedback: the AI panel's judgements, sent after a save, become training records
// (spec sections 3, 6 and 7). Editors and the master train the analyzer on any article ("AI training
// records on edit: editor, master"); the records are also "inserted on create", so an author's
// judgements count on the article they have just created (its first version) and on no later save:
// the answer then says 0 records, and nothing is stored. Readers are refused.
import type { Feedback, FeedbackOutcome } from '../../shared/analysis';
import { ANALYSIS_MESSAGES } from '../../shared/analysis';
import { ARTICLE_MESSAGES } from '../../shared/articles';
import { can } from '../../shared/roles';
import { articleForAnalysis } from '../articles/public';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { readerAccess } from '../users/public';
import { gazetteer, trainingContext, type ArticleInput } from './analyzer';
import type { LocationTraining, TagTraining } from './items';
import { recordTraining } from './training';

/** The place a judged code stands for, named as the training records name it ('Campinas (SP)', 'Santa Catarina'). */
function placeNamed(code: string, type: 'city' | 'state'): string {
  const places = gazetteer();
  const place = type === 'city' ? places.cityByCode.get(code) : [...places.statesByCode.values()].find((state) => state.code === code);
  if (!place) throw badRequest(ANALYSIS_MESSAGES.invalidLocation, 'locations');
  return type === 'city' ? `${place.name} (${place.state_code})` : place.name;
}

/** The training records of one person's judgements on one article. */
export function trainingRecords(feedback: Feedback, article: ArticleInput & { id: string }, userId: string, now: string) {
  const context = trainingContext(article);
  const tags: TagTraining[] = feedback.tags.map((judgement) => ({
    article_id: article.id,
    suggested_tag: judgement.tag,
    was_approved: judgement.approved,
    approved_by: userId,
    ...(judgement.custom ? { custom: true } : {}),
    context: context.tags,
    relevance: judgement.relevance,
    judged_at: now,
  }));
  const locations: LocationTraining[] = feedback.locations.map((judgement) => ({
    article_id: article.id,
    suggested_location: placeNamed(judgement.code, judgement.type),
    location_type: judgement.type,
    confidence: judgement.confidence,
    was_approved: judgement.approved,
    was_primary: judgement.primary,
    approved_by: userId,
    location_code: judgement.code,
    context: context.places[judgement.code] ?? [],
    judged_at: now,
  }));
  return { tags, locations };
}

export async function recordFeedback(userId: string, feedback: Feedback): Promise<FeedbackOutcome> {
  const [access, article] = await Promise.all([readerAccess(userId), articleForAnalysis(feedback.article_id, true)]);
  if (!can(access.roles, 'article.create')) throw forbidden(ANALYSIS_MESSAGES.feedbackForbidden);
  if (!article) throw notFound(ARTICLE_MESSAGES.notFound);
  const trains = can(access.roles, 'ai.train');
  if (!trains && article.author_id !== userId) throw forbidden(ARTICLE_MESSAGES.editForbidden);
  // An author's judgements are training data on creation only.
  if (!trains && article.version !== 1) return { recorded: 0 };
  const records = trainingRecords(feedback, article, userId, new Date().toISOString());
  await recordTraining(records.tags, records.locations);
  return { recorded: records.tags.length + records.locations.length };
}
