// SEO badge rules (spec section 4, "SEO display"): which label an article shows and what its tooltip lists.
import type { SeoValidation } from '../../../../../shared/api-types';
import type { ArticleStatus } from '../../../../../shared/article-rules';
import { SEO_LABELS, SEO_STATUSES, SEO_TOOLTIP_ITEMS, type SeoStatus } from '../../../../../shared/article-rules';
import { validateSeo, type SeoInput, type SeoResult } from '../../../../../shared/seo-rules';

export type SeoBadgeKind = keyof typeof SEO_LABELS;

export interface SeoBadgeInput {
  seo: SeoValidation | null | undefined;
  status: ArticleStatus;
  /** The article's current version (edit screen); a validation of an older version is out of date. */
  version?: number;
}

export const SEO_BADGE_COLORS: Record<SeoBadgeKind, string> = {
  none: 'gray',
  valid: 'teal',
  warning: 'yellow',
  error: 'red',
  pending: 'blue',
};

const isSeoStatus = (value: unknown): value is SeoStatus =>
  typeof value === 'string' && (SEO_STATUSES as readonly string[]).includes(value);

/**
 * Missing or out-of-date validations read 'Pendente' on a published article (the validator will run)
 * and 'Não validado' otherwise; a current validation shows its own status, and an unknown one 'Pendente'.
 */
export function seoBadgeKind({ seo, status, version }: SeoBadgeInput): SeoBadgeKind {
  const outdated = !seo || (version !== undefined && seo.version < version);
  if (outdated) return status === 'published' ? 'pending' : 'none';
  return isSeoStatus(seo.validation_status) ? seo.validation_status : 'pending';
}

export const seoBadgeLabel = (kind: SeoBadgeKind): string => SEO_LABELS[kind];

export interface SeoTooltipContent {
  /** A sentence for states without a list (never validated, pending, nothing found). */
  note: string | null;
  errors: string[];
  warnings: string[];
  /** Errors and warnings beyond the first SEO_TOOLTIP_ITEMS of each: the '+ n mais' line. */
  more: number;
}

export const SEO_NOTES = {
  none: 'Este artigo ainda não passou pela validação de SEO.',
  pending: 'A validação de SEO desta versão ainda não foi concluída.',
  clean: 'Nenhum problema de SEO encontrado.',
} as const;

export function seoTooltipContent(seo: SeoValidation | null | undefined, kind: SeoBadgeKind): SeoTooltipContent {
  if (kind === 'none' || kind === 'pending' || !seo) {
    return { note: kind === 'none' ? SEO_NOTES.none : SEO_NOTES.pending, errors: [], warnings: [], more: 0 };
  }
  const errors = seo.errors ?? [];
  const warnings = seo.warnings ?? [];
  const more = Math.max(0, errors.length - SEO_TOOLTIP_ITEMS) + Math.max(0, warnings.length - SEO_TOOLTIP_ITEMS);
  return {
    note: errors.length === 0 && warnings.length === 0 ? SEO_NOTES.clean : null,
    errors: errors.slice(0, SEO_TOOLTIP_ITEMS),
    warnings: warnings.slice(0, SEO_TOOLTIP_ITEMS),
    more,
  };
}

/** '+ 2 mais', or null when everything fits. */
export const seoMoreLine = (more: number): string | null => (more > 0 ? `+ ${more} mais` : null);

/**
 * The SEO worker's rules (shared/seo-rules.ts) on what the editor holds now, so the author sees, while
 * typing, the verdict the published article will get.
 */
export function liveSeo({ title, summary, slug, content, cover_image }: SeoInput): SeoResult {
  return validateSeo({ title, summary, slug, content, cover_image });
}

/** Publishing asks for confirmation when the rules find errors (what the worker would mark 'Com Erros'). */
export const publishNeedsConfirmation = (result: SeoResult): boolean => result.validation_status === 'error';
