// The Google adapters against the runtime's Google stand-in, with the demo service account's key
// file as a developer would paste it; and the Secrets Manager stand-in keeping what was written.
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LocalConfig } from '../../infra/local/config';
import { DEMO_AD_MANAGER_NETWORK_CODE, DEMO_GA4_PROPERTY_ID, DEMO_SERVICE_ACCOUNT_FILE } from '../../infra/local/google';
import { startSecrets } from '../../infra/local/secrets';
import { adManagerReport } from '../../lambdas/analytics/google/ad-manager';
import { accessToken, GoogleApiError, parseServiceKey, signedAssertion, type ServiceAccountKey } from '../../lambdas/analytics/google/credentials';
import { ga4Report } from '../../lambdas/analytics/google/ga4';
import { TEST_CONNECTION_RANGE } from '../../shared/analytics';
import { workerRuntime } from '../support/worker-runtime';

const runtime = workerRuntime();
let key: ServiceAccountKey;
let google: string;

beforeAll(() => {
  const file = JSON.parse(readFileSync(path.join(runtime.dataDir, DEMO_SERVICE_ACCOUNT_FILE), 'utf8')) as Record<string, string>;
  expect(file).toMatchObject({ type: 'service_account', project_id: expect.any(String), private_key_id: expect.any(String), client_id: expect.stringMatching(/^\d{21}$/) });
  key = parseServiceKey(JSON.stringify(file));
  // The key names the stand-in's token endpoint; the Lambdas are pointed at its APIs the same way.
  google = new URL(key.token_uri).origin;
  expect(google).toBe(`http://127.0.0.1:${runtime.ports.gateway + 15}`);
  process.env.GOOGLE_ANALYTICS_DATA_URL = google;
  process.env.GOOGLE_AD_MANAGER_URL = google;
});

const reasonOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof GoogleApiError ? error.reason : `not a GoogleApiError: ${String(error)}`),
  );

describe('ga4Report against the stand-in', () => {
  it('answers the demo property’s exact figures for the connection test’s range', async () => {
    const report = await ga4Report(key, DEMO_GA4_PROPERTY_ID, TEST_CONNECTION_RANGE);
    expect(report.totals).toEqual({ totalUsers: 8157, totalSessions: 11613, totalPageViews: 23045, avgSessionDuration: 199, bounceRate: 45.76 });
    expect(report.daily).toHaveLength(25);
    expect(report.daily[0]).toEqual({ date: '2025-10-01', totalUsers: 258, totalSessions: 337, totalPageViews: 596, avgSessionDuration: 216, bounceRate: 45.4 });
    expect(report.daily.reduce((sum, day) => sum + day.totalSessions, 0)).toBe(report.totals.totalSessions);
  });
  it('accepts the property as GA shows it (properties/…)', async () => {
    expect((await ga4Report(key, `properties/${DEMO_GA4_PROPERTY_ID}`, TEST_CONNECTION_RANGE)).totals.totalUsers).toBe(8157);
  });
  it('refuses a property the account cannot read with PERMISSION_DENIED', async () => {
    expect(await reasonOf(ga4Report(key, '999999', TEST_CONNECTION_RANGE))).toMatch(/^PERMISSION_DENIED: User does not have sufficient permissions for this property/);
  });
});

describe('adManagerReport against the stand-in', () => {
  it('creates, runs, polls and fetches the demo network’s exact figures', async () => {
    const report = await adManagerReport(key, DEMO_AD_MANAGER_NETWORK_CODE, TEST_CONNECTION_RANGE);
    expect(report.totals).toEqual({ revenue: 561.65, impressions: 114198, clicks: 1078, ctr: 0.94, fillRate: 87.78, adRequests: 136632 });
    expect(report.daily).toHaveLength(25);
    expect(report.daily[0]).toEqual({ date: '2025-10-01', revenue: 20.16, impressions: 4342, clicks: 60, ctr: 1.38, fillRate: 93.54, adRequests: 4876 });
  });
  it('refuses another network with PERMISSION_DENIED', async () => {
    expect(await reasonOf(adManagerReport(key, '123', TEST_CONNECTION_RANGE))).toMatch(/^PERMISSION_DENIED: /);
  });
});

describe('the stand-in’s token endpoint', () => {
  const otherKey = () => generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();

  it('refuses an assertion signed with another private key, as Google does', async () => {
    expect(await reasonOf(ga4Report({ ...key, private_key: otherKey() }, DEMO_GA4_PROPERTY_ID, TEST_CONNECTION_RANGE))).toBe('invalid_grant: Invalid JWT Signature.');
  });
  it('refuses an account it does not know', async () => {
    expect(await reasonOf(accessToken({ ...key, client_email: 'outra@projeto.iam.gserviceaccount.com' }, 'https://www.googleapis.com/auth/admanager'))).toBe(
      'invalid_grant: Invalid grant: account not found',
    );
  });
  it('checks the audience and the lifetime of the assertion', async () => {
    const post = (assertion: string) =>
      fetch(key.token_uri, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer', assertion }),
      }).then(async (response) => ({ status: response.status, body: (await response.json()) as Record<string, unknown> }));
    const scope = 'https://www.googleapis.com/auth/analytics.readonly';
    expect(await post(signedAssertion({ ...key, token_uri: 'https://oauth2.googleapis.com/token' }, scope))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await post(signedAssertion(key, scope, Date.now() - 2 * 3600_000))).toMatchObject({ status: 400, body: { error: 'invalid_grant' } });
    expect(await post(signedAssertion(key, scope))).toMatchObject({ status: 200, body: { access_token: expect.any(String), expires_in: 3599, token_type: 'Bearer' } });
  });
  it('refuses a token of another scope, and no token, in Google’s error JSON', async () => {
    const analyticsOnly = await accessToken(key, 'https://www.googleapis.com/auth/analytics.readonly');
    const call = (headers: Record<string, string>) =>
      fetch(`${google}/v1/networks/${DEMO_AD_MANAGER_NETWORK_CODE}/reports`, { method: 'POST', headers, body: '{}' }).then(async (response) => ({
        status: response.status,
        body: await response.json(),
      }));
    expect(await call({ authorization: `Bearer ${analyticsOnly}` })).toEqual({
      status: 403,
      body: { error: { code: 403, message: 'Request had insufficient authentication scopes.', status: 'PERMISSION_DENIED' } },
    });
    expect(await call({})).toMatchObject({ status: 401, body: { error: { code: 401, status: 'UNAUTHENTICATED' } } });
  });
});

describe('the runtime with the Google stand-in', () => {
  it('lists it in the health check', async () => {
    const health = (await (await fetch(`${runtime.baseUrl}/api/health`)).json()) as { services: Record<string, string> };
    expect(health.services.google).toBe('up');
  });
});

describe('the Secrets Manager stand-in across a restart', () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'portal-secrets-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));
  const config = { dataDir, region: 'us-east-1', accountId: '000000000000', ports: { secrets: 0 } } as LocalConfig;
  const action = (port: number, name: string, input: Record<string, unknown>) =>
    fetch(`http://127.0.0.1:${port}/`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `secretsmanager.${name}` },
      body: JSON.stringify(input),
    }).then((response) => response.json() as Promise<Record<string, unknown>>);

  it('keeps what the application wrote; seeds only what has no value yet', async () => {
    const first = await startSecrets(config);
    first.putIfAbsent('portal/google', '{}');
    first.put('portal/payments', 'v1');
    const port = (first.server.address() as AddressInfo).port;
    await action(port, 'PutSecretValue', { SecretId: 'portal/google', SecretString: '{"service_key":"salva"}' });
    await new Promise((resolve) => first.server.close(resolve));

    const second = await startSecrets(config);
    second.putIfAbsent('portal/google', '{}');
    second.put('portal/payments', 'v2');
    const again = (second.server.address() as AddressInfo).port;
    expect((await action(again, 'GetSecretValue', { SecretId: 'portal/google' })).SecretString).toBe('{"service_key":"salva"}');
    expect((await action(again, 'GetSecretValue', { SecretId: 'portal/payments' })).SecretString).toBe('v2');
    await new Promise((resolve) => second.server.close(resolve));
  });
});
