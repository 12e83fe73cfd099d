// The analytics screens' formats (web/src/features/analytics/lib/format.ts): durations in minutes and
// seconds, percentages with two decimals as Intl writes them in pt-BR, the 30-day window as the API
// counts days, the chart's day labels, and the browser's check of a pasted service-account key.
import { describe, expect, it } from 'vitest';
import { ANALYTICS_SETTINGS_MESSAGES } from '../../shared/analytics';
import { discardedLine, formatDay, formatDuration, formatPercent, formatRange, lastDays, serviceKeyProblem } from '../../web/src/features/analytics/lib/format';

describe('formatDuration', () => {
  it('writes minutes and seconds', () => {
    expect(formatDuration(155)).toBe('2 min 35 s');
    expect(formatDuration(60)).toBe('1 min 0 s');
    expect(formatDuration(3725)).toBe('62 min 5 s');
  });
  it('writes seconds alone under a minute, rounded', () => {
    expect(formatDuration(0)).toBe('0 s');
    expect(formatDuration(48.4)).toBe('48 s');
    expect(formatDuration(59.6)).toBe('1 min 0 s');
  });
  it('gives a dash for what is not a number', () => {
    expect(formatDuration(null)).toBe('—');
    expect(formatDuration(Number.NaN)).toBe('—');
  });
});

describe('formatPercent', () => {
  const intl = new Intl.NumberFormat('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  it('has two decimals and a comma, as Intl writes pt-BR', () => {
    expect(formatPercent(45.234)).toBe('45,23%');
    expect(formatPercent(1.2)).toBe('1,20%');
    expect(formatPercent(0)).toBe('0,00%');
    expect(formatPercent(100)).toBe('100,00%');
    for (const value of [0.004, 0.005, 1.235, 33.3, 33.333, 66.666, 99.995, 12.5]) {
      expect(formatPercent(value)).toBe(`${intl.format(Number(value.toFixed(2)))}%`);
    }
  });
  it('gives a dash when unknown', () => {
    expect(formatPercent(null)).toBe('—');
    expect(formatPercent(undefined)).toBe('—');
  });
});

describe('the 30-day window', () => {
  it('ends today (UTC, as the API counts days) and holds 30 days', () => {
    expect(lastDays(new Date('2026-11-26T02:30:00Z'))).toEqual({ startDate: '2026-10-28', endDate: '2026-11-26' });
    expect(lastDays(new Date('2026-03-01T12:00:00Z'))).toEqual({ startDate: '2026-01-31', endDate: '2026-03-01' });
  });
  it('labels days and ranges', () => {
    expect(formatDay('2026-11-05')).toBe('05 nov');
    expect(formatDay('hoje')).toBe('hoje');
    expect(formatRange('2026-10-28', '2026-11-26')).toBe('28 out – 26 nov 2026');
    expect(formatRange('2025-12-20', '2026-01-18')).toBe('20 dez 2025 – 18 jan 2026');
  });
});

describe('serviceKeyProblem', () => {
  it('lets an empty field keep the stored key', () => {
    expect(serviceKeyProblem('')).toBeNull();
    expect(serviceKeyProblem('  \n')).toBeNull();
  });
  it('refuses text that is not JSON', () => {
    expect(serviceKeyProblem('{ "client_email": ')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidJson);
    expect(serviceKeyProblem('chave')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidJson);
  });
  it('needs client_email and private_key', () => {
    expect(serviceKeyProblem('{"client_email": "a@b.iam.gserviceaccount.com"}')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
    expect(serviceKeyProblem('{"client_email": "", "private_key": "x"}')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
    expect(serviceKeyProblem('[1, 2]')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
    expect(serviceKeyProblem('null')).toBe(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
    expect(serviceKeyProblem('{"client_email": "a@b.iam.gserviceaccount.com", "private_key": "-----BEGIN PRIVATE KEY-----\\nabc\\n-----END PRIVATE KEY-----\\n"}')).toBeNull();
  });
});

describe('discardedLine', () => {
  it('says how many beacons the filter left out, and why, naming only the reasons that happened', () => {
    expect(discardedLine({ total: 1234, bots: 1000, staff: 34, pageLimit: 190, addressLimit: 10 })).toBe(
      'Filtro de audiência: 1.234 sinais descartados no período (1.000 de robôs e automação, 34 da equipe conectada, 190 acima do limite por página e endereço, 10 acima do limite diário por endereço).',
    );
    expect(discardedLine({ total: 1, bots: 0, staff: 0, pageLimit: 1, addressLimit: 0 })).toBe('Filtro de audiência: 1 sinal descartado no período (1 acima do limite por página e endereço).');
    expect(discardedLine({ total: 0, bots: 0, staff: 0, pageLimit: 0, addressLimit: 0 })).toBe('Filtro de audiência: nenhum sinal descartado no período.');
  });
});
