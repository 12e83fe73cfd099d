// What notifies whom: one entry per event of another context that becomes a notification. Each
// names its event, the article it is about, what makes one occurrence unique (the same on every
// delivery: the notification's id derives from it) and, given the article's title and author, the
// notification (or none); a source about no article (a pauta) says it from its event alone.
// Adding a source is adding one entry here; the worker's rule follows.
// No AWS SDK here: the contract (read by the CDK app) builds the pipeline's pattern from this list.
import { REVIEW_STATUS_LABELS } from '../../shared/editorial';
import type { NotificationMetadata, NotificationType } from '../../shared/notifications';
import { ANALYSIS_EVENTS } from '../analysis/public';
import { ARTICLE_EVENTS } from '../articles/public';
import { EDITORIAL_EVENTS } from '../editorial/public';
import { STORY_EVENTS } from '../storyboard/public';
import type { EventPattern } from '../platform/contract';
import type { EventCatalogue, EventDetail } from '../platform/domain-events';

/** The article as a source sees it (read once per event, lambdas/articles/public.ts). */
export interface SourceArticle {
  id: string;
  title: string;
  author_id: string;
}

export interface NotificationDraft {
  user_id: string;
  type: NotificationType;
  message: string;
  metadata?: NotificationMetadata;
}

interface SourceSpec<D> {
  articleId: (detail: D) => string;
  /** Unique per occurrence and stable across deliveries; `correlationId` is the outbox's id of the change. */
  occurrence: (detail: D, correlationId: string) => string;
  notify: (detail: D, article: SourceArticle) => NotificationDraft | undefined;
}

export interface NotificationSource {
  name: string;
  catalogue: EventCatalogue;
  /** The article it is about, read before `notify` (one that is gone says nothing); absent for sources about no article. */
  articleId?: (detail: never) => string;
  occurrence: (detail: never, correlationId: string) => string;
  notify: (detail: never, article: SourceArticle | undefined) => NotificationDraft | undefined;
}

function source<C extends EventCatalogue, N extends keyof C & string>(catalogue: C, name: N, spec: SourceSpec<EventDetail<C, N>>): NotificationSource {
  const { articleId, occurrence, notify } = spec as SourceSpec<never>;
  return { name, catalogue, articleId, occurrence, notify: (detail, article) => (article ? notify(detail, article) : undefined) };
}

/** A source whose event says everything itself (no article to read). */
function eventSource<C extends EventCatalogue, N extends keyof C & string>(
  catalogue: C,
  name: N,
  spec: { occurrence: SourceSpec<EventDetail<C, N>>['occurrence']; notify: (detail: EventDetail<C, N>) => NotificationDraft | undefined },
): NotificationSource {
  const { occurrence, notify } = spec as unknown as { occurrence: NotificationSource['occurrence']; notify: (detail: never) => NotificationDraft | undefined };
  return { name, catalogue, occurrence, notify: (detail) => notify(detail) };
}

const quoted = (article: SourceArticle) => `“${article.title}”`;

const SEO_MESSAGES = {
  valid: (article: SourceArticle) => `SEO aprovado para ${quoted(article)}`,
  warning: (article: SourceArticle) => `SEO aprovado com avisos para ${quoted(article)}`,
  error: (article: SourceArticle) => `Problemas de SEO em ${quoted(article)}`,
} as const;

export const NOTIFICATION_SOURCES: readonly NotificationSource[] = [
  source(ARTICLE_EVENTS, 'ArticlePublished', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `published:${detail.article_id}:${detail.version}`,
    notify: (_detail, article) => ({
      user_id: article.author_id,
      type: 'PUBLISH_SUCCESS',
      message: `Seu artigo ${quoted(article)} foi publicado.`,
    }),
  }),
  source(ARTICLE_EVENTS, 'SeoValidated', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `seo:${detail.article_id}:${detail.version}`,
    notify: (detail, article) => ({
      user_id: article.author_id,
      type: detail.validation_status === 'error' ? 'SEO_ERROR' : 'SEO_OK',
      message: SEO_MESSAGES[detail.validation_status](article),
      metadata: { errors: detail.errors, warnings: detail.warnings, validation_status: detail.validation_status, version: detail.version },
    }),
  }),
  // An editor's review, to the author (not when the author reviewed their own article).
  source(EDITORIAL_EVENTS, 'ReviewSubmitted', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `review:${detail.review_id}`,
    notify: (detail, article) =>
      detail.reviewer_id === article.author_id
        ? undefined
        : {
            user_id: article.author_id,
            type: 'REVIEW',
            message: `Nova review em ${quoted(article)}: ${REVIEW_STATUS_LABELS[detail.status]}`,
            metadata: { status: detail.status, reviewer_id: detail.reviewer_id, review_id: detail.review_id, ...(detail.comment ? { comment: detail.comment } : {}) },
          },
  }),
  // An internal comment, to the author unless they wrote it.
  source(EDITORIAL_EVENTS, 'InternalCommentAdded', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `comment:${detail.comment_id}`,
    notify: (detail, article) =>
      detail.user_id === article.author_id
        ? undefined
        : {
            user_id: article.author_id,
            type: 'COMMENT',
            message: `Novo comentário interno em ${quoted(article)}`,
            metadata: { comment_id: detail.comment_id, user_id: detail.user_id },
          },
  }),
  // The AI analysis of an article ran again (reprocessing): how it went, to the author.
  source(ANALYSIS_EVENTS, 'AnalysisSucceeded', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `analysis:${detail.log_id}:${detail.attempt}`,
    notify: (detail, article) => ({
      user_id: article.author_id,
      type: 'AI_SUCCESS',
      message: `Análise de IA concluída para ${quoted(article)}`,
      metadata: { attempt: detail.attempt },
    }),
  }),
  // Only when no attempt is left: a failed attempt with one to come is retried on its own (Monitor IA shows it).
  source(ANALYSIS_EVENTS, 'AnalysisFailed', {
    articleId: (detail) => detail.article_id,
    occurrence: (detail) => `analysis:${detail.log_id}:${detail.attempt}`,
    notify: (detail, article) =>
      detail.final
        ? {
            user_id: article.author_id,
            type: 'AI_ERROR',
            message: `Falha na análise de IA de ${quoted(article)}`,
            metadata: { errors: detail.error ? [detail.error] : [], attempt: detail.attempt },
          }
        : undefined,
  }),
  // A pauta given to a staff member, to them (not when they took it themselves).
  eventSource(STORY_EVENTS, 'StoryIdeaAssigned', {
    occurrence: (detail) => `story:${detail.idea_id}:${detail.assigned_to}:${detail.assigned_at}`,
    notify: (detail) =>
      detail.assigned_by === detail.assigned_to
        ? undefined
        : {
            user_id: detail.assigned_to,
            type: 'STORY_ASSIGNED',
            message: `Nova pauta para você: “${detail.title}”`,
            metadata: { story_idea_id: detail.idea_id, assigned_by: detail.assigned_by, priority: detail.priority, deadline: detail.deadline },
          },
  }),
];

/** The events of every source, as one catalogue for the worker. */
export const SOURCE_CATALOGUE: EventCatalogue = Object.fromEntries(NOTIFICATION_SOURCES.map((entry) => [entry.name, entry.catalogue[entry.name]!]));

export const SOURCE_NAMES: readonly string[] = NOTIFICATION_SOURCES.map((entry) => entry.name);

/** The rule of the notifications pipeline: every source's event, by source and detail-type. */
export const SOURCE_PATTERN: EventPattern = {
  source: [...new Set(NOTIFICATION_SOURCES.map((entry) => entry.catalogue[entry.name]!.source))],
  'detail-type': [...SOURCE_NAMES],
};

export const sourceNamed = (name: string): NotificationSource | undefined => NOTIFICATION_SOURCES.find((entry) => entry.name === name);
