// Article rules without the validation library (spec sections 3–5 and 9): statuses, limits, pt-BR
// messages, slug generation and the status workflow. Public pages import this module directly to
// stay light; shared/articles.ts adds the zod schemas and re-exports it all.
import type { Role } from './roles';
import { can } from './roles';
import { imageUrl } from './url-rules';

export const ARTICLE_STATUSES = ['draft', 'review', 'published'] as const;
export type ArticleStatus = (typeof ARTICLE_STATUSES)[number];

export const VISIBILITIES = ['public', 'premium'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const ARTICLE_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  slugMin: 3,
  slugMax: 200,
  summaryMin: 10,
  summaryMax: 500,
  contentMin: 50,
  contentMax: 50_000,
  /** Tags an article may carry; cards show 3, the article page 5. */
  tagsMax: 10,
  tagMax: 50,
  coverMaxBytes: 5 * 1024 * 1024,
  feedSize: 12,
  /** Cards per page of an author's page. */
  authorPageSize: 12,
  relatedMax: 5,
  cardTags: 3,
  viewTags: 5,
  viewLocations: 3,
  /** Approved cities an article may carry besides its primary one (the AI panel's location_codes). */
  extraLocationsMax: 4,
  popularCities: 5,
} as const;

export const ARTICLE_MESSAGES = {
  validationTitle: 'Erro de validação',
  createError: 'Não foi possível criar o artigo. Tente novamente.',
  saveError: 'Não foi possível salvar o artigo.',
  notFound: 'Artigo não encontrado.',
  listError: 'Não foi possível carregar seus artigos.',
  deleteError: 'Não foi possível excluir o artigo.',
  loadError: 'Não foi possível carregar o artigo.',
  createForbidden: 'Você precisa ser Autor, Editor ou Master para criar artigos.',
  createLoginRequired: 'Você precisa estar logado para criar artigos.',
  editForbidden: 'Você não tem permissão para editar este artigo.',
  deleteForbidden: 'Você não tem permissão para excluir este artigo.',
  statusForbidden: 'Você não tem permissão para alterar o status para este valor.',
  slugTaken: 'Este slug já está em uso por outro artigo. Escolha outro.',
  staleVersion: 'O artigo foi alterado por outra pessoa enquanto você editava. Recarregue a página para ver a versão atual.',
  invalidCity: 'Cidade inválida. Escolha uma cidade da lista.',
  tooManyLocations: `Escolha no máximo ${ARTICLE_LIMITS.extraLocationsMax} cidades além da principal.`,
  primaryCityRequired: 'Escolha a localização principal entre as cidades aprovadas.',
  invalidAnalyzed: 'Indicação de análise inválida.',
  versionNotFound: 'Versão não encontrada.',
  uploadTitle: 'Erro no upload',
  uploadError: 'Não foi possível enviar a imagem.',
  uploadInvalid: 'Arquivo inválido',
  uploadTooLarge: 'A imagem deve ter no máximo 5MB',
  emptyFeed: 'Nenhum artigo publicado ainda. Seja o primeiro a escrever!',
  anonymousAuthor: 'Autor Anônimo',
  authorNotFound: 'Autor não encontrado',
  invalidPage: 'Página inválida.',
  authorEmpty: 'Nenhum artigo publicado ainda.',
  authorLoadError: 'Não foi possível carregar a página do autor.',
  invalidReading: 'Dados de leitura inválidos.',
  reviewForbidden: 'Acesso negado: apenas editores e o Master revisam artigos.',
} as const;

/** ?page=N of a paged list: a whole number (1-based); up to 9 digits keeps it a safe integer. */
const PAGE_PARAM = /^\d{1,9}$/;

/** The page an address asks for: 1 when absent, null when it is no page number (the API answers 400). */
export function pageParam(value: string | null | undefined): number | null {
  if (value === null || value === undefined) return 1;
  return PAGE_PARAM.test(value) && Number(value) >= 1 ? Number(value) : null;
}

/** Lower case without accents: 'São Paulo' -> 'sao paulo' (slugs and accent-blind searches). */
export function foldAccents(text: string): string {
  return text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
}

/** Public address: '/campinas-sp/meu-artigo' under the primary city, or '/article/meu-artigo' without one (spec section 2). */
export function publicArticlePath(locationPath: string | null | undefined, slug: string): string {
  return locationPath ? `/${encodeURIComponent(locationPath)}/${encodeURIComponent(slug)}` : `/article/${encodeURIComponent(slug)}`;
}

/** 'Campinas (SP)' */
export function cityLabel(name: string, stateCode: string): string {
  return stateCode ? `${name} (${stateCode})` : name;
}

/**
 * Cities of the home filter, most published articles first, ties by name as a Brazilian reads them.
 * Not localeCompare: the browser would load its collation data (a long task) while hydrating the home.
 */
export function rankCities<T extends { count: number; location_name: string }>(cities: readonly T[]): T[] {
  // As a dictionary orders names: without case or accents ('Ávila' between 'Avaré' and 'Axixá').
  const key = (city: T) => foldAccents(city.location_name);
  return [...cities].sort((a, b) => b.count - a.count || (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : 0));
}

/** Spec: lowercase, accents stripped, runs of non-alphanumerics become one hyphen, edge hyphens trimmed. */
export function slugify(text: string): string {
  return foldAccents(text)
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, ARTICLE_LIMITS.slugMax)
    .replace(/-+$/, '');
}

/** Trimmed, lower-case, without duplicates or empties, at most ARTICLE_LIMITS.tagsMax. */
export function normalizeTags(tags: readonly string[]): string[] {
  const seen = new Set<string>();
  for (const tag of tags) {
    const clean = tag.trim().toLowerCase().replace(/\s+/g, ' ');
    if (clean) seen.add(clean);
  }
  return [...seen];
}

/** A cover is an absolute http(s) URL or a path of our own media (`/media/...`), or empty. */
export const isCoverUrl = (value: string): boolean => imageUrl(value) !== undefined;

/**
 * The status workflow (spec section 4): editors and masters may set any status from any state;
 * an author who is not an editor may keep the current status or move draft -> review.
 */
export function allowedStatuses(roles: readonly Role[], current: ArticleStatus): ArticleStatus[] {
  if (can(roles, 'article.set-status')) return [...ARTICLE_STATUSES];
  return current === 'draft' ? ['draft', 'review'] : [current];
}

export function canTransition(roles: readonly Role[], from: ArticleStatus, to: ArticleStatus): boolean {
  return allowedStatuses(roles, from).includes(to);
}

export const STATUS_LABELS: Record<ArticleStatus, string> = {
  draft: 'Rascunho',
  review: 'Em revisão',
  published: 'Publicado',
};

export const VISIBILITY_LABELS: Record<Visibility, string> = {
  public: 'Público',
  premium: 'Premium',
};

// SEO validation (spec section 4, "SEO display").
export const SEO_STATUSES = ['valid', 'warning', 'error'] as const;
export type SeoStatus = (typeof SEO_STATUSES)[number];

/** Badge text by stored status; 'none' when never validated, 'pending' for anything else. */
export const SEO_LABELS = {
  none: 'Não validado',
  valid: 'SEO Válido',
  warning: 'Com Avisos',
  error: 'Com Erros',
  pending: 'Pendente',
} as const;
export const SEO_TOOLTIP_ITEMS = 3;

// Reading tracking (spec section 9): its own module, so the public pages' tracker loads it alone.
export { READING } from './reading-rules';

export const COVER_TYPES = { 'image/jpeg': 'jpg', 'image/png': 'png', 'image/webp': 'webp' } as const;
export type CoverType = keyof typeof COVER_TYPES;

/** The cover type a file extension stands for ('png' -> 'image/png'), or undefined. */
export const coverTypeOfExtension = (ext: string): CoverType | undefined =>
  (Object.entries(COVER_TYPES) as [CoverType, string][]).find(([, extension]) => extension === ext)?.[0];
