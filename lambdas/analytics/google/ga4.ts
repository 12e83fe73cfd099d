// GA4's figures for a range through the Google Analytics Data API v1beta (properties.runReport, as
// in googleapis' google/analytics/data/v1beta): one row a day on the `date` dimension, and the
// range's totals from metricAggregations TOTAL, which GA computes itself (users are not the sum of
// each day's users). GOOGLE_ANALYTICS_DATA_URL points it elsewhere than Google (the local stand-in).
import type { AnalyticsFigures } from '../../../shared/analytics';
import { optionalEnv } from '../../platform/env';
import { accessToken, type ServiceAccountKey } from './credentials';
import { daysOf, isoDay } from './dates';
import { callApi } from './http';

export const GA4_SCOPE = 'https://www.googleapis.com/auth/analytics.readonly';
const METRICS = ['totalUsers', 'sessions', 'screenPageViews', 'averageSessionDuration', 'bounceRate'] as const;

interface Ga4Row {
  dimensionValues?: { value?: string }[];
  metricValues?: { value?: string }[];
}
export interface Ga4RunReportResponse {
  metricHeaders?: { name?: string }[];
  rows?: Ga4Row[];
  totals?: Ga4Row[];
}
type Range = { startDate: string; endDate: string };

export function ga4Request(range: Range) {
  return {
    dateRanges: [{ startDate: range.startDate, endDate: range.endDate }],
    dimensions: [{ name: 'date' }],
    metrics: METRICS.map((name) => ({ name })),
    metricAggregations: ['TOTAL'],
    orderBys: [{ dimension: { dimensionName: 'date' } }],
  };
}

const ZERO: AnalyticsFigures = { totalUsers: 0, totalSessions: 0, totalPageViews: 0, avgSessionDuration: 0, bounceRate: 0 };

/** A row's metrics in our terms: seconds rounded, GA4's bounce-rate fraction as a percent with two decimals (the spec's format). */
function figuresOf(row: Ga4Row | undefined, headers: string[]): AnalyticsFigures {
  if (!row) return { ...ZERO };
  const value = (name: (typeof METRICS)[number]) => {
    const index = headers.indexOf(name);
    const number = Number(row.metricValues?.[index]?.value ?? 0);
    return Number.isFinite(number) ? number : 0;
  };
  return {
    totalUsers: Math.round(value('totalUsers')),
    totalSessions: Math.round(value('sessions')),
    totalPageViews: Math.round(value('screenPageViews')),
    avgSessionDuration: Math.round(value('averageSessionDuration')),
    bounceRate: Math.round(value('bounceRate') * 10000) / 100,
  };
}

/** runReport's answer as the dashboards' figures, with a point for every day of the range. */
export function ga4Figures(response: Ga4RunReportResponse, range: Range): { totals: AnalyticsFigures; daily: (AnalyticsFigures & { date: string })[] } {
  const headers = (response.metricHeaders ?? []).map((header) => header.name ?? '');
  const byDay = new Map((response.rows ?? []).map((row) => [isoDay(row.dimensionValues?.[0]?.value ?? ''), figuresOf(row, headers)]));
  return {
    totals: figuresOf(response.totals?.[0], headers),
    daily: daysOf(range).map((date) => ({ date, ...(byDay.get(date) ?? ZERO) })),
  };
}

/** The property's figures for the range; a GoogleApiError says why Google refused. */
export async function ga4Report(key: ServiceAccountKey, propertyId: string, range: Range): Promise<{ totals: AnalyticsFigures; daily: (AnalyticsFigures & { date: string })[] }> {
  const token = await accessToken(key, GA4_SCOPE);
  const base = optionalEnv('GOOGLE_ANALYTICS_DATA_URL', 'https://analyticsdata.googleapis.com').replace(/\/$/, '');
  // A master may paste 'properties/123' as GA shows it, or just the number.
  const id = encodeURIComponent(propertyId.trim().replace(/^properties\//, ''));
  const response = await callApi(`${base}/v1beta/properties/${id}:runReport`, token, ga4Request(range));
  return ga4Figures(response as Ga4RunReportResponse, range);
}
