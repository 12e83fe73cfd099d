// The analytics screens' numbers as the spec writes them: durations in minutes and seconds, rates
// in percent with two decimals, the last 30 days as the API takes them, and a day of the series as
// its chart label. Counts and amounts in reais come from lib/format.
import { ANALYTICS_SETTINGS_MESSAGES, type DiscardedBeacons } from '../../../../../shared/analytics';
import { formatNumber } from '../../../lib/format';

/** The analytics window (spec: 30 days, today included). */
export const WINDOW_DAYS = 30;

const SHORT_MONTHS = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** '2 min 35 s', '48 s'; '—' for a value that is not a number. */
export function formatDuration(seconds: number | null | undefined): string {
  if (seconds == null || !Number.isFinite(seconds)) return '—';
  const whole = Math.max(0, Math.round(seconds));
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return minutes > 0 ? `${minutes} min ${rest} s` : `${rest} s`;
}

/** '45,23%' (two decimals, pt-BR); '—' when unknown. */
export function formatPercent(value: number | null | undefined): string {
  if (value == null || !Number.isFinite(value)) return '—';
  const [whole = '0', fraction = '00'] = Math.abs(value).toFixed(2).split('.');
  const sign = value < 0 && Number(`${whole}.${fraction}`) > 0 ? '-' : '';
  return `${sign}${whole.replace(/\B(?=(\d{3})+$)/g, '.')},${fraction}%`;
}

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The last 30 days up to today, as the API counts days (UTC): { startDate, endDate } in YYYY-MM-DD. */
export function lastDays(now: Date = new Date(), days = WINDOW_DAYS): { startDate: string; endDate: string } {
  const today = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate());
  return { startDate: isoDay(today - (days - 1) * 86_400_000), endDate: isoDay(today) };
}

/** A day of the series ('2026-11-05') as '05 nov'; the text itself when it is not a date. */
export function formatDay(day: string): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(day);
  const month = match ? SHORT_MONTHS[Number(match[2]) - 1] : undefined;
  return match && month ? `${match[3]} ${month}` : day;
}

/** A range of days: '27 out – 25 nov 2026' ('27 out 2025 – 25 jan 2026' across years). */
export function formatRange(startDate: string, endDate: string): string {
  const startYear = startDate.slice(0, 4);
  const endYear = endDate.slice(0, 4);
  return `${formatDay(startDate)}${startYear === endYear ? '' : ` ${startYear}`} – ${formatDay(endDate)} ${endYear}`;
}

/**
 * The browser's check of a pasted service-account key (the server checks it again): empty is fine
 * (a stored key is kept), else JSON with client_email and private_key. Null when it passes.
 */
export function serviceKeyProblem(text: string): string | null {
  const trimmed = text.trim();
  if (!trimmed) return null;
  let parsed: unknown;
  try {
    parsed = JSON.parse(trimmed);
  } catch {
    return ANALYTICS_SETTINGS_MESSAGES.invalidJson;
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) return ANALYTICS_SETTINGS_MESSAGES.invalidKey;
  const key = parsed as Record<string, unknown>;
  const filled = (field: string) => typeof key[field] === 'string' && (key[field] as string).trim() !== '';
  return filled('client_email') && filled('private_key') ? null : ANALYTICS_SETTINGS_MESSAGES.invalidKey;
}

const signals = (count: number) => `${formatNumber(count)} ${count === 1 ? 'sinal' : 'sinais'}`;

/** The dashboard's line on the audience filter: how many beacons it left out of the figures, and why. */
export function discardedLine(discarded: DiscardedBeacons): string {
  if (discarded.total === 0) return 'Filtro de audiência: nenhum sinal descartado no período.';
  const reasons = [
    [discarded.bots, 'de robôs e automação'],
    [discarded.staff, 'da equipe conectada'],
    [discarded.pageLimit, 'acima do limite por página e endereço'],
    [discarded.addressLimit, 'acima do limite diário por endereço'],
  ] as const;
  const why = reasons.filter(([count]) => count > 0).map(([count, reason]) => `${formatNumber(count)} ${reason}`);
  return `Filtro de audiência: ${signals(discarded.total)} ${discarded.total === 1 ? 'descartado' : 'descartados'} no período (${why.join(', ')}).`;
}
