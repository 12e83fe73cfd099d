// Article validation (spec section 5): the zod schemas shared by the editor in the browser and the
// articles API, which enforces them. The rules without zod live in shared/article-rules.ts.
import { z } from 'zod';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, ARTICLE_STATUSES, COVER_TYPES, READING, VISIBILITIES, isCoverUrl, normalizeTags, type CoverType } from './article-rules';

export * from './article-rules';

const fields = {
  title: z
    .string({ error: 'Título deve ter pelo menos 3 caracteres' })
    .trim()
    .min(ARTICLE_LIMITS.titleMin, 'Título deve ter pelo menos 3 caracteres')
    .max(ARTICLE_LIMITS.titleMax, 'Título muito longo'),
  slug: z
    .string({ error: 'Slug deve ter pelo menos 3 caracteres' })
    .trim()
    .min(ARTICLE_LIMITS.slugMin, 'Slug deve ter pelo menos 3 caracteres')
    .max(ARTICLE_LIMITS.slugMax, 'Slug muito longo')
    .regex(/^[a-z0-9-]+$/, 'Slug deve conter apenas letras minúsculas, números e hífens'),
  summary: z
    .string({ error: 'Resumo deve ter pelo menos 10 caracteres' })
    .trim()
    .min(ARTICLE_LIMITS.summaryMin, 'Resumo deve ter pelo menos 10 caracteres')
    .max(ARTICLE_LIMITS.summaryMax, 'Resumo muito longo'),
  content: z
    .string({ error: 'Conteúdo deve ter pelo menos 50 caracteres' })
    .min(ARTICLE_LIMITS.contentMin, 'Conteúdo deve ter pelo menos 50 caracteres')
    .max(ARTICLE_LIMITS.contentMax, 'Conteúdo muito longo'),
  cover_image: z
    .string({ error: 'URL inválida' })
    .trim()
    .max(2000, 'URL inválida')
    .refine(isCoverUrl, 'URL inválida')
    .default(''),
  visibility: z.enum(VISIBILITIES, { error: 'Visibilidade inválida' }).default('public'),
  tags: z
    .array(z.string().max(ARTICLE_LIMITS.tagMax, 'Tag muito longa'), { error: 'Tags inválidas' })
    .default([])
    .transform(normalizeTags)
    .refine((tags) => tags.length <= ARTICLE_LIMITS.tagsMax, `Use no máximo ${ARTICLE_LIMITS.tagsMax} tags`),
  /** IBGE code of the primary city (sets location_path), or null for none. */
  city_code: z
    .string({ error: ARTICLE_MESSAGES.invalidCity })
    .regex(/^\d{7}$/, ARTICLE_MESSAGES.invalidCity)
    .nullable()
    .default(null),
};

/** Create: the form's fields. Status is not accepted: creation always yields a draft. */
export const articleCreateSchema = z.object(fields);
export type ArticleCreateInput = z.input<typeof articleCreateSchema>;

/** Edit: the same fields, the status, and the version the editor started from (optimistic lock). */
export const articleUpdateSchema = z.object({
  ...fields,
  status: z.enum(ARTICLE_STATUSES, { error: 'Status inválido' }),
  base_version: z.number({ error: 'Versão inválida' }).int().positive(),
});
export type ArticleUpdateInput = z.input<typeof articleUpdateSchema>;

/** The first message of a failed parse, as the form's toast shows it. */
export function firstArticleIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  return { message: issue?.message ?? 'Dados inválidos', field: issue?.path[0]?.toString() };
}

export const readingSchema = z.object({
  visit_id: z.uuid(ARTICLE_MESSAGES.invalidReading),
  time_spent_seconds: z.number(ARTICLE_MESSAGES.invalidReading).int().min(0).max(READING.maxSeconds),
  scroll_depth_percent: z.number(ARTICLE_MESSAGES.invalidReading).min(0).max(READING.maxScroll),
});
export type ReadingInput = z.input<typeof readingSchema>;


export const coverUploadSchema = z.object({
  content_type: z.enum(Object.keys(COVER_TYPES) as [CoverType, ...CoverType[]], { error: ARTICLE_MESSAGES.uploadInvalid }),
  size: z
    .number({ error: ARTICLE_MESSAGES.uploadInvalid })
    .int()
    .positive(ARTICLE_MESSAGES.uploadInvalid)
    .max(ARTICLE_LIMITS.coverMaxBytes, ARTICLE_MESSAGES.uploadTooLarge),
});
