// Ad Manager's figures for a range through the Ad Manager API v1 (admanager.googleapis.com, as in
// googleapis' google/ads/admanager/v1 report_service.proto): create a hidden HISTORICAL report by
// DATE, run it (a long-running operation, polled for a bounded time), and fetch its rows.
// Values come as ReportValue (proto3 JSON: int64 as strings): DATE as intValue YYYYMMDD; INTEGER
// metrics as intValue; PERCENT metrics (CTR, FILL_RATE) as doubleValue fractions; MONEY (REVENUE)
// has no type of its own in ReportValue: intValue is taken as micros of the network's currency (as
// Ad Manager's other reports give money), doubleValue as currency units. The report asks for BRL.
// GOOGLE_AD_MANAGER_URL points it elsewhere than Google (the local stand-in).
import type { AdFigures } from '../../../shared/analytics';
import { optionalEnv } from '../../platform/env';
import { accessToken, type ServiceAccountKey } from './credentials';
import { daysOf, isoDay } from './dates';
import { apiErrorReason, callApi, GoogleApiError } from './http';

export const AD_MANAGER_SCOPE = 'https://www.googleapis.com/auth/admanager';
const METRICS = ['IMPRESSIONS', 'CLICKS', 'CTR', 'REVENUE', 'AD_REQUESTS', 'FILL_RATE'] as const;
/** Waits between polls of the run, in ms: about 7 s in all, inside the HTTP function's ten. */
const POLL_DELAYS_MS = [500, 1000, 1500, 2000, 2000];
const MAX_PAGES = 10;

export interface ReportValue {
  intValue?: string | number;
  doubleValue?: number;
  stringValue?: string;
}
export interface AdManagerRow {
  dimensionValues?: ReportValue[];
  metricValueGroups?: { primaryValues?: ReportValue[] }[];
}
type Range = { startDate: string; endDate: string };
type Daily = AdFigures & { date: string };

const googleDate = (day: string) => {
  const [year, month, date] = day.split('-').map(Number);
  return { year, month, day: date };
};

export function adManagerReportBody(range: Range) {
  return {
    displayName: `Portal Plural ${range.startDate}–${range.endDate}`,
    visibility: 'HIDDEN',
    reportDefinition: {
      dimensions: ['DATE'],
      metrics: [...METRICS],
      dateRange: { fixed: { startDate: googleDate(range.startDate), endDate: googleDate(range.endDate) } },
      reportType: 'HISTORICAL',
      currencyCode: 'BRL',
      sorts: [{ field: { dimension: 'DATE' } }],
    },
  };
}

const numberOf = (value: ReportValue | undefined) => Number(value?.intValue ?? value?.doubleValue ?? value?.stringValue ?? 0) || 0;
/** MONEY: micros when an integer, currency units when a double. */
const brlOf = (value: ReportValue | undefined) => (value?.intValue !== undefined ? Number(value.intValue) / 1_000_000 : numberOf(value));
const percent = (fraction: number) => Math.round(fraction * 10_000) / 100;
const cents = (brl: number) => Math.round(brl * 100) / 100;

interface DayCounts {
  date: string;
  impressions: number;
  clicks: number;
  revenue: number;
  adRequests: number;
  /** Filled requests (fill rate × requests), so totals weigh each day by its requests. */
  filled: number;
}

function countsOf(row: AdManagerRow): DayCounts {
  const values = row.metricValueGroups?.[0]?.primaryValues ?? [];
  const at = (name: (typeof METRICS)[number]) => values[METRICS.indexOf(name)];
  const adRequests = numberOf(at('AD_REQUESTS'));
  return {
    date: isoDay(row.dimensionValues?.[0]?.intValue ?? row.dimensionValues?.[0]?.stringValue ?? ''),
    impressions: numberOf(at('IMPRESSIONS')),
    clicks: numberOf(at('CLICKS')),
    revenue: brlOf(at('REVENUE')),
    adRequests,
    filled: numberOf(at('FILL_RATE')) * adRequests,
  };
}

function figuresOf(counts: Omit<DayCounts, 'date'>): AdFigures {
  return {
    revenue: cents(counts.revenue),
    impressions: counts.impressions,
    clicks: counts.clicks,
    ctr: counts.impressions ? percent(counts.clicks / counts.impressions) : 0,
    fillRate: counts.adRequests ? percent(counts.filled / counts.adRequests) : 0,
    adRequests: counts.adRequests,
  };
}

/** fetchRows' rows as the dashboards' figures: CTR and fill rate in percent (two decimals), revenue in BRL. */
export function adManagerFigures(rows: AdManagerRow[], range: Range): { totals: AdFigures; daily: Daily[] } {
  const days = new Map(rows.map((row) => countsOf(row)).map((counts) => [counts.date, counts]));
  const empty = { impressions: 0, clicks: 0, revenue: 0, adRequests: 0, filled: 0 };
  const daily = daysOf(range).map((date) => ({ date, ...figuresOf(days.get(date) ?? empty) }));
  const sum = [...days.values()].reduce(
    (total, day) => ({
      impressions: total.impressions + day.impressions,
      clicks: total.clicks + day.clicks,
      revenue: total.revenue + day.revenue,
      adRequests: total.adRequests + day.adRequests,
      filled: total.filled + day.filled,
    }),
    empty,
  );
  return { totals: figuresOf(sum), daily };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Operation {
  name?: string;
  done?: boolean;
  error?: { code?: number; message?: string; status?: string };
  response?: { reportResult?: string };
}

/** Polls the run until it is done, for a bounded time; the result's resource name. */
async function resultOf(base: string, token: string, operation: Operation): Promise<string> {
  for (const delay of [0, ...POLL_DELAYS_MS]) {
    if (delay) {
      await sleep(delay);
      operation = (await callApi(`${base}/v1/${operation.name}`, token)) as Operation;
    }
    if (operation.error) throw new GoogleApiError(apiErrorReason({ error: operation.error }, operation.error.code ?? 500));
    if (operation.done && operation.response?.reportResult) return operation.response.reportResult;
    if (!operation.name) break;
  }
  throw new GoogleApiError('O relatório do Ad Manager não ficou pronto a tempo; tente novamente em instantes.');
}

/** The network's ad figures for the range; a GoogleApiError says why Google refused. */
export async function adManagerReport(key: ServiceAccountKey, networkCode: string, range: Range): Promise<{ totals: AdFigures; daily: Daily[] }> {
  const token = await accessToken(key, AD_MANAGER_SCOPE);
  const base = optionalEnv('GOOGLE_AD_MANAGER_URL', 'https://admanager.googleapis.com').replace(/\/$/, '');
  const network = encodeURIComponent(networkCode.trim().replace(/^networks\//, ''));
  const report = (await callApi(`${base}/v1/networks/${network}/reports`, token, adManagerReportBody(range))) as { name?: string };
  if (!report.name) throw new GoogleApiError('O Ad Manager não criou o relatório.');
  const run = (await callApi(`${base}/v1/${report.name}:run`, token, {})) as Operation;
  const result = await resultOf(base, token, run);
  const rows: AdManagerRow[] = [];
  let pageToken = '';
  for (let page = 0; page < MAX_PAGES; page++) {
    const query = new URLSearchParams({ pageSize: '1000', ...(pageToken ? { pageToken } : {}) });
    const answer = (await callApi(`${base}/v1/${result}:fetchRows?${query}`, token)) as { rows?: AdManagerRow[]; nextPageToken?: string };
    rows.push(...(answer.rows ?? []));
    pageToken = answer.nextPageToken ?? '';
    if (!pageToken) break;
  }
  return adManagerFigures(rows, range);
}
