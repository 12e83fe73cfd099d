// The import screens' numbers: time left ('04:05', '1 h 02 min'), sizes in MB as pt-BR writes them,
// whole percentages, and the browser's first check of a chosen file (the server checks it again).
import { IMPORT_LIMITS, IMPORT_MESSAGES } from '../../../../../shared/imports';
import { formatNumber } from '../../../lib/format';

const twoDigits = (value: number) => String(value).padStart(2, '0');

/** 'mm:ss' under an hour ('04:05'), '1 h 02 min' from an hour on; null when there is no estimate yet. */
export function formatTimeLeft(seconds: number | null | undefined): string | null {
  if (seconds == null || !Number.isFinite(seconds) || seconds < 0) return null;
  const whole = Math.ceil(seconds);
  if (whole < 3600) return `${twoDigits(Math.floor(whole / 60))}:${twoDigits(whole % 60)}`;
  const minutes = Math.ceil(whole / 60);
  return `${Math.floor(minutes / 60)} h ${twoDigits(minutes % 60)} min`;
}

/** '12,3 MB' (one decimal at most, MiB as the 100 MB limit counts them). */
export function formatMegabytes(bytes: number): string {
  const megabytes = Math.max(0, bytes) / (1024 * 1024);
  return `${formatNumber(Math.round(megabytes * 10) / 10)} MB`;
}

/** Whole percent of done in total, 0–100, never 100 before the end; 0 without a total. */
export function percentOf(done: number, total: number): number {
  if (!(total > 0) || !(done > 0)) return 0;
  return Math.min(100, Math.floor((done / total) * 100));
}

/** '1 registro', '12.345 registros'. */
export function records(count: number): string {
  return `${formatNumber(count)} ${count === 1 ? 'registro' : 'registros'}`;
}

/** Why a chosen file cannot be sent (too large, empty, not a .csv), or null. */
export function fileProblem(file: { name: string; size: number; type?: string }): string | null {
  if (file.size > IMPORT_LIMITS.maxBytes) return IMPORT_MESSAGES.tooLarge;
  const csv = /\.csv$/i.test(file.name) || file.type === 'text/csv';
  if (!csv || file.size === 0) return IMPORT_MESSAGES.invalidFile;
  return null;
}
