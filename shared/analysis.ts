// AI analysis of articles (spec sections 2–9: the editor's AI panel, the Monitor IA tab, the AI
// training records and the reprocessing log): the zod schemas the analysis API enforces, the pt-BR
// texts both sides show, the limits, and the shapes of the answers. The result itself
// (AnalysisResult) is in api-types.ts.
import { z } from 'zod';
import { ARTICLE_LIMITS } from './article-rules';
import { hasControlCharacters, TEXT_MESSAGES, visibleLength } from './text';

export const ANALYSIS_LIMITS = {
  /** Suggestions above this relevance or confidence come preselected (spec section 4). */
  preselect: 0.7,
  /** Monitor: the newest log entries read, the recent failures and successes shown, its refresh. */
  monitorEntries: 100,
  monitorRecent: 5,
  monitorRefreshMs: 30_000,
  /** Pending entries one press of "Reprocessar pendentes" runs. */
  reprocessBatch: 10,
  /** Attempts of one log entry before it is marked failed; the wait doubles after each failure. */
  maxAttempts: 5,
  backoffBaseSeconds: 60,
  /** Judgements one feedback may carry. */
  feedbackTags: 40,
  feedbackLocations: 30,
} as const;

export const ANALYSIS_MESSAGES = {
  needText: 'Preencha pelo menos o título e o conteúdo para análise.',
  errorTitle: 'Erro na análise',
  error: 'Não foi possível analisar o artigo. Tente novamente.',
  titleTooLong: 'Título muito longo',
  summaryTooLong: 'Resumo muito longo',
  contentTooLong: 'Conteúdo muito longo',
  invalidArticle: 'Artigo inválido.',
  analyzeForbidden: 'Você precisa ser Autor, Editor ou Master para usar a análise com IA.',
  monitorForbidden: 'Acesso negado: apenas editores e o Master acessam o Monitor IA.',
  feedbackForbidden: 'Acesso negado: apenas editores e o Master registram dados de treinamento da IA.',
  invalidFeedback: 'Dados de treinamento inválidos.',
  invalidTag: 'Tag inválida.',
  tagTooLong: 'Tag muito longa',
  invalidLocation: 'Localização inválida.',
  onePrimary: 'Escolha apenas uma localização principal.',
  primaryApprovedCity: 'A localização principal deve ser uma cidade aprovada.',
  // Reprocessing (spec section 8).
  noPending: 'Nenhum artigo pendente',
  reprocessErrorTitle: 'Erro',
  reprocessError: 'Não foi possível reprocessar os artigos.',
  monitorLoadError: 'Não foi possível carregar o Monitor IA.',
  articleGone: 'Artigo não encontrado.',
} as const;

export const reprocessDoneMessage = (count: number): string =>
  `Reprocessamento concluído: ${count} artigo(s) foram reprocessados com sucesso.`;

/** Some visible text once the HTML is left out (tags, and non-breaking spaces, are not text). */
const filled = (value: string) => visibleLength(value.replace(/<[^>]*>/g, ' ').replace(/&nbsp;|&#160;|&#xa0;|\u00a0/gi, ' ')) > 0;

const text = (max: number, tooLong: string, missing: string) =>
  z
    .string({ error: missing })
    .max(max, tooLong)
    .refine((value) => !hasControlCharacters(value), TEXT_MESSAGES.control);

/** POST /api/analysis: the editor's title, summary and body (HTML), as they are in the form. */
export const analysisRequestSchema = z.object({
  title: text(ARTICLE_LIMITS.titleMax, ANALYSIS_MESSAGES.titleTooLong, ANALYSIS_MESSAGES.needText).refine(filled, ANALYSIS_MESSAGES.needText),
  summary: text(ARTICLE_LIMITS.summaryMax, ANALYSIS_MESSAGES.summaryTooLong, ANALYSIS_MESSAGES.summaryTooLong).default(''),
  content: text(ARTICLE_LIMITS.contentMax, ANALYSIS_MESSAGES.contentTooLong, ANALYSIS_MESSAGES.needText).refine(filled, ANALYSIS_MESSAGES.needText),
  /** The article being edited, when it exists: a failed analysis of it is queued for reprocessing. */
  article_id: z.uuid(ANALYSIS_MESSAGES.invalidArticle).optional(),
});
export type AnalysisRequestInput = z.input<typeof analysisRequestSchema>;
export type AnalysisRequest = z.output<typeof analysisRequestSchema>;

/** Trimmed, lower case, single spaces (spec: custom tags trimmed, lowercased, no duplicates). */
export const normalizeAiTag = (tag: string): string => tag.trim().toLowerCase().replace(/\s+/g, ' ');

const score = z.number({ error: ANALYSIS_MESSAGES.invalidFeedback }).min(0, ANALYSIS_MESSAGES.invalidFeedback).max(1, ANALYSIS_MESSAGES.invalidFeedback);
const flag = z.boolean({ error: ANALYSIS_MESSAGES.invalidFeedback });

const tagJudgement = z.object({
  tag: z
    .string({ error: ANALYSIS_MESSAGES.invalidTag })
    .refine((value) => !hasControlCharacters(value), TEXT_MESSAGES.control)
    .transform(normalizeAiTag)
    .refine((value) => value.length > 0, ANALYSIS_MESSAGES.invalidTag)
    .refine((value) => value.length <= ARTICLE_LIMITS.tagMax, ANALYSIS_MESSAGES.tagTooLong),
  relevance: score,
  approved: flag,
  /** A tag a person added (not suggested by the analyzer). */
  custom: flag.optional(),
});

const locationJudgement = z
  .object({
    code: z.string({ error: ANALYSIS_MESSAGES.invalidLocation }).regex(/^\d{2}(?:\d{5})?$/, ANALYSIS_MESSAGES.invalidLocation),
    type: z.enum(['city', 'state'], { error: ANALYSIS_MESSAGES.invalidLocation }),
    confidence: score,
    approved: flag,
    primary: flag,
  })
  .refine((location) => location.code.length === (location.type === 'city' ? 7 : 2), ANALYSIS_MESSAGES.invalidLocation);

/**
 * POST /api/analysis/feedback, after a save: each suggestion approved or rejected, the custom tags,
 * and the primary location (at most one, an approved city). Repeated tags and places count once (the last).
 */
export const feedbackSchema = z
  .object({
    article_id: z.uuid(ANALYSIS_MESSAGES.invalidArticle),
    tags: z.array(tagJudgement, { error: ANALYSIS_MESSAGES.invalidFeedback }).max(ANALYSIS_LIMITS.feedbackTags, ANALYSIS_MESSAGES.invalidFeedback).default([]),
    locations: z
      .array(locationJudgement, { error: ANALYSIS_MESSAGES.invalidFeedback })
      .max(ANALYSIS_LIMITS.feedbackLocations, ANALYSIS_MESSAGES.invalidFeedback)
      .default([]),
  })
  .superRefine((feedback, context) => {
    const primaries = feedback.locations.filter((location) => location.primary);
    if (primaries.length > 1) context.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.onePrimary, path: ['locations'] });
    else if (primaries.some((location) => !location.approved || location.type !== 'city')) {
      context.addIssue({ code: 'custom', message: ANALYSIS_MESSAGES.primaryApprovedCity, path: ['locations'] });
    }
  })
  .transform((feedback) => ({
    ...feedback,
    tags: [...new Map(feedback.tags.map((tag) => [tag.tag, tag])).values()],
    locations: [...new Map(feedback.locations.map((location) => [location.code, location])).values()],
  }));
export type FeedbackInput = z.input<typeof feedbackSchema>;
export type Feedback = z.output<typeof feedbackSchema>;

// Answers.

export const ANALYSIS_LOG_STATUSES = ['pending', 'success', 'failed'] as const;
export type AnalysisLogStatus = (typeof ANALYSIS_LOG_STATUSES)[number];

export const ANALYSIS_LOG_STATUS_LABELS: Record<AnalysisLogStatus, string> = {
  pending: 'Pendente',
  success: 'Sucesso',
  failed: 'Falhou',
};

/** Why an entry was created: the text changed after an analysis, or an analysis failed. */
export type AnalysisLogReason = 'text_changed' | 'analysis_failed';

/** One ai_reprocessing_log entry, with its article's title and slug. */
export interface AnalysisLogEntry {
  id: string;
  article_id: string;
  article_title: string;
  article_slug: string;
  article_location_path: string | null;
  status: AnalysisLogStatus;
  reason: AnalysisLogReason;
  /** Attempts made so far. */
  attempt: number;
  created_at: string;
  /** The last attempt's time; null before the first. */
  executed_at: string | null;
  /** While pending: when it may run (now, or later after a failure). */
  next_attempt_at: string | null;
  /** The last failure's reason, when the last attempt failed. */
  error: string | null;
}

/** GET /api/analysis/monitor */
export interface AnalysisMonitor {
  /** The newest entries (at most 100), newest activity first. */
  entries: AnalysisLogEntry[];
  /** The 5 newest failed and successful entries among them. */
  failures: AnalysisLogEntry[];
  successes: AnalysisLogEntry[];
  /** Successes divided by the entries read (0 when none); 0..1. */
  success_rate: number;
  /** Entries waiting to run, and how many of them may run now. */
  pending: number;
  due: number;
}

/** POST /api/analysis/reprocess */
export interface ReprocessOutcome {
  processed: number;
  succeeded: number;
  failed: number;
  message: string;
}

/** POST /api/analysis/feedback: the training records written (0 when the caller's judgements are not training data). */
export interface FeedbackOutcome {
  recorded: number;
}
