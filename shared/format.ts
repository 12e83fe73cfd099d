// pt-BR formatting of dates (spec 9: dd MMM yyyy), counts and amounts in reais: the portal's one formatter, for the
// web app (staff and readers) and the Lambdas' e-mails. Times are Brasília's, as Brazilian newsrooms print them,
// wherever the page is rendered or whatever the machine's time zone: the server's HTML and the reader's
// hydration agree. Nothing else in the portal formats a date (tests/unit/format.test.ts checks the sources).
//
// Written out rather than through Intl: a page's first Intl formatter loads the browser's locale and
// time-zone data, one long task (about 80 ms on a mid-range phone) in the middle of hydration. Brasília
// has kept UTC−3 all year since daylight saving time ended in February 2019, so a later date needs only
// arithmetic; an earlier one asks Intl, created on first use. tests/unit/format.test.ts holds every
// function to Intl's own output.
const TIME_ZONE = 'America/Sao_Paulo';
const FIXED_OFFSET_MS = -3 * 3600_000;
/** 2019-02-17 00:00 in Brasília (02:00 UTC), when its last daylight saving time ended. */
const FIXED_OFFSET_SINCE = Date.UTC(2019, 1, 17, 2);

const MONTHS = ['janeiro', 'fevereiro', 'março', 'abril', 'maio', 'junho', 'julho', 'agosto', 'setembro', 'outubro', 'novembro', 'dezembro'];
const SHORT_MONTHS = ['jan.', 'fev.', 'mar.', 'abr.', 'mai.', 'jun.', 'jul.', 'ago.', 'set.', 'out.', 'nov.', 'dez.'];
const WEEKDAYS = ['domingo', 'segunda-feira', 'terça-feira', 'quarta-feira', 'quinta-feira', 'sexta-feira', 'sábado'];

interface Fields {
  year: number;
  /** 0–11 */
  month: number;
  day: number;
  /** 0 (Sunday) – 6 */
  weekday: number;
  hour: number;
  minute: number;
}

let olderDates: Intl.DateTimeFormat | undefined;

/** The calendar date and wall-clock time in Brasília. */
function brasilia(date: Date): Fields {
  if (date.getTime() >= FIXED_OFFSET_SINCE) {
    const shifted = new Date(date.getTime() + FIXED_OFFSET_MS);
    return {
      year: shifted.getUTCFullYear(),
      month: shifted.getUTCMonth(),
      day: shifted.getUTCDate(),
      weekday: shifted.getUTCDay(),
      hour: shifted.getUTCHours(),
      minute: shifted.getUTCMinutes(),
    };
  }
  olderDates ??= new Intl.DateTimeFormat('en-US', {
    timeZone: TIME_ZONE,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
  });
  const part = (type: Intl.DateTimeFormatPartTypes) => Number(olderDates?.formatToParts(date).find((each) => each.type === type)?.value);
  const [year, month, day] = [part('year'), part('month') - 1, part('day')];
  return { year, month, day, weekday: new Date(Date.UTC(year, month, day)).getUTCDay(), hour: part('hour'), minute: part('minute') };
}

const twoDigits = (value: number) => String(value).padStart(2, '0');

function parse(value: string | null | undefined): Fields | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : brasilia(date);
}

/** '05 de mar. de 2026'; an invalid or missing date gives ''. */
export function formatDate(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${twoDigits(at.day)} de ${SHORT_MONTHS[at.month]} de ${at.year}` : '';
}

/** 'dd MMM' as on compact cards: '05 mar'; an invalid or missing date gives ''. */
export function formatShortDate(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${twoDigits(at.day)} ${SHORT_MONTHS[at.month]?.slice(0, -1)}` : '';
}

/** '05/03/2026', as forms and e-mails write a day; an invalid or missing date gives ''. */
export function formatNumericDate(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${twoDigits(at.day)}/${twoDigits(at.month + 1)}/${at.year}` : '';
}

/** '05/03/2026 16h27', a day and its hour in a list (the version history); an invalid or missing date gives ''. */
export function formatNumericDateTime(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${formatNumericDate(value)} ${formatTime(at)}` : '';
}

/** '12.345' (and '1.234,5' for a fraction, to three places as Intl rounds). */
export function formatNumber(value: number): string {
  const finite = Number.isFinite(value) ? value : 0;
  const [whole = '0', fraction] = Math.abs(finite).toFixed(3).replace(/\.?0+$/, '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = finite < 0 && (whole !== '0' || fraction) ? '-' : '';
  return `${sign}${grouped}${fraction ? `,${fraction}` : ''}`;
}

/** 'R$ 1.234,50' as Intl writes BRL in pt-BR (a no-break space after R$); no negative zero. */
export function formatBRL(value: number): string {
  const amount = Math.abs(Number.isFinite(value) ? value : 0);
  // Rounded on the shortest decimal form, digit by digit, as Intl rounds: 1.005 gives 1,01 where
  // toFixed (the binary value) gives 1,00.
  const shortest = String(amount);
  const [integer = '0', fraction = ''] = shortest.split('.');
  const cents = shortest.includes('e')
    ? Math.round(amount * 100)
    : Number(integer) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2)) + ((fraction[2] ?? '0') >= '5' ? 1 : 0);
  const whole = String(Math.floor(cents / 100)).replace(/\B(?=(\d{3})+$)/g, '.');
  const sign = value < 0 && cents > 0 ? '-' : '';
  return `${sign}R$\u00a0${whole},${twoDigits(cents % 100)}`;
}

/** '16h27', the way Brazilian newsrooms write the hour. */
function formatTime(at: Fields): string {
  return `${twoDigits(at.hour)}h${twoDigits(at.minute)}`;
}

/** Cards: '05 mar. 2026, 16h27' ('05 mar, 16h27' when short); an invalid or missing date gives ''. */
export function formatCardDateTime(value: string | null | undefined, short = false): string {
  const at = parse(value);
  if (!at) return '';
  const day = short ? `${twoDigits(at.day)} ${SHORT_MONTHS[at.month]?.slice(0, -1)}` : `${twoDigits(at.day)} ${SHORT_MONTHS[at.month]} ${at.year}`;
  return `${day}, ${formatTime(at)}`;
}

/** Article page: '5 de março de 2026, às 16h27'; an invalid or missing date gives ''. */
export function formatLongDateTime(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${at.day} de ${MONTHS[at.month]} de ${at.year}, às ${formatTime(at)}` : '';
}

/**
 * 'novembro de 2025': the month an instant falls in, in UTC, for boundaries kept in UTC (the search's
 * recent index starts at a UTC month's first instant, which in Brasília is still the month before).
 */
export function formatUtcMonth(value: string | null | undefined): string {
  const date = value ? new Date(value) : null;
  return date && !Number.isNaN(date.getTime()) ? `${MONTHS[date.getUTCMonth()]} de ${date.getUTCFullYear()}` : '';
}

/** The masthead's date: 'segunda-feira, 23 de novembro de 2026'. */
export function formatToday(now: Date = new Date()): string {
  const at = brasilia(now);
  return `${WEEKDAYS[at.weekday]}, ${at.day} de ${MONTHS[at.month]} de ${at.year}`;
}

/** '19h00', the hour alone; an invalid or missing date gives ''. */
export function formatClock(value: string | null | undefined): string {
  const at = parse(value);
  return at ? formatTime(at) : '';
}

/** Events: 'sábado, 5 de dezembro de 2026, às 19h00'; an invalid or missing date gives ''. */
export function formatWeekdayDateTime(value: string | null | undefined): string {
  const at = parse(value);
  return at ? `${WEEKDAYS[at.weekday]}, ${at.day} de ${MONTHS[at.month]} de ${at.year}, às ${formatTime(at)}` : '';
}

/** An event card's calendar leaf: { day: '05', month: 'dez', weekday: 'sáb' }; null for an invalid or missing date. */
export function calendarLeaf(value: string | null | undefined): { day: string; month: string; weekday: string } | null {
  const at = parse(value);
  return at ? { day: twoDigits(at.day), month: SHORT_MONTHS[at.month]?.slice(0, -1) ?? '', weekday: WEEKDAYS[at.weekday]?.slice(0, 3) ?? '' } : null;
}
