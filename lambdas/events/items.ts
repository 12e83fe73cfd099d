// An event's item and its keys (charted in lambdas/DATA.md). The event lives in its own partition
// (EVENT#<id>); both indexes sort by its start (`<event_date>#<id>`), so "from now on, soonest first"
// is a key condition (`>= now`), never a filter or a job:
// - published: gsi1 `EVENTS` (the list, the home's strip, the sitemap), gsi2 `EVENTS_CITY#<path>` (the city filter);
// - draft or cancelled: gsi1 `EVENTS_UNPUBLISHED` (editors and masters), gsi2 `EVENTS_UNPUBLISHED_BY#<organizer>` (their own).
import { EVENT_STATUSES, type EventCard, type EventStatus } from '../../shared/events';
import type { Item, Key } from '../platform/dynamo';

export interface EventRecord {
  id: string;
  title: string;
  /** Sanitized HTML. */
  description: string;
  /** UTC ISO timestamps. */
  event_date: string;
  end_date: string | null;
  location: string;
  /** location_path, and the IBGE municipality it names. */
  city: string;
  city_code: string;
  city_name: string;
  state_code: string;
  cover_image: string;
  cover_variants: number[];
  organizer_id: string;
  status: EventStatus;
  created_at: string;
  updated_at: string;
}

export const PUBLISHED_INDEX_PK = 'EVENTS';
export const UNPUBLISHED_INDEX_PK = 'EVENTS_UNPUBLISHED';
export const cityIndexPk = (cityPath: string) => `EVENTS_CITY#${cityPath}`;
export const organizerIndexPk = (organizerId: string) => `EVENTS_UNPUBLISHED_BY#${organizerId}`;

export const eventKey = (id: string): Key => ({ pk: `EVENT#${id}`, sk: 'EVENT' });

/** Where an event sorts: by its start, then its id (two events may start together). */
export const startKey = (record: Pick<EventRecord, 'event_date' | 'id'>) => `${record.event_date}#${record.id}`;

export function eventItem(record: EventRecord): Item {
  const published = record.status === 'published';
  const sort = startKey(record);
  return {
    ...eventKey(record.id),
    entity: 'event',
    gsi1pk: published ? PUBLISHED_INDEX_PK : UNPUBLISHED_INDEX_PK,
    gsi1sk: sort,
    gsi2pk: published ? cityIndexPk(record.city) : organizerIndexPk(record.organizer_id),
    gsi2sk: sort,
    ...record,
  };
}

/** What a card needs, projected on the list queries (never the description). */
export const CARD_FIELDS = [
  'id',
  'title',
  'event_date',
  'end_date',
  'location',
  'city',
  'city_name',
  'state_code',
  'cover_image',
  'cover_variants',
  'status',
] as const satisfies readonly (keyof EventCard)[];

const text = (value: unknown) => (typeof value === 'string' ? value : '');
const status = (value: unknown): EventStatus => ((EVENT_STATUSES as readonly unknown[]).includes(value) ? (value as EventStatus) : 'draft');
const widths = (value: unknown) => (Array.isArray(value) ? value.map(Number).filter((width) => Number.isInteger(width) && width > 0) : []);

export function cardOf(item: Item): EventCard {
  return {
    id: text(item.id),
    title: text(item.title),
    event_date: text(item.event_date),
    end_date: typeof item.end_date === 'string' && item.end_date ? item.end_date : null,
    location: text(item.location),
    city: text(item.city),
    city_name: text(item.city_name),
    state_code: text(item.state_code),
    cover_image: text(item.cover_image),
    cover_variants: widths(item.cover_variants),
    status: status(item.status),
  };
}

/** The card of a record (the same fields a list query projects). */
export const toCard = (record: EventRecord): EventCard => cardOf({ ...record });

export function fromItem(item: Item): EventRecord {
  return {
    ...cardOf(item),
    description: text(item.description),
    city_code: text(item.city_code),
    organizer_id: text(item.organizer_id),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
  };
}
