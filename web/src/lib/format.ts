// pt-BR formatting of dates (spec 9: dd MMM yyyy) and counts. Times are Brasília's, as Brazilian
// newsrooms print them, wherever the page is rendered: the server's HTML and the reader's hydration agree.
const timeZone = 'America/Sao_Paulo';
const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', year: 'numeric', timeZone });
const shortDateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone });
const numberFormat = new Intl.NumberFormat('pt-BR');

function parse(value: string | null | undefined): Date | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** '05 de mar. de 2026'; an invalid or missing date gives ''. */
export function formatDate(value: string | null | undefined): string {
  const date = parse(value);
  return date ? dateFormat.format(date) : '';
}

/** 'dd MMM' as on compact cards: '05 mar'; an invalid or missing date gives ''. */
export function formatShortDate(value: string | null | undefined): string {
  const date = parse(value);
  if (!date) return '';
  const parts = shortDateFormat.formatToParts(date);
  const day = parts.find((part) => part.type === 'day')?.value ?? '';
  const month = (parts.find((part) => part.type === 'month')?.value ?? '').replace(/\.$/, '');
  return `${day} ${month}`.trim();
}

/** '12.345' */
export function formatNumber(value: number): string {
  return numberFormat.format(Number.isFinite(value) ? value : 0);
}

const timeFormat = new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone });
const todayFormat = new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone });
const longDateFormat = new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone });

/** '16h27', the way Brazilian newsrooms write the hour. */
function formatTime(date: Date): string {
  return timeFormat.format(date).replace(':', 'h');
}

/** Cards: '05 mar. 2026, 16h27' ('05 mar, 16h27' when short); an invalid or missing date gives ''. */
export function formatCardDateTime(value: string | null | undefined, short = false): string {
  const date = parse(value);
  if (!date) return '';
  const day = short ? formatShortDate(value) : formatDate(value).replace(/ de /g, ' ');
  return `${day}, ${formatTime(date)}`;
}

/** Article page: '5 de março de 2026, às 16h27'; an invalid or missing date gives ''. */
export function formatLongDateTime(value: string | null | undefined): string {
  const date = parse(value);
  return date ? `${longDateFormat.format(date)}, às ${formatTime(date)}` : '';
}

/** The masthead's date: 'segunda-feira, 23 de novembro de 2026'. */
export function formatToday(now: Date = new Date()): string {
  return todayFormat.format(now);
}
