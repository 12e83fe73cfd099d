// Events (spec 3 "events", 4, 5 "Event (create and edit)", 6) without zod, so the public pages stay
// light: statuses, limits, the spec's pt-BR messages, the rules about dates and the shapes the API
// answers. Times are entered and shown as Brasília's wall clock and stored as UTC ISO timestamps.
// shared/events.ts adds the zod schemas and re-exports it all.
import type { CityCount } from './api-types';

export const EVENT_STATUSES = ['draft', 'published', 'cancelled'] as const;
export type EventStatus = (typeof EVENT_STATUSES)[number];
/** Spec 4: a new event is a draft or published; cancelling is an edit. */
export const CREATE_STATUSES = ['draft', 'published'] as const;

export const EVENT_STATUS_LABELS: Record<EventStatus, string> = {
  draft: 'Rascunho',
  published: 'Publicado',
  cancelled: 'Cancelado',
};

export const EVENT_LIMITS = {
  titleMin: 3,
  titleMax: 200,
  descriptionMin: 10,
  descriptionMax: 50_000,
  locationMin: 3,
  locationMax: 200,
  cityMin: 2,
  /** Cards per page of /events. */
  pageSize: 12,
  /** Cards in the home's "Próximos eventos" strip. */
  upcoming: 4,
  /** Drafts and cancelled events listed for staff. */
  unpublished: 100,
  /** A start this far in the past still counts as "now" on create (the picker's minute, a slow save). */
  pastGraceMs: 10 * 60_000,
} as const;

export const EVENT_MESSAGES = {
  title: 'Título deve ter no mínimo 3 caracteres',
  titleTooLong: 'Título muito longo',
  description: 'Descrição deve ter no mínimo 10 caracteres',
  descriptionTooLong: 'Descrição muito longa',
  date: 'Data do evento é obrigatória',
  dateInvalid: 'Data do evento inválida',
  datePast: 'A data do evento não pode estar no passado',
  endInvalid: 'Data de término inválida',
  endBeforeStart: 'A data de término deve ser posterior à data de início',
  location: 'Local é obrigatório',
  locationTooLong: 'Local muito longo',
  city: 'Cidade é obrigatória',
  cityInvalid: 'Cidade inválida',
  status: 'Status inválido',
  createForbidden: 'Você não tem permissão para criar eventos',
  editForbidden: 'Você não tem permissão para editar este evento',
  deleteForbidden: 'Apenas o Master pode excluir eventos',
  notAuthenticated: 'Você precisa estar autenticado',
  notFound: 'Evento não encontrado',
  listError: 'Erro ao carregar eventos',
  loadError: 'Erro ao carregar evento',
  created: 'Evento criado com sucesso!',
  createError: 'Erro ao criar evento',
  updated: 'Evento atualizado com sucesso!',
  updateError: 'Erro ao atualizar evento',
  deleted: 'Evento excluído com sucesso',
  deleteError: 'Erro ao excluir evento',
  empty: 'Nenhum evento encontrado',
} as const;

// ---------------------------------------------------------------------------------------------
// Dates

/** What the API takes: an ISO 8601 date and time with its offset (seconds and milliseconds optional). */
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,3})?)?(?:Z|[+-]\d{2}:\d{2})$/;
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2100, 0, 1);

/** The UTC ISO form of a date and time the API accepts, or undefined. */
export function parseEventDate(value: string): string | undefined {
  if (!ISO_DATE_TIME.test(value)) return undefined;
  const time = Date.parse(value);
  return Number.isNaN(time) || time < EARLIEST || time >= LATEST ? undefined : new Date(time).toISOString();
}

/** The end, when there is one, comes after the start; the message otherwise. */
export function eventDatesProblem(eventDate: string, endDate: string | null | undefined): string | undefined {
  if (!endDate) return undefined;
  return Date.parse(endDate) > Date.parse(eventDate) ? undefined : EVENT_MESSAGES.endBeforeStart;
}

/** On create the start may not be in the past (the pickers disable those days; the API agrees). */
export function isPastStart(eventDate: string, now: number = Date.now()): boolean {
  return Date.parse(eventDate) < now - EVENT_LIMITS.pastGraceMs;
}

// Brasília has kept UTC−3 all year since 2019: a form's wall clock converts by arithmetic.
const BRASILIA_OFFSET_MS = -3 * 3600_000;

/** '2026-12-05T19:00' (a datetime-local value) for an ISO timestamp, in Brasília time; '' for none. */
export function toBrasiliaInput(iso: string | null | undefined): string {
  const time = iso ? Date.parse(iso) : Number.NaN;
  if (Number.isNaN(time)) return '';
  return new Date(time + BRASILIA_OFFSET_MS).toISOString().slice(0, 16);
}

/** The ISO timestamp of a datetime-local value read as Brasília time; '' for an empty or invalid one. */
export function fromBrasiliaInput(value: string): string {
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(value)) return '';
  return parseEventDate(`${value}:00-03:00`) ?? '';
}

// ---------------------------------------------------------------------------------------------
// What the API answers

/** A card of the grid (and of the home's strip): never the description. */
export interface EventCard {
  id: string;
  title: string;
  /** UTC ISO timestamps. */
  event_date: string;
  end_date: string | null;
  location: string;
  /** location_path of the city. */
  city: string;
  city_name: string;
  state_code: string;
  cover_image: string;
  /** Widths of the cover's WebP variants (shared/cover-variants.ts). */
  cover_variants: number[];
  status: EventStatus;
}

/** GET /api/events/{id}: the event as this reader may see it. */
export interface EventView extends EventCard {
  /** Sanitized HTML. */
  description: string;
  organizer: { id: string; full_name: string };
  created_at: string;
  updated_at: string;
  /** The organizer, editors and masters. */
  can_edit: boolean;
  /** Masters. */
  can_delete: boolean;
}

/** GET /api/events?city=: published events from now on, soonest first. */
export interface EventList {
  events: EventCard[];
  next_cursor: string | null;
  /** The city filter's options: the cities of published articles (article_locations), as on the home. */
  cities: CityCount[];
}

/** GET /api/events/upcoming: the home's strip; GET /api/events/unpublished: drafts and cancelled ones for staff. */
export interface EventCards {
  events: EventCard[];
}

/** A city's location_path ('campinas-sp'), the value of ?city=. */
export const CITY_PATH = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isCityPath = (value: string) => value.length <= 80 && CITY_PATH.test(value);

/** '/events/<id>' */
export const eventPath = (id: string) => `/events/${encodeURIComponent(id)}`;

