// Domain events of the events context (EVENTS.md beside this file), read from committed changes of
// the event item: the public life of an event (published, changed while published, taken off the
// public pages, deleted). Saves of drafts and cancelled events touch no public page and emit nothing.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';

const base = {
  event_id: z.string(),
  organizer_id: z.string(),
  /** location_path of its city. */
  city: z.string(),
};

export const EVENT_EVENTS = {
  EventPublished: {
    source: 'portal.events',
    description: 'An event became published (created published, or moved there from draft or cancelled).',
    detail: z.object({ ...base, title: z.string(), event_date: z.string() }),
  },
  EventUpdated: {
    source: 'portal.events',
    description: 'A published event was saved again and stays published; its city may have changed.',
    detail: z.object({ ...base, title: z.string(), event_date: z.string(), previous_city: z.string() }),
  },
  EventUnpublished: {
    source: 'portal.events',
    description: 'A published event went back to draft or was cancelled: it leaves the public pages.',
    detail: z.object({ ...base, to: z.enum(['draft', 'cancelled']) }),
  },
  EventDeleted: {
    source: 'portal.events',
    description: 'An event was deleted by a master (its item left the table).',
    detail: z.object({ ...base, was_published: z.boolean() }),
  },
} as const satisfies EventCatalogue;

type Image = Record<string, unknown>;
const asEvent = (image: Image | undefined) => (image?.entity === 'event' ? image : undefined);
const text = (value: unknown) => (typeof value === 'string' ? value : '');
const baseOf = (image: Image) => ({ event_id: text(image.id), organizer_id: text(image.organizer_id), city: text(image.city) });

export const eventEvents: ChangeMapper = (change) => {
  const next = asEvent(change.newImage);
  const before = asEvent(change.oldImage);
  if (change.eventName === 'REMOVE') {
    return before ? [domainEvent(EVENT_EVENTS, 'EventDeleted', { ...baseOf(before), was_published: before.status === 'published' })] : [];
  }
  if (!next) return [];
  const was = before?.status === 'published';
  const is = next.status === 'published';
  const shown = { ...baseOf(next), title: text(next.title), event_date: text(next.event_date) };
  if (is && !was) return [domainEvent(EVENT_EVENTS, 'EventPublished', shown)];
  if (is && before && before.updated_at !== next.updated_at) {
    return [domainEvent(EVENT_EVENTS, 'EventUpdated', { ...shown, previous_city: text(before.city) })];
  }
  if (was && !is && before) {
    return [domainEvent(EVENT_EVENTS, 'EventUnpublished', { ...baseOf(before), to: next.status === 'cancelled' ? 'cancelled' : 'draft' })];
  }
  return [];
};
