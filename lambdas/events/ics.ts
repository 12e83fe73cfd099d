// "Adicionar à agenda": an event as an iCalendar file (RFC 5545), written by hand: one VEVENT, text
// escaped, lines folded at 75 octets without splitting a character, CRLF line ends. No I/O here.
import { slugify } from '../../shared/article-rules';

export interface CalendarEvent {
  id: string;
  title: string;
  /** Plain text (the description without its markup). */
  description: string;
  event_date: string;
  end_date: string | null;
  location: string;
  city_name: string;
  state_code: string;
  updated_at: string;
  /** The event's page, absolute. */
  url: string;
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export function escapeText(value: string): string {
  return value
    .replace(/\\/g, '\\\\')
    .replace(/;/g, '\\;')
    .replace(/,/g, '\\,')
    .replace(/\r\n?|\n/g, '\\n');
}

/** A content line folded so no physical line passes 75 octets (a continuation starts with a space). */
export function foldLine(line: string): string {
  const lines: string[] = [];
  let current = '';
  let size = 0;
  for (const character of line) {
    const bytes = Buffer.byteLength(character, 'utf8');
    const limit = lines.length === 0 ? 75 : 74;
    if (size + bytes > limit) {
      lines.push(current);
      current = '';
      size = 0;
    }
    current += character;
    size += bytes;
  }
  lines.push(current);
  return lines.join('\r\n ');
}

/** 20261205T220000Z */
export function icsDate(iso: string): string {
  return new Date(iso).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '');
}

export function eventCalendar(event: CalendarEvent): string {
  const place = [event.location, event.state_code ? `${event.city_name} (${event.state_code})` : event.city_name].filter(Boolean).join(', ');
  const description = [event.description, event.url].filter(Boolean).join('\n\n');
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Portal Plural//Eventos//PT-BR',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    'BEGIN:VEVENT',
    `UID:${event.id}@portal-plural`,
    `DTSTAMP:${icsDate(event.updated_at)}`,
    `DTSTART:${icsDate(event.event_date)}`,
    ...(event.end_date ? [`DTEND:${icsDate(event.end_date)}`] : []),
    `SUMMARY:${escapeText(event.title)}`,
    `LOCATION:${escapeText(place)}`,
    `DESCRIPTION:${escapeText(description)}`,
    `URL:${event.url}`,
    'STATUS:CONFIRMED',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return `${lines.map(foldLine).join('\r\n')}\r\n`;
}

/** 'evento-feira-de-livros.ics' */
export function calendarFileName(title: string): string {
  const slug = slugify(title).slice(0, 60).replace(/-+$/, '');
  return `evento-${slug || 'portal-plural'}.ics`;
}
