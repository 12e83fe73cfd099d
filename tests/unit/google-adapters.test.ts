import { createVerify, generateKeyPairSync } from 'node:crypto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ANALYTICS_SETTINGS_MESSAGES } from '../../shared/analytics';
import { adManagerFigures, adManagerReportBody } from '../../lambdas/analytics/google/ad-manager';
import { accessToken, GoogleApiError, parseServiceKey, signedAssertion, type ServiceAccountKey } from '../../lambdas/analytics/google/credentials';
import { ga4Figures, ga4Request } from '../../lambdas/analytics/google/ga4';
import { AppError } from '../../lambdas/platform/errors';

const pair = () => generateKeyPairSync('rsa', { modulusLength: 2048 });
const pem = (keys: ReturnType<typeof pair>) => keys.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
const keys = pair();
const key: ServiceAccountKey = { client_email: 'leitor@projeto.iam.gserviceaccount.com', private_key: pem(keys), token_uri: 'https://oauth2.googleapis.com/token' };

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    return error as AppError;
  }
  throw new Error('expected a refusal');
}

describe('parseServiceKey', () => {
  it('refuses text that is not JSON with the spec’s message', () => {
    const error = refusal(() => parseServiceKey('{ not json'));
    expect(error).toBeInstanceOf(AppError);
    expect(error).toMatchObject({ status: 400, message: ANALYTICS_SETTINGS_MESSAGES.invalidJson });
  });
  it('refuses JSON without client_email or private_key (or with them not as text)', () => {
    for (const text of ['{}', '[]', '42', JSON.stringify({ client_email: 'a@b' }), JSON.stringify({ private_key: 'x' }), JSON.stringify({ client_email: 'a@b', private_key: 7 })]) {
      expect(refusal(() => parseServiceKey(text))).toMatchObject({ status: 400, message: ANALYTICS_SETTINGS_MESSAGES.invalidKey });
    }
  });
  it('keeps the key’s fields and defaults token_uri to Google’s token endpoint', () => {
    const file = { type: 'service_account', project_id: 'portal', private_key_id: 'abc', private_key: key.private_key, client_email: key.client_email };
    expect(parseServiceKey(JSON.stringify(file))).toEqual({ client_email: key.client_email, private_key: key.private_key, token_uri: 'https://oauth2.googleapis.com/token', project_id: 'portal' });
    expect(parseServiceKey(JSON.stringify({ ...file, token_uri: 'http://127.0.0.1:3015/token' })).token_uri).toBe('http://127.0.0.1:3015/token');
  });
});

describe('the service account’s JWT assertion', () => {
  it('is RS256-signed with the private key and verifies with the public key', () => {
    const now = Date.parse('2025-10-05T12:00:00Z');
    const [header, claims, signature] = signedAssertion(key, 'https://www.googleapis.com/auth/analytics.readonly', now).split('.');
    expect(JSON.parse(Buffer.from(header!, 'base64url').toString())).toEqual({ alg: 'RS256', typ: 'JWT' });
    const payload = JSON.parse(Buffer.from(claims!, 'base64url').toString()) as Record<string, unknown>;
    expect(payload).toEqual({ iss: key.client_email, scope: 'https://www.googleapis.com/auth/analytics.readonly', aud: key.token_uri, iat: now / 1000, exp: now / 1000 + 3600 });
    expect(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(keys.publicKey, Buffer.from(signature!, 'base64url'))).toBe(true);
    expect(createVerify('RSA-SHA256').update(`${header}.${claims}`).verify(pair().publicKey, Buffer.from(signature!, 'base64url'))).toBe(false);
  });
  it('fails with a clear reason when the private key is not a key', async () => {
    const error = await accessToken({ ...key, private_key: '-----BEGIN PRIVATE KEY-----\nnão é chave\n-----END PRIVATE KEY-----' }, 'scope').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleApiError);
    expect((error as GoogleApiError).reason).toMatch(/^Chave privada inválida na chave de serviço/);
  });
});

describe('accessToken', () => {
  afterEach(() => vi.unstubAllGlobals());
  const answering = (status: number, body: unknown) => vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }));

  it('posts the JWT bearer grant to token_uri and caches the token per account, scope and key', async () => {
    const fetch = answering(200, { access_token: 'ya29.um', expires_in: 3599, token_type: 'Bearer' });
    vi.stubGlobal('fetch', fetch);
    const own = { ...key, client_email: 'cache@projeto.iam.gserviceaccount.com' };
    expect(await accessToken(own, 'escopo-a')).toBe('ya29.um');
    expect(await accessToken(own, 'escopo-a')).toBe('ya29.um');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('https://oauth2.googleapis.com/token');
    const form = new URLSearchParams(String(init.body));
    expect(form.get('grant_type')).toBe('urn:ietf:params:oauth:grant-type:jwt-bearer');
    expect(form.get('assertion')?.split('.')).toHaveLength(3);
    await accessToken(own, 'escopo-b');
    await accessToken({ ...own, private_key: pem(pair()) }, 'escopo-a');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
  it('sends the assertion to no host but Google’s (or the one the APIs are pointed at)', async () => {
    const fetch = answering(200, { access_token: 'ya29.dois', expires_in: 3599 });
    vi.stubGlobal('fetch', fetch);
    const elsewhere = { ...key, client_email: 'outra@projeto.iam.gserviceaccount.com', token_uri: 'https://coletor.example.com/token' };
    const error = await accessToken(elsewhere, 'escopo').catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(GoogleApiError);
    expect(fetch).not.toHaveBeenCalled();
    vi.stubEnv('GOOGLE_ANALYTICS_DATA_URL', 'https://coletor.example.com');
    expect(await accessToken(elsewhere, 'escopo')).toBe('ya29.dois');
    vi.unstubAllEnvs();
  });
  it('gives OAuth’s error and description as the reason', async () => {
    vi.stubGlobal('fetch', answering(400, { error: 'invalid_grant', error_description: 'Invalid JWT Signature.' }));
    const error = await accessToken({ ...key, client_email: 'recusada@projeto.iam.gserviceaccount.com' }, 'escopo').catch((caught: unknown) => caught);
    expect(error).toMatchObject({ name: 'GoogleApiError', reason: 'invalid_grant: Invalid JWT Signature.', status: 400 });
  });
  it('says when Google cannot be reached', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(Object.assign(new TypeError('fetch failed'), { cause: { code: 'ECONNREFUSED' } }))));
    const error = await accessToken({ ...key, client_email: 'longe@projeto.iam.gserviceaccount.com' }, 'escopo').catch((caught: unknown) => caught);
    expect((error as GoogleApiError).reason).toBe('Não foi possível conectar ao Google (ECONNREFUSED).');
  });
});

const RANGE = { startDate: '2025-10-01', endDate: '2025-10-03' };

describe('GA4 runReport', () => {
  it('asks for the five metrics by date, with the range’s totals', () => {
    expect(ga4Request(RANGE)).toEqual({
      dateRanges: [RANGE],
      dimensions: [{ name: 'date' }],
      metrics: ['totalUsers', 'sessions', 'screenPageViews', 'averageSessionDuration', 'bounceRate'].map((name) => ({ name })),
      metricAggregations: ['TOTAL'],
      orderBys: [{ dimension: { dimensionName: 'date' } }],
    });
  });
  it('maps rows by their headers: YYYYMMDD days, rounded seconds, bounce fraction as a percent; missing days are zeros', () => {
    const response = {
      dimensionHeaders: [{ name: 'date' }],
      // Not the order asked: values are read by header name.
      metricHeaders: ['sessions', 'totalUsers', 'screenPageViews', 'averageSessionDuration', 'bounceRate'].map((name) => ({ name, type: 'TYPE_INTEGER' })),
      rows: [
        { dimensionValues: [{ value: '20251003' }], metricValues: ['40', '30', '90', '125.5', '0.25'].map((value) => ({ value })) },
        { dimensionValues: [{ value: '20251001' }], metricValues: ['12', '10', '20', '61.49', '0.56789'].map((value) => ({ value })) },
      ],
      totals: [{ dimensionValues: [{ value: 'RESERVED_TOTAL' }], metricValues: ['52', '37', '110', '110.9', '0.3234'].map((value) => ({ value })) }],
      rowCount: 2,
    };
    expect(ga4Figures(response, RANGE)).toEqual({
      totals: { totalUsers: 37, totalSessions: 52, totalPageViews: 110, avgSessionDuration: 111, bounceRate: 32.34 },
      daily: [
        { date: '2025-10-01', totalUsers: 10, totalSessions: 12, totalPageViews: 20, avgSessionDuration: 61, bounceRate: 56.79 },
        { date: '2025-10-02', totalUsers: 0, totalSessions: 0, totalPageViews: 0, avgSessionDuration: 0, bounceRate: 0 },
        { date: '2025-10-03', totalUsers: 30, totalSessions: 40, totalPageViews: 90, avgSessionDuration: 126, bounceRate: 25 },
      ],
    });
  });
  it('answers zeros for a range without data (no rows, no totals)', () => {
    expect(ga4Figures({ metricHeaders: [], rowCount: 0 } as never, RANGE).totals).toEqual({ totalUsers: 0, totalSessions: 0, totalPageViews: 0, avgSessionDuration: 0, bounceRate: 0 });
  });
});

describe('Ad Manager reports', () => {
  it('creates a hidden historical report by DATE with the real metric names and a fixed range', () => {
    expect(adManagerReportBody(RANGE)).toMatchObject({
      visibility: 'HIDDEN',
      reportDefinition: {
        dimensions: ['DATE'],
        metrics: ['IMPRESSIONS', 'CLICKS', 'CTR', 'REVENUE', 'AD_REQUESTS', 'FILL_RATE'],
        dateRange: { fixed: { startDate: { year: 2025, month: 10, day: 1 }, endDate: { year: 2025, month: 10, day: 3 } } },
        reportType: 'HISTORICAL',
        currencyCode: 'BRL',
      },
    });
  });
  it('maps rows: revenue micros to BRL, CTR and fill-rate fractions to percents, totals weighted by each day', () => {
    const row = (date: string, impressions: number, clicks: number, revenue: { intValue: string } | { doubleValue: number }, requests: number, served: number) => ({
      dimensionValues: [{ intValue: date }],
      metricValueGroups: [
        { primaryValues: [{ intValue: String(impressions) }, { intValue: String(clicks) }, { doubleValue: clicks / impressions }, revenue, { intValue: String(requests) }, { doubleValue: served / requests }] },
      ],
    });
    const figures = adManagerFigures(
      [row('20251001', 4000, 40, { intValue: '12345678' }, 5000, 4200), row('20251003', 1000, 3, { doubleValue: 2.5 }, 2000, 1000)],
      RANGE,
    );
    expect(figures.daily).toEqual([
      { date: '2025-10-01', revenue: 12.35, impressions: 4000, clicks: 40, ctr: 1, fillRate: 84, adRequests: 5000 },
      { date: '2025-10-02', revenue: 0, impressions: 0, clicks: 0, ctr: 0, fillRate: 0, adRequests: 0 },
      { date: '2025-10-03', revenue: 2.5, impressions: 1000, clicks: 3, ctr: 0.3, fillRate: 50, adRequests: 2000 },
    ]);
    // 43 / 5000 clicks; (4200 + 1000) / 7000 requests filled; 12.345678 + 2.5 BRL.
    expect(figures.totals).toEqual({ revenue: 14.85, impressions: 5000, clicks: 43, ctr: 0.86, fillRate: 74.29, adRequests: 7000 });
  });
});
