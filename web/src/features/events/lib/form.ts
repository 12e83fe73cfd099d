// The event form's values and the pure rules around them: loading an event, the body sent, and the
// checks of spec 5 before it goes (the API checks again and says the same).
import {
  eventCreateSchema,
  eventDatesProblem,
  eventUpdateSchema,
  EVENT_MESSAGES,
  firstEventIssue,
  fromBrasiliaInput,
  isPastStart,
  toBrasiliaInput,
  type EventCreateInput,
  type EventStatus,
  type EventView,
} from '../../../../../shared/events';

export interface EventFormValues {
  title: string;
  /** HTML from the editor; '' when empty. */
  description: string;
  /** datetime-local values, in Brasília time ('2026-12-05T19:00'); '' when empty. */
  event_date: string;
  end_date: string;
  location: string;
  /** location_path of the city, '' when none is chosen. */
  city: string;
  cover_image: string;
  status: EventStatus;
}

export type EventField = keyof EventFormValues;

export const EMPTY_EVENT: EventFormValues = {
  title: '',
  description: '',
  event_date: '',
  end_date: '',
  location: '',
  city: '',
  cover_image: '',
  status: 'draft',
};

export function formValuesOf(event: EventView): EventFormValues {
  return {
    title: event.title,
    description: event.description,
    event_date: toBrasiliaInput(event.event_date),
    end_date: toBrasiliaInput(event.end_date),
    location: event.location,
    city: event.city,
    cover_image: event.cover_image,
    status: event.status,
  };
}

/** The body of a create or an edit: every field (an edit sends them all, a missing end clears it). */
export function eventInput(values: EventFormValues): Omit<EventCreateInput, 'status'> & { status: EventStatus } {
  // A value the browser could not read stays as typed, so the check below names it.
  const date = (value: string) => (value ? fromBrasiliaInput(value) || value : '');
  return {
    title: values.title,
    description: values.description,
    event_date: date(values.event_date),
    end_date: values.end_date ? date(values.end_date) : null,
    location: values.location,
    city: values.city,
    cover_image: values.cover_image,
    status: values.status,
  };
}

/** The first problem of the form, as the toast and the field show it; null when it may be sent. */
export function formProblem(values: EventFormValues, mode: 'create' | 'edit', now = Date.now()): { message: string; field?: string } | null {
  const input = eventInput(values);
  const parsed = mode === 'create' ? eventCreateSchema.safeParse(input) : eventUpdateSchema.safeParse(input);
  if (!parsed.success) return firstEventIssue(parsed.error);
  const { event_date: start, end_date: end } = parsed.data;
  if (!start) return { message: EVENT_MESSAGES.date, field: 'event_date' };
  if (mode === 'create' && isPastStart(start, now)) return { message: EVENT_MESSAGES.datePast, field: 'event_date' };
  const dates = eventDatesProblem(start, end);
  return dates ? { message: dates, field: 'end_date' } : null;
}

/** The earliest value the create form's pickers offer: this minute in Brasília. */
export const nowInput = (now = Date.now()) => toBrasiliaInput(new Date(now).toISOString());
