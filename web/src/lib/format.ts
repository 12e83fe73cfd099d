// pt-BR formatting of dates (spec 9: dd MMM yyyy) and counts.
const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', year: 'numeric' });
const shortDateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short' });
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
