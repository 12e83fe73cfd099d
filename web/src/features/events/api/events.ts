// The events API (lambdas/events): the agenda, an event, drafts for staff, and the writes.
import type { EventCards, EventCreateInput, EventList, EventUpdateInput, EventView } from '../../../../../shared/events';
import { api } from '../../../lib/api';

export function fetchEvents(city: string | null, cursor: string | null, signal?: AbortSignal): Promise<EventList> {
  const query = new URLSearchParams();
  if (city) query.set('city', city);
  if (cursor) query.set('cursor', cursor);
  const search = query.toString();
  return api.get<EventList>(search ? `/events?${search}` : '/events', { auth: false, signal });
}

export function fetchEvent(id: string, signal?: AbortSignal): Promise<EventView> {
  return api.get<EventView>(`/events/${encodeURIComponent(id)}`, { signal });
}

export function fetchUnpublishedEvents(signal?: AbortSignal): Promise<EventCards> {
  return api.get<EventCards>('/events/unpublished', { signal });
}

export const createEvent = (input: EventCreateInput) => api.post<EventView>('/events', input);

export const updateEvent = (id: string, input: EventUpdateInput) => api.put<EventView>(`/events/${encodeURIComponent(id)}`, input);

export const deleteEvent = (id: string) => api.delete<void>(`/events/${encodeURIComponent(id)}`);

/** The .ics download of a published event: a plain link on the site's origin (the API is its /api), so it works before the app has started. */
export const calendarPath = (id: string) => `/api/events/${encodeURIComponent(id)}/calendar`;
