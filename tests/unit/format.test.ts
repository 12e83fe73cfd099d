// The hand-written pt-BR formatting (shared/format.ts, the portal's one formatter) against Intl's own output for the same
// dates, in Brasília: instants spread from 2015 (daylight saving time still in use) to 2035, and the
// edges of the last daylight saving period and of the day.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  formatCardDateTime,
  formatDate,
  formatLongDateTime,
  formatNumber,
  formatNumericDate,
  formatNumericDateTime,
  formatShortDate,
  formatToday,
  formatUtcMonth,
} from '../../shared/format';

const timeZone = 'America/Sao_Paulo';
const intl = {
  date: new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', year: 'numeric', timeZone }),
  short: new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'short', timeZone }),
  time: new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone }),
  today: new Intl.DateTimeFormat('pt-BR', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone }),
  long: new Intl.DateTimeFormat('pt-BR', { day: 'numeric', month: 'long', year: 'numeric', timeZone }),
  number: new Intl.NumberFormat('pt-BR'),
};
const shortOf = (date: Date) => {
  const parts = intl.short.formatToParts(date);
  const day = parts.find((part) => part.type === 'day')?.value ?? '';
  const month = (parts.find((part) => part.type === 'month')?.value ?? '').replace(/\.$/, '');
  return `${day} ${month}`;
};
const timeOf = (date: Date) => intl.time.format(date).replace(':', 'h');

// A fixed pseudo-random walk, so a failure names the same instants on every run.
let seed = 20261123;
const next = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
const instants = [
  ...Array.from({ length: 3000 }, () => Date.UTC(2015, 0, 1) + Math.floor(next() * 20 * 365 * 86_400_000)),
  // The last daylight saving period ended at 2019-02-17 00:00 (02:00 UTC); the day turns at 03:00 UTC.
  Date.UTC(2019, 1, 17, 1, 59), Date.UTC(2019, 1, 17, 2), Date.UTC(2019, 1, 17, 2, 1), Date.UTC(2018, 10, 4, 3),
  Date.UTC(2026, 10, 23, 2, 59), Date.UTC(2026, 10, 23, 3), Date.UTC(2026, 11, 31, 23, 59), Date.UTC(2027, 0, 1, 2, 59, 59),
].map((time) => new Date(time));

describe('pt-BR dates in Brasília', () => {
  it('print as Intl prints them, before and after daylight saving time ended', () => {
    for (const date of instants) {
      const iso = date.toISOString();
      expect(formatDate(iso), iso).toBe(intl.date.format(date));
      expect(formatShortDate(iso), iso).toBe(shortOf(date));
      expect(formatCardDateTime(iso), iso).toBe(`${intl.date.format(date).replace(/ de /g, ' ')}, ${timeOf(date)}`);
      expect(formatCardDateTime(iso, true), iso).toBe(`${shortOf(date)}, ${timeOf(date)}`);
      expect(formatLongDateTime(iso), iso).toBe(`${intl.long.format(date)}, às ${timeOf(date)}`);
      expect(formatToday(date), iso).toBe(intl.today.format(date));
    }
  });
  it('read as the newsroom writes them', () => {
    expect(formatDate('2026-03-05T19:27:00Z')).toBe('05 de mar. de 2026');
    expect(formatShortDate('2026-03-05T19:27:00Z')).toBe('05 mar');
    expect(formatCardDateTime('2026-03-05T19:27:00Z')).toBe('05 mar. 2026, 16h27');
    expect(formatLongDateTime('2026-03-05T19:27:00Z')).toBe('5 de março de 2026, às 16h27');
    expect(formatToday(new Date('2026-11-23T12:00:00Z'))).toBe('segunda-feira, 23 de novembro de 2026');
    expect(formatNumericDate('2026-03-05T19:27:00Z')).toBe('05/03/2026');
    expect(formatNumericDateTime('2026-03-06T01:05:00Z')).toBe('05/03/2026 22h05');
    // A month boundary kept in UTC (the search's recent index) names its own month, not Brasília's.
    expect(formatUtcMonth('2025-11-01T00:00:00.000Z')).toBe('novembro de 2025');
    expect(formatUtcMonth('2026-01-01T00:00:00.000Z')).toBe('janeiro de 2026');
  });
  it('give nothing for a missing or invalid date', () => {
    for (const value of [null, undefined, '', 'ontem']) {
      expect(formatDate(value)).toBe('');
      expect(formatShortDate(value)).toBe('');
      expect(formatCardDateTime(value)).toBe('');
      expect(formatLongDateTime(value)).toBe('');
      expect(formatNumericDateTime(value)).toBe('');
      expect(formatUtcMonth(value)).toBe('');
    }
  });
});

describe('Brasília time whatever the machine’s time zone', () => {
  const original = process.env.TZ;
  afterEach(() => {
    if (original === undefined) delete process.env.TZ;
    else process.env.TZ = original;
  });

  it.each(['Asia/Tokyo', 'America/Los_Angeles', 'UTC'])('prints the same wall clock under TZ=%s', (zone) => {
    process.env.TZ = zone;
    // Node applies TZ at once: the machine's own reading of the hour differs from Brasília's here.
    expect(new Date('2026-03-06T01:05:00Z').getHours()).not.toBe(22);
    expect(formatNumericDateTime('2026-03-06T01:05:00Z')).toBe('05/03/2026 22h05');
    expect(formatCardDateTime('2026-03-06T01:05:00Z')).toBe('05 mar. 2026, 22h05');
    expect(formatLongDateTime('2016-01-10T01:05:00Z')).toBe('9 de janeiro de 2016, às 23h05');
  });
});

/** Every TypeScript source under a folder, as [path, text]. */
function sources(folder: string): [string, string][] {
  return readdirSync(folder, { recursive: true, encoding: 'utf8' })
    .filter((name) => /\.tsx?$/.test(name))
    .map((name) => [relative(process.cwd(), join(folder, name)), readFileSync(join(folder, name), 'utf8')]);
}

describe('one formatter prints dates', () => {
  it('no page, component or e-mail formats a date or time on its own (it would print the machine’s time zone)', () => {
    // A date formatted by the runtime: Intl's date formatter, toLocale{Date,Time}String, or
    // toLocaleString on anything but a count (numbers are fine: `count.toLocaleString('pt-BR')`).
    const ownFormatting = /Intl\.DateTimeFormat|toLocale(Date|Time)String|(Date\([^)]*\)|date|Date|_at|At)\.toLocaleString/;
    const offenders = [...sources('web/src'), ...sources('lambdas'), ...sources('shared')]
      .filter(([path]) => path !== join('shared', 'format.ts'))
      .flatMap(([path, text]) => text.split('\n').map((line, index) => [`${path}:${index + 1}`, line] as const))
      .filter(([, line]) => ownFormatting.test(line))
      .map(([where]) => where);
    expect(offenders).toEqual([]);
  });
});

describe('pt-BR numbers', () => {
  it('print as Intl prints them', () => {
    const values = [0, 1, 7, 999, 1000, 12_345, 1_234_567, 10_000_000, -1, -1234, 0.5, 1234.5, 2.0004, 3.14159, 1_000.999_6];
    for (let index = 0; index < 500; index++) values.push(Math.floor(next() * 10 ** Math.floor(next() * 10)));
    for (const value of values) expect(formatNumber(value), String(value)).toBe(intl.number.format(value));
  });
  it('count a non-number as zero', () => {
    expect(formatNumber(Number.NaN)).toBe('0');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('0');
    // Intl writes '-0' here; a count has no negative zero.
    expect(formatNumber(-0.0001)).toBe('0');
  });
});
