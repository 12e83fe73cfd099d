// How an event's dates read (spec: start and optional end, pt-BR with time, in Brasília).
import { formatClock, formatDate, formatWeekdayDateTime } from '../../../lib/format';

/** Capitalized, to open a line: 'Sábado, 5 de dezembro…'. */
export const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export interface EventPeriod {
  /** 'sábado, 5 de dezembro de 2026, às 19h00', or '…, das 19h00 às 22h00' when it ends the same day. */
  start: string;
  /** The end on another day, written out; null when there is none or it is the same day. */
  end: string | null;
}

export function eventPeriod(start: string, end: string | null): EventPeriod {
  const startText = formatWeekdayDateTime(start);
  if (!end) return { start: startText, end: null };
  if (formatDate(start) === formatDate(end)) {
    return { start: startText.replace(/, às (\S+)$/, `, das $1 às ${formatClock(end)}`), end: null };
  }
  return { start: startText, end: formatWeekdayDateTime(end) };
}

/** A card's day: 'Sábado, 5 de dezembro', with its year only when it is not this one ('…de 2027'). */
export function cardDay(start: string, now: Date): string {
  const day = capitalized(formatWeekdayDateTime(start).replace(/, às .*$/, ''));
  const thisYear = formatDate(now.toISOString()).slice(-4);
  return day.endsWith(` de ${thisYear}`) ? day.slice(0, -` de ${thisYear}`.length) : day;
}

/** A card's hours: '19h00', '19h00 – 22h00' the same day, '19h00 (até 7 dez)' across days. */
export function cardHours(start: string, end: string | null): string {
  const from = formatClock(start);
  if (!end) return from;
  if (formatDate(start) === formatDate(end)) return `${from} – ${formatClock(end)}`;
  const [day, month] = formatDate(end).split(' de ');
  return `${from} (até ${day} ${month?.replace(/\.$/, '') ?? ''})`;
}
