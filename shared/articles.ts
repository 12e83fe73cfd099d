// Article validation (spec section 5): the zod schemas shared by the editor in the browser and the
// articles API, which enforces them. The rules without zod live in shared/article-rules.ts.
import { z } from 'zod';
import { ARTICLE_LIMITS, ARTICLE_MESSAGES, ARTICLE_STATUSES, COVER_TYPES, READING, VISIBILITIES, normalizeTags, pageParam, type CoverType } from './article-rules';
import { plainText, urlField } from './text-fields';
import { hasControlCharacters, TEXT_MESSAGES, visibleHtmlLength } from './text';

/** The version an edit or a restore started from: a positive integer, nothing else. */
const baseVersionField = z.number({ error: 'Versão inválida' }).int('Versão inválida').positive('Versão inválida');

/** A restore may carry the version the editor holds, so it cannot silently replace a newer save. */
export const restoreSchema = z.object({ base_version: baseVersionField.optional() });

export * from './article-rules';

// Without defaults: an edit changes only what it sends (a missing field must never reset a stored one).
const fields = {
  title: plainText({
    min: ARTICLE_LIMITS.titleMin,
    tooShort: 'Título deve ter pelo menos 3 caracteres',
    max: ARTICLE_LIMITS.titleMax,
    tooLong: 'Título muito longo',
  }),
  slug: z
    .string({ error: 'Slug deve ter pelo menos 3 caracteres' })
    .trim()
    .min(ARTICLE_LIMITS.slugMin, 'Slug deve ter pelo menos 3 caracteres')
    .max(ARTICLE_LIMITS.slugMax, 'Slug muito longo')
    .regex(/^[a-z0-9-]+$/, 'Slug deve conter apenas letras minúsculas, números e hífens'),
  summary: plainText({
    min: ARTICLE_LIMITS.summaryMin,
    tooShort: 'Resumo deve ter pelo menos 10 caracteres',
    max: ARTICLE_LIMITS.summaryMax,
    tooLong: 'Resumo muito longo',
  }),
  content: z
    .string({ error: 'Conteúdo deve ter pelo menos 50 caracteres' })
    .max(ARTICLE_LIMITS.contentMax, 'Conteúdo muito longo')
    .refine((value) => !hasControlCharacters(value), TEXT_MESSAGES.control)
    // The text a reader sees, not the markup around it.
    .refine((value) => visibleHtmlLength(value) >= ARTICLE_LIMITS.contentMin, 'Conteúdo deve ter pelo menos 50 caracteres'),
  cover_image: urlField(),
  visibility: z.enum(VISIBILITIES, { error: 'Visibilidade inválida' }),
  tags: z
    .array(plainText({ max: ARTICLE_LIMITS.tagMax, tooLong: 'Tag muito longa' }), { error: 'Tags inválidas' })
    .max(ARTICLE_LIMITS.tagsMax * 5, `Use no máximo ${ARTICLE_LIMITS.tagsMax} tags`)
    .transform(normalizeTags)
    .refine((tags) => tags.length <= ARTICLE_LIMITS.tagsMax, `Use no máximo ${ARTICLE_LIMITS.tagsMax} tags`),
  /** IBGE code of the primary city (sets location_path), or null for none. */
  city_code: z
    .string({ error: ARTICLE_MESSAGES.invalidCity })
    .regex(/^\d{7}$/, ARTICLE_MESSAGES.invalidCity)
    .nullable(),
  /** IBGE codes of further approved cities (the AI panel's), besides the primary one; repeats count once. */
  location_codes: z
    .array(z.string({ error: ARTICLE_MESSAGES.invalidCity }).regex(/^\d{7}$/, ARTICLE_MESSAGES.invalidCity), { error: ARTICLE_MESSAGES.invalidCity })
    .max(ARTICLE_LIMITS.extraLocationsMax * 5, ARTICLE_MESSAGES.tooManyLocations)
    .transform((codes) => [...new Set(codes)])
    .refine((codes) => codes.length <= ARTICLE_LIMITS.extraLocationsMax, ARTICLE_MESSAGES.tooManyLocations),
  /** True when the save follows an AI analysis (spec section 4): it sets ai_last_updated. */
  analyzed: z.boolean({ error: ARTICLE_MESSAGES.invalidAnalyzed }),
};

/** Create: the form's fields, with defaults for the optional ones. Status is not accepted: creation always yields a draft. */
export const articleCreateSchema = z.object({
  ...fields,
  cover_image: fields.cover_image.default(''),
  visibility: fields.visibility.default('public'),
  tags: fields.tags.default([]),
  city_code: fields.city_code.default(null),
  location_codes: fields.location_codes.default([]),
  analyzed: fields.analyzed.default(false),
});
export type ArticleCreateInput = z.input<typeof articleCreateSchema>;
export type ArticleCreate = z.output<typeof articleCreateSchema>;

/** Edit: any of the fields and the status, plus the version the editor started from (optimistic lock). */
export const articleUpdateSchema = z
  .object({ ...fields, status: z.enum(ARTICLE_STATUSES, { error: 'Status inválido' }) })
  .partial()
  .extend({ base_version: baseVersionField });
export type ArticleUpdateInput = z.input<typeof articleUpdateSchema>;
export type ArticleUpdate = z.output<typeof articleUpdateSchema>;

/** The first message of a failed parse, as the form's toast shows it. */
export function firstArticleIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  return { message: issue?.message ?? 'Dados inválidos', field: issue?.path[0]?.toString() };
}

export const readingSchema = z.object({
  visit_id: z.uuid(ARTICLE_MESSAGES.invalidReading),
  time_spent_seconds: z
    .number(ARTICLE_MESSAGES.invalidReading)
    .int(ARTICLE_MESSAGES.invalidReading)
    .min(0, ARTICLE_MESSAGES.invalidReading)
    .max(READING.maxSeconds, ARTICLE_MESSAGES.invalidReading),
  scroll_depth_percent: z
    .number(ARTICLE_MESSAGES.invalidReading)
    .min(0, ARTICLE_MESSAGES.invalidReading)
    .max(READING.maxScroll, ARTICLE_MESSAGES.invalidReading),
});
export type ReadingInput = z.input<typeof readingSchema>;
export type Reading = z.output<typeof readingSchema>;


/** GET /api/authors/{id}?page=N: the page from 1 (absent: the first); a page past the last is valid and empty. */
export const authorPageQuerySchema = z.object({
  page: z
    .string({ error: ARTICLE_MESSAGES.invalidPage })
    .optional()
    .transform((value, context) => {
      const page = pageParam(value);
      if (page === null) context.addIssue({ code: 'custom', message: ARTICLE_MESSAGES.invalidPage });
      return page ?? 1;
    }),
});

/** The upload the browser finished, by the key the start gave it. */
export const coverConfirmSchema = z.object({ key: z.string({ error: ARTICLE_MESSAGES.uploadInvalid }).max(300, ARTICLE_MESSAGES.uploadInvalid) });

export const coverUploadSchema = z.object({
  content_type: z.enum(Object.keys(COVER_TYPES) as [CoverType, ...CoverType[]], { error: ARTICLE_MESSAGES.uploadInvalid }),
  size: z
    .number({ error: ARTICLE_MESSAGES.uploadInvalid })
    .int()
    .positive(ARTICLE_MESSAGES.uploadInvalid)
    .max(ARTICLE_LIMITS.coverMaxBytes, ARTICLE_MESSAGES.uploadTooLarge),
});
export type CoverUploadRequest = z.output<typeof coverUploadSchema>;
