// Event validation (spec 5 "Event (create and edit)"): the zod schemas shared by the form in the
// browser and the events API, which enforces them. The rules without zod live in shared/event-rules.ts.
import { z } from 'zod';
import { CITY_PATH, CREATE_STATUSES, EVENT_LIMITS, EVENT_MESSAGES, EVENT_STATUSES, parseEventDate } from './event-rules';
import { pageCursor, plainText, urlField } from './text-fields';
import { hasControlCharacters, TEXT_MESSAGES, visibleHtmlLength } from './text';

export * from './event-rules';

const dateField = (missing: string, invalid: string) =>
  z
    .string({ error: missing })
    .trim()
    .transform((value, context) => {
      const parsed = value ? parseEventDate(value) : undefined;
      if (parsed === undefined) context.issues.push({ code: 'custom', message: value ? invalid : missing, input: value });
      return parsed ?? z.NEVER;
    });

// Without defaults: an edit changes only what it sends.
const fields = {
  title: plainText({ min: EVENT_LIMITS.titleMin, tooShort: EVENT_MESSAGES.title, max: EVENT_LIMITS.titleMax, tooLong: EVENT_MESSAGES.titleTooLong }),
  /** Rich text (HTML), sanitized by the server before it is stored. */
  description: z
    .string({ error: EVENT_MESSAGES.description })
    .max(EVENT_LIMITS.descriptionMax, EVENT_MESSAGES.descriptionTooLong)
    .refine((value) => !hasControlCharacters(value), TEXT_MESSAGES.control)
    .refine((value) => visibleHtmlLength(value) >= EVENT_LIMITS.descriptionMin, EVENT_MESSAGES.description),
  event_date: dateField(EVENT_MESSAGES.date, EVENT_MESSAGES.dateInvalid),
  /** null (or '') for none. */
  end_date: z
    .string({ error: EVENT_MESSAGES.endInvalid })
    .trim()
    .transform((value, context) => {
      if (!value) return null;
      const parsed = parseEventDate(value);
      if (parsed === undefined) context.issues.push({ code: 'custom', message: EVENT_MESSAGES.endInvalid, input: value });
      return parsed ?? z.NEVER;
    })
    .nullable(),
  /** The place ('local' in the spec): a venue and its address. */
  location: plainText({ min: EVENT_LIMITS.locationMin, tooShort: EVENT_MESSAGES.location, max: EVENT_LIMITS.locationMax, tooLong: EVENT_MESSAGES.locationTooLong }),
  /** The city's location_path ('campinas-sp'), as the home's city filter names it. */
  city: z
    .string({ error: EVENT_MESSAGES.city })
    .trim()
    .min(EVENT_LIMITS.cityMin, EVENT_MESSAGES.city)
    .max(80, EVENT_MESSAGES.cityInvalid)
    .regex(CITY_PATH, EVENT_MESSAGES.cityInvalid),
  cover_image: urlField(),
};

export const eventCreateSchema = z.object({
  ...fields,
  end_date: fields.end_date.default(null),
  cover_image: fields.cover_image.default(''),
  status: z.enum(CREATE_STATUSES, { error: EVENT_MESSAGES.status }).default('draft'),
});
export type EventCreateInput = z.input<typeof eventCreateSchema>;
export type EventCreate = z.output<typeof eventCreateSchema>;

/** Edit: any of the fields, and any status (spec 4); the organizer never changes. */
export const eventUpdateSchema = z.object({ ...fields, status: z.enum(EVENT_STATUSES, { error: EVENT_MESSAGES.status }) }).partial();
export type EventUpdateInput = z.input<typeof eventUpdateSchema>;
export type EventUpdate = z.output<typeof eventUpdateSchema>;

/** GET /api/events?city=&cursor= */
export const eventListQuerySchema = z.object({
  city: z.string({ error: EVENT_MESSAGES.cityInvalid }).max(80, EVENT_MESSAGES.cityInvalid).regex(CITY_PATH, EVENT_MESSAGES.cityInvalid).optional(),
  cursor: pageCursor(4096),
});

/** The first message of a failed parse, as the form's toast shows it. */
export function firstEventIssue(error: z.ZodError): { message: string; field?: string } {
  const issue = error.issues[0];
  return { message: issue?.message ?? 'Dados inválidos', field: issue?.path[0]?.toString() };
}
