// The events use cases (spec 2 "Events", 4, 5, 6). Anyone reads published events; drafts and
// cancelled ones only their organizer, editors and masters (anyone else gets a 404, as if there were
// none). Authors, editors and masters create; the organizer, editors and masters edit; masters
// delete. Every rule is checked here, whatever the form did.
import { randomUUID } from 'node:crypto';
import { rankCities } from '../../shared/article-rules';
import { allCities, type City } from '../../shared/cities';
import {
  EVENT_LIMITS,
  EVENT_MESSAGES as MESSAGES,
  eventDatesProblem,
  eventPath,
  isPastStart,
  type EventCreate,
  type EventList,
  type EventUpdate,
  type EventView,
} from '../../shared/events';
import { can, type Role } from '../../shared/roles';
import { cityCounters, sanitizeArticleHtml, textOf } from '../articles/public';
import { coverVariants } from '../media/public';
import { batchRead } from '../platform/dynamo-batch';
import { env } from '../platform/env';
import { badRequest, forbidden, notFound } from '../platform/errors';
import { isUuid } from '../platform/ids';
import { authorProfiles, readerAccess } from '../users/public';
import { calendarFileName, eventCalendar } from './ics';
import { toCard, type EventRecord } from './items';
import * as store from './store';

export interface Viewer {
  userId: string | undefined;
  roles: readonly Role[];
}

const ANONYMOUS: Viewer = { userId: undefined, roles: [] };

export async function viewerFor(userId: string | undefined): Promise<Viewer> {
  if (!userId) return ANONYMOUS;
  return { userId, roles: (await readerAccess(userId)).roles };
}

const mayEdit = (viewer: Viewer, event: EventRecord) => viewer.userId === event.organizer_id || can(viewer.roles, 'events.edit-any');
const maySee = (viewer: Viewer, event: EventRecord) => event.status === 'published' || mayEdit(viewer, event);

/** The event, or a 404 (an id that cannot be one is not read: it would make an oversized key). */
async function find(id: string): Promise<EventRecord> {
  const found = isUuid(id) ? await store.getEvent(id, true) : undefined;
  if (!found) throw notFound(MESSAGES.notFound);
  return found;
}

/** The event if this viewer may see it; a 404 otherwise. */
async function visible(viewer: Viewer, id: string): Promise<EventRecord> {
  const event = await find(id);
  if (!maySee(viewer, event)) throw notFound(MESSAGES.notFound);
  return event;
}

async function viewOf(viewer: Viewer, event: EventRecord): Promise<EventView> {
  const { organizers } = await batchRead({ organizers: authorProfiles([event.organizer_id]) });
  return {
    ...toCard(event),
    description: event.description,
    organizer: { id: event.organizer_id, full_name: organizers.get(event.organizer_id)?.full_name || 'Organização do Portal' },
    created_at: event.created_at,
    updated_at: event.updated_at,
    can_edit: mayEdit(viewer, event),
    can_delete: can(viewer.roles, 'events.delete'),
  };
}

// ---------------------------------------------------------------------------------------------
// Reading

/** GET /api/events?city=&cursor=: published events from now on, soonest first, and the city filter's options. */
export async function list(city: string | undefined, cursor: string | undefined, now = new Date()): Promise<EventList> {
  const [page, counters] = await Promise.all([store.upcomingPage(city, now.toISOString(), EVENT_LIMITS.pageSize, cursor), cityCounters()]);
  return { events: page.cards, next_cursor: page.cursor ?? null, cities: rankCities(counters.filter((counter) => counter.count > 0)) };
}

/** GET /api/events/upcoming: the home's strip. */
export async function upcoming(now = new Date()) {
  return { events: (await store.upcomingPage(undefined, now.toISOString(), EVENT_LIMITS.upcoming)).cards };
}

export async function eventFor(viewer: Viewer, id: string): Promise<EventView> {
  return viewOf(viewer, await visible(viewer, id));
}

/** The page's view for the server-side render (always anonymous: the cache is shared); null when no published event has this id. */
export async function anonymousEvent(id: string): Promise<EventView | null> {
  const event = isUuid(id) ? await store.getEvent(id) : undefined;
  return event?.status === 'published' ? viewOf(ANONYMOUS, event) : null;
}

/** GET /api/events/unpublished: drafts and cancelled events, everyone's for editors and masters, an author's own. */
export async function unpublishedFor(userId: string) {
  const viewer = await viewerFor(userId);
  if (!can(viewer.roles, 'events.create')) throw forbidden(MESSAGES.createForbidden);
  const everyone = can(viewer.roles, 'events.edit-any');
  return { events: await store.unpublished(everyone ? undefined : userId, EVENT_LIMITS.unpublished) };
}

/** GET /api/events/{id}/calendar: a published event as an .ics file. */
export async function calendar(id: string): Promise<{ body: string; fileName: string }> {
  const event = await visible(ANONYMOUS, id);
  const body = eventCalendar({
    ...event,
    description: textOf(event.description),
    url: `${env('SITE_URL').replace(/\/+$/, '')}${eventPath(event.id)}`,
  });
  return { body, fileName: calendarFileName(event.title) };
}

// ---------------------------------------------------------------------------------------------
// Writing

let citiesByPath: Map<string, City> | undefined;

/** The municipality a location_path names; a 400 for any other. */
function cityNamed(path: string): City {
  citiesByPath ??= new Map(allCities().map((city) => [city.path, city]));
  const city = citiesByPath.get(path);
  if (!city) throw badRequest(MESSAGES.cityInvalid, 'city');
  return city;
}

/** Sanitized on save, and counted again as a reader will see it. */
function cleanDescription(html: string): string {
  const clean = sanitizeArticleHtml(html);
  if (textOf(clean).length < EVENT_LIMITS.descriptionMin) throw badRequest(MESSAGES.description, 'description');
  return clean;
}

function checkDates(eventDate: string, endDate: string | null) {
  const problem = eventDatesProblem(eventDate, endDate);
  if (problem) throw badRequest(problem, 'end_date');
}

const cityFields = (city: City) => ({ city: city.path, city_code: city.code, city_name: city.name, state_code: city.state_code });

/** POST /api/events, with the body the edge parsed (eventCreateSchema). */
export async function create(userId: string, input: EventCreate, now = new Date()): Promise<EventView> {
  const viewer = await viewerFor(userId);
  if (!can(viewer.roles, 'events.create')) throw forbidden(MESSAGES.createForbidden);
  if (isPastStart(input.event_date, now.getTime())) throw badRequest(MESSAGES.datePast, 'event_date');
  checkDates(input.event_date, input.end_date);
  const at = now.toISOString();
  const event: EventRecord = {
    id: randomUUID(),
    title: input.title,
    description: cleanDescription(input.description),
    event_date: input.event_date,
    end_date: input.end_date,
    location: input.location,
    ...cityFields(cityNamed(input.city)),
    cover_image: input.cover_image,
    cover_variants: await coverVariants(input.cover_image),
    organizer_id: userId,
    status: input.status,
    created_at: at,
    updated_at: at,
  };
  await store.putEvent(event, false);
  return viewOf(viewer, event);
}

/** PUT /api/events/{id}: only what the body sends changes (eventUpdateSchema); past dates are allowed here. */
export async function update(userId: string, id: string, input: EventUpdate, now = new Date()): Promise<EventView> {
  const viewer = await viewerFor(userId);
  const before = await visible(viewer, id);
  if (!mayEdit(viewer, before)) throw forbidden(MESSAGES.editForbidden);
  const event: EventRecord = {
    ...before,
    title: input.title ?? before.title,
    description: input.description === undefined ? before.description : cleanDescription(input.description),
    event_date: input.event_date ?? before.event_date,
    end_date: input.end_date === undefined ? before.end_date : input.end_date,
    location: input.location ?? before.location,
    ...(input.city === undefined || input.city === before.city ? {} : cityFields(cityNamed(input.city))),
    cover_image: input.cover_image ?? before.cover_image,
    status: input.status ?? before.status,
    updated_at: now.toISOString(),
  };
  checkDates(event.event_date, event.end_date);
  // The variants are looked up again when the cover changes, or when it had none yet (the worker runs after the upload).
  if (event.cover_image !== before.cover_image || before.cover_variants.length === 0) event.cover_variants = await coverVariants(event.cover_image);
  if (!(await store.putEvent(event, true))) throw notFound(MESSAGES.notFound);
  return viewOf(viewer, event);
}

/** DELETE /api/events/{id}: masters only, written to the audit log in the same transaction. */
export async function remove(userId: string, id: string): Promise<void> {
  const viewer = await viewerFor(userId);
  const event = await visible(viewer, id);
  if (!can(viewer.roles, 'events.delete')) throw forbidden(MESSAGES.deleteForbidden);
  const deleted = await store.deleteEvent(id, {
    event_type: 'EVENT_DELETE',
    action: 'delete_event',
    user_id: userId,
    target_type: 'event',
    target_id: id,
    details: { title: event.title },
  });
  if (!deleted) throw notFound(MESSAGES.notFound);
}
