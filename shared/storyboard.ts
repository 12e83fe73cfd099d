// The story board, Pautas (spec 2 "Storyboard", 3 story_ideas, 4, 5 "Other", 8): statuses, priorities,
// the pt-BR texts and the zod schemas shared by /storyboard and the API, which enforces them.
import { z } from 'zod';
import { cityByCode, cityLabel } from './cities';
import { pageCursor, plainText } from './text-fields';

export const STORY_STATUSES = ['idea', 'assigned', 'in_progress', 'completed', 'cancelled'] as const;
export type StoryStatus = (typeof STORY_STATUSES)[number];

export const STORY_PRIORITIES = ['low', 'medium', 'high', 'urgent'] as const;
export type StoryPriority = (typeof STORY_PRIORITIES)[number];

export const STORY_STATUS_LABELS: Record<StoryStatus, string> = {
  idea: 'Ideia',
  assigned: 'Atribuída',
  in_progress: 'Em Progresso',
  completed: 'Concluída',
  cancelled: 'Cancelada',
};

export const STORY_PRIORITY_LABELS: Record<StoryPriority, string> = {
  low: 'Baixa',
  medium: 'Média',
  high: 'Alta',
  urgent: 'Urgente',
};

/** The board's tabs (spec: Todas, Ideias, Atribuídas, Em Progresso, Concluídas); 'all' lists every status. */
export const STORYBOARD_TABS = [
  { value: 'all', label: 'Todas' },
  { value: 'idea', label: 'Ideias' },
  { value: 'assigned', label: 'Atribuídas' },
  { value: 'in_progress', label: 'Em Progresso' },
  { value: 'completed', label: 'Concluídas' },
] as const;
export type StoryboardTab = (typeof STORYBOARD_TABS)[number]['value'];

export const STORY_LIMITS = { titleMax: 200, descriptionMax: 5000, tagsMax: 10, tagMax: 50, pageSize: 30 } as const;

export const STORY_MESSAGES = {
  created: 'Pauta criada',
  createError: 'Não foi possível criar a pauta.',
  statusUpdated: 'Status atualizado',
  statusError: 'Não foi possível atualizar o status.',
  assigned: 'Responsável atualizado',
  assignError: 'Não foi possível atribuir a pauta.',
  loadError: 'Não foi possível carregar as pautas.',
  staffError: 'Não foi possível carregar a equipe.',
  linkError: 'O rascunho foi criado, mas não foi possível vinculá-lo à pauta.',
  forbidden: 'Acesso negado: apenas autores, editores e o Master usam as pautas.',
  notFound: 'Pauta não encontrada.',
  title: 'Título é obrigatório',
  titleTooLong: 'Título muito longo',
  description: 'Descrição é obrigatória',
  descriptionTooLong: 'Descrição muito longa',
  priority: 'Prioridade inválida',
  status: 'Status inválido',
  tags: 'Tags inválidas',
  tagTooLong: 'Tag muito longa',
  tooManyTags: `Use no máximo ${STORY_LIMITS.tagsMax} tags`,
  assignee: 'Responsável inválido',
  assigneeNotStaff: 'O responsável deve ser um autor, editor ou Master.',
  deadline: 'Prazo inválido',
  city: 'Cidade inválida. Escolha uma cidade da lista.',
  nothingToChange: 'Informe o status ou o responsável.',
  article: 'Artigo inválido',
  articleNotFound: 'Artigo não encontrado.',
  articleForbidden: 'Você não tem permissão para editar este artigo.',
} as const;

/** Spec: tags split on commas and trimmed (empties dropped, each once, in the order typed). */
export function splitTags(input: string | readonly string[]): string[] {
  const parts = (typeof input === 'string' ? [input] : input).flatMap((text) => text.split(','));
  return [...new Set(parts.map((tag) => tag.trim().replace(/\s+/g, ' ')).filter(Boolean))];
}

/** A calendar date 'YYYY-MM-DD' that exists (no 31 de fevereiro). */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

/** Today's date in Brasília ('YYYY-MM-DD'): UTC−3 all year since 2019. */
export const brasiliaToday = (now: Date = new Date()): string => new Date(now.getTime() - 3 * 3600_000).toISOString().slice(0, 10);

/** A deadline already past for a pauta still open (completed and cancelled ones are never late). */
export function isOverdue(idea: { deadline: string | null; status: StoryStatus }, today: string = brasiliaToday()): boolean {
  return idea.deadline !== null && idea.deadline < today && idea.status !== 'completed' && idea.status !== 'cancelled';
}

/** '' and null both mean none (spec: optional fields are null when empty). */
const emptyToNull = (value: string | null | undefined) => (value ? value : null);

const tagsField = z
  .union([z.string({ error: STORY_MESSAGES.tags }), z.array(z.string({ error: STORY_MESSAGES.tags }), { error: STORY_MESSAGES.tags })], { error: STORY_MESSAGES.tags })
  .transform((value) => splitTags(value))
  .refine((tags) => tags.length <= STORY_LIMITS.tagsMax, STORY_MESSAGES.tooManyTags)
  .refine((tags) => tags.every((tag) => tag.length <= STORY_LIMITS.tagMax), STORY_MESSAGES.tagTooLong)
  .pipe(z.array(plainText({ max: STORY_LIMITS.tagMax, tooLong: STORY_MESSAGES.tagTooLong })));

/** A user id (Cognito's sub) or none. */
const assigneeField = z
  .string({ error: STORY_MESSAGES.assignee })
  .trim()
  .regex(/^([\w-]{1,64})?$/, STORY_MESSAGES.assignee)
  .nullish()
  .transform(emptyToNull);

const deadlineField = z
  .string({ error: STORY_MESSAGES.deadline })
  .trim()
  .refine((value) => value === '' || isCalendarDate(value), STORY_MESSAGES.deadline)
  .nullish()
  .transform(emptyToNull);

/** IBGE code of a Brazilian city, as articles take it (shared/cities.ts), or none. */
const cityField = z
  .string({ error: STORY_MESSAGES.city })
  .trim()
  .refine((value) => value === '' || (/^\d{7}$/.test(value) && cityByCode(value) !== undefined), STORY_MESSAGES.city)
  .nullish()
  .transform(emptyToNull);

export const storyIdeaCreateSchema = z.object({
  title: plainText({ min: 1, tooShort: STORY_MESSAGES.title, max: STORY_LIMITS.titleMax, tooLong: STORY_MESSAGES.titleTooLong }),
  description: plainText({ min: 1, tooShort: STORY_MESSAGES.description, max: STORY_LIMITS.descriptionMax, tooLong: STORY_MESSAGES.descriptionTooLong }),
  // Spec 4: new ideas default to priority medium.
  priority: z.enum(STORY_PRIORITIES, { error: STORY_MESSAGES.priority }).default('medium'),
  tags: tagsField.default([]),
  assigned_to: assigneeField,
  deadline: deadlineField,
  city_code: cityField,
});
export type StoryIdeaInput = z.input<typeof storyIdeaCreateSchema>;
export type StoryIdeaCreate = z.output<typeof storyIdeaCreateSchema>;

/** The selector's change (any status to any other) and/or a new assignee (null: nobody); no defaults. */
export const storyIdeaUpdateSchema = z
  .object({
    status: z.enum(STORY_STATUSES, { error: STORY_MESSAGES.status }).optional(),
    assigned_to: z
      .string({ error: STORY_MESSAGES.assignee })
      .trim()
      .regex(/^([\w-]{1,64})?$/, STORY_MESSAGES.assignee)
      .nullable()
      .optional()
      .transform((value) => (value === undefined ? undefined : emptyToNull(value))),
  })
  .refine((change) => change.status !== undefined || change.assigned_to !== undefined, STORY_MESSAGES.nothingToChange);
/** undefined: unchanged; null: nobody. */
export type StoryIdeaUpdate = Partial<z.output<typeof storyIdeaUpdateSchema>>;

/** The draft article written from a pauta. */
export const storyArticleSchema = z.object({ article_id: z.uuid({ error: STORY_MESSAGES.article }) });

export const storyListQuerySchema = z.object({
  status: z.enum(STORY_STATUSES, { error: STORY_MESSAGES.status }).optional(),
  cursor: pageCursor(),
});

export interface StoryIdea {
  id: string;
  title: string;
  description: string;
  priority: StoryPriority;
  status: StoryStatus;
  assigned_to: string | null;
  /** The assignee's name (null without one, or when the profile is gone). */
  assignee_name: string | null;
  /** 'YYYY-MM-DD' */
  deadline: string | null;
  city_code: string | null;
  /** 'Campinas (SP)' */
  city: string | null;
  tags: string[];
  created_by: string;
  created_by_name: string | null;
  created_at: string;
  updated_at: string;
  /** The draft article written from it, once there is one. */
  article_id: string | null;
}

export type StoryCounts = Record<StoryStatus | 'all', number>;

/** GET /api/storyboard/ideas: a page newest first, the counts of every tab, and the next page's cursor. */
export interface StoryIdeaList {
  items: StoryIdea[];
  counts: StoryCounts;
  next_cursor: string | null;
}

/** Someone a pauta may be assigned to: an author, editor or master. */
export interface StaffMember {
  id: string;
  full_name: string;
  roles: string[];
  /** Only when someone else on the staff has the same name: the picker shows it beside the name. */
  email?: string;
}

/** 'Campinas (SP)' for a stored IBGE code; null when none (or unknown). */
export function storyCity(code: string | null): string | null {
  const city = code ? cityByCode(code) : undefined;
  return city ? cityLabel(city) : null;
}
