// Google's APIs behind the analytics settings, on this machine: one loopback server that speaks
// their wire formats. The OAuth 2.0 token endpoint (/token) checks a service account's RS256-signed
// JWT assertion against that account's public key, its audience and lifetime, as Google does; the
// Analytics Data API v1beta (properties/{id}:runReport) and the Ad Manager API v1 reports (create,
// run as a long-running operation, the operation, fetchRows) check the bearer token and its scope,
// know one demo property and one demo network, and answer figures drawn from each day's date, the
// same on every run. It also makes, once, the demo service account's key file a developer pastes.
import { createHash, createPublicKey, createVerify, generateKeyPairSync, randomBytes, type KeyObject } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';

/** The demo GA4 property and Ad Manager network the stand-in knows; any other is refused. */
export const DEMO_GA4_PROPERTY_ID = '412345678';
export const DEMO_AD_MANAGER_NETWORK_CODE = '21801234567';
/** The demo service account's key, in the data folder, in Google's key-file format. */
export const DEMO_SERVICE_ACCOUNT_FILE = 'google-service-account.json';

const SCOPES = {
  analytics: ['https://www.googleapis.com/auth/analytics.readonly', 'https://www.googleapis.com/auth/analytics'],
  adManager: ['https://www.googleapis.com/auth/admanager', 'https://www.googleapis.com/auth/admanager.readonly'],
};
const TOKEN_SECONDS = 3599;
const JWT_BEARER = 'urn:ietf:params:oauth:grant-type:jwt-bearer';

/** A service account's key file, as the Google Cloud console downloads it. */
export interface GoogleKeyFile {
  type: 'service_account';
  project_id: string;
  private_key_id: string;
  private_key: string;
  client_email: string;
  client_id: string;
  auth_uri: string;
  token_uri: string;
  auth_provider_x509_cert_url: string;
  client_x509_cert_url: string;
  universe_domain: string;
}

/** The demo key: made once (RSA 2048) and kept; its token_uri follows the stand-in's port. */
export function loadDemoServiceAccount(dataDir: string, tokenUri: string): GoogleKeyFile {
  const file = path.join(dataDir, DEMO_SERVICE_ACCOUNT_FILE);
  if (existsSync(file)) {
    const key = JSON.parse(readFileSync(file, 'utf8')) as GoogleKeyFile;
    if (key.token_uri === tokenUri) return key;
    const moved = { ...key, token_uri: tokenUri };
    writeFileSync(file, JSON.stringify(moved, null, 2), { mode: 0o600 });
    return moved;
  }
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const project = 'portal-plural-local';
  const email = `portal-analytics@${project}.iam.gserviceaccount.com`;
  const key: GoogleKeyFile = {
    type: 'service_account',
    project_id: project,
    private_key_id: randomBytes(20).toString('hex'),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: email,
    client_id: `1${Array.from(randomBytes(20), (byte) => byte % 10).join('')}`,
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: tokenUri,
    auth_provider_x509_cert_url: 'https://www.googleapis.com/oauth2/v1/certs',
    client_x509_cert_url: `https://www.googleapis.com/robot/v1/metadata/x509/${encodeURIComponent(email)}`,
    universe_domain: 'googleapis.com',
  };
  writeFileSync(file, JSON.stringify(key, null, 2), { mode: 0o600 });
  return key;
}

// ---- Deterministic figures: each day's own, from a hash of its date ----

function randoms(seed: string): () => number {
  let counter = 0;
  return () => createHash('sha256').update(`${seed}:${counter++}`).digest().readUInt32BE(0) / 2 ** 32;
}

/** One day of the demo property: users, sessions, page views, bounced sessions and engaged seconds. */
export function ga4Day(day: string) {
  const next = randoms(`ga4:${day}`);
  const users = 180 + Math.floor(next() * 420);
  const sessions = users + Math.floor(next() * users * 0.4);
  const views = sessions + Math.floor(next() * sessions * 2);
  const bounces = Math.floor(sessions * (0.3 + next() * 0.3));
  const seconds = Math.floor(sessions * (60 + next() * 240));
  return { users, sessions, views, bounces, seconds };
}

/** One day of the demo network: ad requests, responses served, impressions, clicks, revenue in micros of BRL. */
export function adManagerDay(day: string) {
  const next = randoms(`ad-manager:${day}`);
  const adRequests = 4000 + Math.floor(next() * 3000);
  const served = Math.floor(adRequests * (0.75 + next() * 0.2));
  const impressions = Math.floor(served * (0.9 + next() * 0.09));
  const clicks = Math.floor(impressions * (0.003 + next() * 0.012));
  // A CPM between R$ 2 and R$ 8, in micros.
  const revenueMicros = Math.round(impressions * (2 + next() * 6) * 1000);
  return { adRequests, served, impressions, clicks, revenueMicros };
}

/** Users of a range are fewer than the sum of each day's: some came back on other days. */
const RETURNING_SHARE = 0.18;

// ---- HTTP plumbing ----

class GoogleError extends Error {
  constructor(
    readonly code: number,
    readonly status: string,
    message: string,
  ) {
    super(message);
  }
}
const invalid = (message: string) => new GoogleError(400, 'INVALID_ARGUMENT', message);
const notFound = (what: string) => new GoogleError(404, 'NOT_FOUND', `Requested entity was not found. (${what})`);

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

function send(response: ServerResponse, status: number, payload: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=UTF-8' });
  response.end(JSON.stringify(payload));
}

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;
function daysBetween(start: string, end: string): string[] {
  if (!ISO_DAY.test(start) || !ISO_DAY.test(end) || Number.isNaN(Date.parse(start)) || Number.isNaN(Date.parse(end))) {
    throw invalid('Invalid date range: dates must be in the format YYYY-MM-DD.');
  }
  if (start > end) throw invalid('Invalid date range: the start date must not be after the end date.');
  // No data yet for days to come.
  const last = Math.min(Date.parse(end), Date.parse(new Date().toISOString().slice(0, 10)));
  const days: string[] = [];
  for (let time = Date.parse(start); time <= last && days.length < 1000; time += 86_400_000) days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

// ---- OAuth 2.0 token endpoint ----

interface IssuedToken {
  email: string;
  scopes: string[];
  expiresAt: number;
}

const fromBase64url = (part: string) => JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;

/** Google's answers to a JWT bearer grant: a token, or OAuth's {error, error_description} with 400. */
function grant(form: URLSearchParams, accounts: Map<string, KeyObject>, audiences: string[], tokens: Map<string, IssuedToken>): { status: number; body: unknown } {
  const refuse = (error: string, description: string) => ({ status: 400, body: { error, error_description: description } });
  if (form.get('grant_type') !== JWT_BEARER) return refuse('unsupported_grant_type', `Invalid grant_type: ${form.get('grant_type') ?? ''}`);
  const parts = (form.get('assertion') ?? '').split('.');
  if (parts.length !== 3) return refuse('invalid_request', 'Invalid JWT: the assertion is not a signed JWT.');
  let header: Record<string, unknown>;
  let claims: Record<string, unknown>;
  try {
    header = fromBase64url(parts[0]!);
    claims = fromBase64url(parts[1]!);
  } catch {
    return refuse('invalid_request', 'Invalid JWT: the assertion could not be decoded.');
  }
  if (header.alg !== 'RS256') return refuse('invalid_grant', 'Invalid JWT: only RS256 signatures are accepted.');
  const publicKey = accounts.get(String(claims.iss ?? ''));
  if (!publicKey) return refuse('invalid_grant', 'Invalid grant: account not found');
  const signed = createVerify('RSA-SHA256').update(`${parts[0]}.${parts[1]}`).verify(publicKey, Buffer.from(parts[2]!, 'base64url'));
  if (!signed) return refuse('invalid_grant', 'Invalid JWT Signature.');
  if (!audiences.includes(String(claims.aud ?? ''))) return refuse('invalid_grant', 'Invalid JWT: the audience (aud) must be the token endpoint.');
  const now = Math.floor(Date.now() / 1000);
  const iat = Number(claims.iat);
  const exp = Number(claims.exp);
  if (!Number.isFinite(iat) || !Number.isFinite(exp) || exp <= now || iat > now + 300 || exp - iat > 3600) {
    return refuse('invalid_grant', 'Invalid JWT: Token must be a short-lived token (60 minutes) and in a reasonable timeframe. Check your iat and exp values in the JWT claim.');
  }
  const scopes = String(claims.scope ?? '').split(' ').filter(Boolean);
  if (!scopes.length) return refuse('invalid_scope', 'Invalid OAuth scope or ID token audience provided.');
  const token = `ya29.local-${randomBytes(24).toString('base64url')}`;
  tokens.set(token, { email: String(claims.iss), scopes, expiresAt: Date.now() + TOKEN_SECONDS * 1000 });
  return { status: 200, body: { access_token: token, expires_in: TOKEN_SECONDS, token_type: 'Bearer' } };
}

function authorize(request: IncomingMessage, tokens: Map<string, IssuedToken>, accepted: string[]) {
  const token = /^Bearer (.+)$/i.exec(String(request.headers.authorization ?? ''))?.[1];
  const issued = token ? tokens.get(token) : undefined;
  if (!issued || issued.expiresAt < Date.now()) {
    throw new GoogleError(
      401,
      'UNAUTHENTICATED',
      'Request had invalid authentication credentials. Expected OAuth 2 access token, login cookie or other valid authentication credential.',
    );
  }
  if (!issued.scopes.some((scope) => accepted.includes(scope))) throw new GoogleError(403, 'PERMISSION_DENIED', 'Request had insufficient authentication scopes.');
}

// ---- Analytics Data API v1beta: properties/{id}:runReport ----

const GA4_METRICS: Record<string, string> = {
  totalUsers: 'TYPE_INTEGER',
  sessions: 'TYPE_INTEGER',
  screenPageViews: 'TYPE_INTEGER',
  averageSessionDuration: 'TYPE_SECONDS',
  bounceRate: 'TYPE_FLOAT',
};

type Ga4Counts = ReturnType<typeof ga4Day>;
function ga4Value(name: string, counts: Ga4Counts): string {
  switch (name) {
    case 'totalUsers':
      return String(counts.users);
    case 'sessions':
      return String(counts.sessions);
    case 'screenPageViews':
      return String(counts.views);
    case 'averageSessionDuration':
      return String(counts.sessions ? counts.seconds / counts.sessions : 0);
    default:
      return String(counts.sessions ? counts.bounces / counts.sessions : 0);
  }
}

function runReport(propertyId: string, body: Record<string, unknown>) {
  if (propertyId !== DEMO_GA4_PROPERTY_ID) {
    throw new GoogleError(
      403,
      'PERMISSION_DENIED',
      'User does not have sufficient permissions for this property. To learn more about Property ID, see https://developers.google.com/analytics/devguides/reporting/data/v1/property-id.',
    );
  }
  const metrics = ((body.metrics ?? []) as { name?: string }[]).map((metric) => String(metric.name ?? ''));
  const dimensions = ((body.dimensions ?? []) as { name?: string }[]).map((dimension) => String(dimension.name ?? ''));
  if (!metrics.length) throw invalid('At least one metric is required.');
  for (const name of metrics) if (!(name in GA4_METRICS)) throw invalid(`Field ${name} is not a valid metric. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`);
  for (const name of dimensions) if (name !== 'date') throw invalid(`Field ${name} is not a valid dimension. For a list of valid dimensions and metrics, see https://developers.google.com/analytics/devguides/reporting/data/v1/api-schema`);
  const range = ((body.dateRanges ?? []) as { startDate?: string; endDate?: string }[])[0];
  if (!range) throw invalid('A date range is required.');
  const days = daysBetween(String(range.startDate ?? ''), String(range.endDate ?? ''));
  const perDay = days.map((day) => ({ day, counts: ga4Day(day) }));
  const sum = perDay.reduce(
    (total, { counts }) => ({
      users: total.users + counts.users,
      sessions: total.sessions + counts.sessions,
      views: total.views + counts.views,
      bounces: total.bounces + counts.bounces,
      seconds: total.seconds + counts.seconds,
    }),
    { users: 0, sessions: 0, views: 0, bounces: 0, seconds: 0 },
  );
  const total = { ...sum, users: Math.round(sum.users * (1 - RETURNING_SHARE)) };
  const row = (dimension: string[], counts: Ga4Counts) => ({
    dimensionValues: dimension.map((value) => ({ value })),
    metricValues: metrics.map((name) => ({ value: ga4Value(name, counts) })),
  });
  const rows = dimensions.length ? perDay.filter(({ counts }) => counts.sessions).map(({ day, counts }) => row([day.replaceAll('-', '')], counts)) : [row([], total)];
  const aggregations = (body.metricAggregations ?? []) as string[];
  return {
    dimensionHeaders: dimensions.map((name) => ({ name })),
    metricHeaders: metrics.map((name) => ({ name, type: GA4_METRICS[name] })),
    rows,
    ...(aggregations.includes('TOTAL') && rows.length ? { totals: [row(dimensions.map(() => 'RESERVED_TOTAL'), total)] } : {}),
    rowCount: rows.length,
    metadata: { currencyCode: 'BRL', timeZone: 'America/Sao_Paulo' },
    kind: 'analyticsData#runReport',
  };
}

// ---- Ad Manager API v1: reports, their runs (operations) and result rows ----

const AD_METRICS = ['IMPRESSIONS', 'CLICKS', 'CTR', 'REVENUE', 'AD_REQUESTS', 'FILL_RATE', 'RESPONSES_SERVED'] as const;
type AdMetric = (typeof AD_METRICS)[number];
type ReportValue = { intValue: string } | { doubleValue: number };

function adValue(metric: AdMetric, counts: ReturnType<typeof adManagerDay>): ReportValue {
  switch (metric) {
    case 'IMPRESSIONS':
      return { intValue: String(counts.impressions) };
    case 'CLICKS':
      return { intValue: String(counts.clicks) };
    case 'CTR':
      return { doubleValue: counts.impressions ? counts.clicks / counts.impressions : 0 };
    case 'REVENUE':
      return { intValue: String(counts.revenueMicros) };
    case 'AD_REQUESTS':
      return { intValue: String(counts.adRequests) };
    case 'RESPONSES_SERVED':
      return { intValue: String(counts.served) };
    default:
      return { doubleValue: counts.adRequests ? counts.served / counts.adRequests : 0 };
  }
}

interface GoogleDate {
  year?: number;
  month?: number;
  day?: number;
}
const isoOf = (date: GoogleDate | undefined) =>
  date && date.year && date.month && date.day ? `${String(date.year).padStart(4, '0')}-${String(date.month).padStart(2, '0')}-${String(date.day).padStart(2, '0')}` : '';

interface StoredReport {
  name: string;
  reportId: string;
  body: Record<string, unknown>;
  metrics: AdMetric[];
  days: string[];
  createTime: string;
}

class AdManager {
  private next = 1000;
  private readonly reports = new Map<string, StoredReport>();
  private readonly runs = new Map<string, { report: StoredReport; polls: number; resultId: string }>();
  private readonly results = new Map<string, { report: StoredReport; runTime: string }>();

  private id = () => String(this.next++ * 7919);

  private network(code: string) {
    if (code !== DEMO_AD_MANAGER_NETWORK_CODE) throw new GoogleError(403, 'PERMISSION_DENIED', `The caller does not have permission to access network ${code}.`);
  }

  create(code: string, report: Record<string, unknown>) {
    this.network(code);
    const definition = (report.reportDefinition ?? {}) as Record<string, unknown>;
    if (definition.reportType !== 'HISTORICAL') throw invalid('report.report_definition.report_type: only HISTORICAL reports are available.');
    const dimensions = (definition.dimensions ?? []) as string[];
    for (const dimension of dimensions) if (dimension !== 'DATE') throw invalid(`Invalid value at 'report.report_definition.dimensions' (type.googleapis.com/google.ads.admanager.v1.ReportDefinition.Dimension), "${dimension}"`);
    if (dimensions.length !== 1) throw invalid('report.report_definition.dimensions: this network reports by DATE only.');
    const metrics = (definition.metrics ?? []) as string[];
    if (!metrics.length) throw invalid('report.report_definition.metrics: at least one metric is required.');
    for (const metric of metrics) if (!AD_METRICS.includes(metric as AdMetric)) throw invalid(`Invalid value at 'report.report_definition.metrics' (type.googleapis.com/google.ads.admanager.v1.ReportDefinition.Metric), "${metric}"`);
    const fixed = ((definition.dateRange ?? {}) as { fixed?: { startDate?: GoogleDate; endDate?: GoogleDate } }).fixed;
    if (!fixed) throw invalid('report.report_definition.date_range: a fixed date range is required.');
    const reportId = this.id();
    const now = new Date().toISOString();
    const stored: StoredReport = {
      name: `networks/${code}/reports/${reportId}`,
      reportId,
      body: report,
      metrics: metrics as AdMetric[],
      days: daysBetween(isoOf(fixed.startDate), isoOf(fixed.endDate)),
      createTime: now,
    };
    this.reports.set(reportId, stored);
    return this.view(stored);
  }

  private view(report: StoredReport) {
    return { ...report.body, name: report.name, reportId: report.reportId, visibility: report.body.visibility ?? 'HIDDEN', createTime: report.createTime, updateTime: report.createTime, locale: 'pt-BR' };
  }

  private report(code: string, reportId: string) {
    this.network(code);
    const report = this.reports.get(reportId);
    if (!report || !report.name.startsWith(`networks/${code}/`)) throw notFound(`networks/${code}/reports/${reportId}`);
    return report;
  }

  get(code: string, reportId: string) {
    return this.view(this.report(code, reportId));
  }

  run(code: string, reportId: string) {
    const report = this.report(code, reportId);
    const runId = this.id();
    this.runs.set(runId, { report, polls: 0, resultId: this.id() });
    return this.operation(code, runId);
  }

  /** A run is done from its first poll on, so a client must poll as it would on Google. */
  operation(code: string, runId: string, poll = false) {
    this.network(code);
    const run = this.runs.get(runId);
    if (!run || !run.report.name.startsWith(`networks/${code}/`)) throw notFound(`networks/${code}/operations/reports/runs/${runId}`);
    if (poll) run.polls += 1;
    const done = run.polls > 0;
    if (done && !this.results.has(run.resultId)) this.results.set(run.resultId, { report: run.report, runTime: new Date().toISOString() });
    return {
      name: `networks/${code}/operations/reports/runs/${runId}`,
      metadata: { '@type': 'type.googleapis.com/google.ads.admanager.v1.RunReportMetadata', percentComplete: done ? 100 : 0, report: run.report.name },
      done,
      ...(done ? { response: { '@type': 'type.googleapis.com/google.ads.admanager.v1.RunReportResponse', reportResult: `${run.report.name}/results/${run.resultId}` } } : {}),
    };
  }

  fetchRows(code: string, reportId: string, resultId: string, query: URLSearchParams) {
    this.report(code, reportId);
    const result = this.results.get(resultId);
    if (!result || result.report.reportId !== reportId) throw notFound(`networks/${code}/reports/${reportId}/results/${resultId}`);
    const pageSize = Math.min(Number(query.get('pageSize')) || 1000, 10_000);
    const offset = query.get('pageToken') ? Number(Buffer.from(query.get('pageToken')!, 'base64url').toString()) : 0;
    if (!Number.isInteger(offset) || offset < 0) throw invalid('Invalid page token.');
    const { days, metrics } = result.report;
    const rows = days.slice(offset, offset + pageSize).map((day) => {
      const counts = adManagerDay(day);
      return { dimensionValues: [{ intValue: day.replaceAll('-', '') }], metricValueGroups: [{ primaryValues: metrics.map((metric) => adValue(metric, counts)) }] };
    });
    const googleDate = (day: string) => ({ year: Number(day.slice(0, 4)), month: Number(day.slice(5, 7)), day: Number(day.slice(8, 10)) });
    const fixed = (result.report.body.reportDefinition as { dateRange: { fixed: { startDate: GoogleDate; endDate: GoogleDate } } }).dateRange.fixed;
    return {
      rows,
      runTime: result.runTime,
      dateRanges: [{ startDate: googleDate(isoOf(fixed.startDate)), endDate: googleDate(isoOf(fixed.endDate)) }],
      totalRowCount: days.length,
      ...(offset + pageSize < days.length ? { nextPageToken: Buffer.from(String(offset + pageSize)).toString('base64url') } : {}),
    };
  }
}

// ---- The server ----

export interface GoogleStandInOptions {
  /** 0 for any free port. */
  port: number;
  /** The service accounts Google knows: their e-mail and key (the public half is what it checks with). */
  accounts: { client_email: string; private_key: string }[];
}

export interface GoogleStandIn {
  server: Server;
  url: string;
  close(): Promise<void>;
}

export function startGoogle(options: GoogleStandInOptions): Promise<GoogleStandIn> {
  const accounts = new Map(options.accounts.map((account) => [account.client_email, createPublicKey(account.private_key)]));
  const tokens = new Map<string, IssuedToken>();
  const adManager = new AdManager();
  let port = options.port;

  const route = async (request: IncomingMessage, url: URL, raw: string): Promise<unknown> => {
    const method = request.method ?? 'GET';
    const json = () => {
      try {
        return (raw ? JSON.parse(raw) : {}) as Record<string, unknown>;
      } catch {
        throw invalid('Invalid JSON payload received.');
      }
    };
    let match: RegExpExecArray | null;
    if (method === 'POST' && (match = /^\/v1beta\/properties\/([^/:]+):runReport$/.exec(url.pathname))) {
      authorize(request, tokens, SCOPES.analytics);
      return runReport(decodeURIComponent(match[1]!), json());
    }
    if (!url.pathname.startsWith('/v1/networks/')) throw notFound(url.pathname);
    authorize(request, tokens, SCOPES.adManager);
    if (method === 'POST' && (match = /^\/v1\/networks\/([^/]+)\/reports$/.exec(url.pathname))) return adManager.create(match[1]!, json());
    if (method === 'GET' && (match = /^\/v1\/networks\/([^/]+)\/reports\/(\d+)$/.exec(url.pathname))) return adManager.get(match[1]!, match[2]!);
    if (method === 'POST' && (match = /^\/v1\/networks\/([^/]+)\/reports\/(\d+):run$/.exec(url.pathname))) return adManager.run(match[1]!, match[2]!);
    if (method === 'GET' && (match = /^\/v1\/networks\/([^/]+)\/operations\/reports\/runs\/(\d+)$/.exec(url.pathname))) return adManager.operation(match[1]!, match[2]!, true);
    if (method === 'GET' && (match = /^\/v1\/networks\/([^/]+)\/reports\/(\d+)\/results\/(\d+):fetchRows$/.exec(url.pathname))) {
      return adManager.fetchRows(match[1]!, match[2]!, match[3]!, url.searchParams);
    }
    throw notFound(url.pathname);
  };

  const server = createServer((request, response) => {
    void (async () => {
      const url = new URL(request.url ?? '/', 'http://127.0.0.1');
      const raw = await readBody(request);
      if (request.method === 'POST' && url.pathname === '/token') {
        const audiences = [`http://127.0.0.1:${port}/token`, `http://localhost:${port}/token`];
        const answer = grant(new URLSearchParams(raw), accounts, audiences, tokens);
        return send(response, answer.status, answer.body);
      }
      try {
        send(response, 200, await route(request, url, raw));
      } catch (error) {
        if (!(error instanceof GoogleError)) throw error;
        send(response, error.code, { error: { code: error.code, message: error.message, status: error.status } });
      }
    })().catch((error: unknown) => {
      if (!response.headersSent) send(response, 500, { error: { code: 500, message: (error as Error).message, status: 'INTERNAL' } });
    });
  });

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, '127.0.0.1', () => {
      server.off('error', reject);
      port = (server.address() as AddressInfo).port;
      resolve({
        server,
        url: `http://127.0.0.1:${port}`,
        close: () =>
          new Promise<void>((done) => {
            server.close(() => done());
            server.closeAllConnections();
          }),
      });
    });
  });
}
