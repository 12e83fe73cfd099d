// The editor form's values and the pure rules around them: defaults, loading a draft, the status list,
// cover file checks and validation against the shared schemas.
import type { ArticleDraft } from '../../../../../shared/api-types';
import {
  ARTICLE_LIMITS,
  ARTICLE_MESSAGES,
  ARTICLE_STATUSES,
  articleCreateSchema,
  articleUpdateSchema,
  COVER_TYPES,
  firstArticleIssue,
  normalizeTags,
  STATUS_LABELS,
  type ArticleStatus,
  type Visibility,
} from '../../../../../shared/articles';

export interface ArticleFormValues {
  title: string;
  slug: string;
  summary: string;
  /** HTML from the editor; '' when empty. */
  content: string;
  cover_image: string;
  visibility: Visibility;
  tags: string[];
  /** IBGE code of the primary city. */
  city_code: string | null;
  /** IBGE codes of the other cities approved in the AI panel. */
  location_codes: string[];
  /** An AI analysis happened since the last save: the next save sets ai_last_updated. */
  analyzed: boolean;
  status: ArticleStatus;
}

export type ArticleField = keyof ArticleFormValues;

export const EMPTY_FORM: ArticleFormValues = {
  title: '',
  slug: '',
  summary: '',
  content: '',
  cover_image: '',
  visibility: 'public',
  tags: [],
  city_code: null,
  location_codes: [],
  analyzed: false,
  status: 'draft',
};

export function formValuesFromDraft(draft: ArticleDraft): ArticleFormValues {
  return {
    title: draft.title,
    slug: draft.slug,
    summary: draft.summary,
    content: draft.content,
    cover_image: draft.cover_image ?? '',
    visibility: draft.visibility,
    tags: normalizeTags(draft.tags ?? []),
    city_code: draft.city_code ?? null,
    location_codes: (draft.locations ?? []).filter((location) => !location.is_primary).map((location) => location.code),
    analyzed: false,
    status: draft.status,
  };
}

/** Statuses for the select: those the API allows now, always including the current one, in workflow order. */
export function statusOptions(allowed: readonly ArticleStatus[], current: ArticleStatus): { value: ArticleStatus; label: string }[] {
  return ARTICLE_STATUSES.filter((status) => status === current || allowed.includes(status)).map((status) => ({
    value: status,
    label: STATUS_LABELS[status],
  }));
}

/** Tags as the user edits them: pasted lists split on commas, normalized and capped. */
export const cleanTags = (tags: readonly string[]): string[] =>
  normalizeTags(tags.flatMap((tag) => tag.split(','))).slice(0, ARTICLE_LIMITS.tagsMax);

/** Shown under the tags field while an 11th tag is typed: the field keeps it, and says why it cannot take it. */
export function tagLimitMessage(tags: readonly string[], typed: string): string | null {
  if (tags.length < ARTICLE_LIMITS.tagsMax || !typed.trim()) return null;
  return `Limite de ${ARTICLE_LIMITS.tagsMax} tags atingido: remova uma tag para adicionar “${typed.trim()}”.`;
}

export const COVER_ACCEPT = Object.keys(COVER_TYPES).join(',');

/** The client's checks before asking for an upload URL; null when the file may go. */
export function coverFileProblem(file: { type: string; size: number }): string | null {
  if (!Object.hasOwn(COVER_TYPES, file.type)) return ARTICLE_MESSAGES.uploadInvalid;
  if (file.size > ARTICLE_LIMITS.coverMaxBytes) return ARTICLE_MESSAGES.uploadTooLarge;
  return null;
}

export interface FormIssue {
  message: string;
  field?: string;
}

type Parsed<T> = { ok: true; data: T } | { ok: false; issue: FormIssue };

function pickCreateFields(values: ArticleFormValues): Omit<ArticleFormValues, 'status'> {
  const { status: _omit, ...rest } = values;
  return rest;
}

export function parseCreate(values: ArticleFormValues): Parsed<ReturnType<typeof articleCreateSchema.parse>> {
  const parsed = articleCreateSchema.safeParse(pickCreateFields(values));
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issue: firstArticleIssue(parsed.error) };
}

export function parseUpdate(
  values: ArticleFormValues,
  baseVersion: number,
): Parsed<ReturnType<typeof articleUpdateSchema.parse>> {
  const parsed = articleUpdateSchema.safeParse({ ...values, base_version: baseVersion });
  return parsed.success ? { ok: true, data: parsed.data } : { ok: false, issue: firstArticleIssue(parsed.error) };
}
