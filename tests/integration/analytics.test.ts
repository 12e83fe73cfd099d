// First-party analytics over real HTTP and the real queue: page-view and ad beacons of two authors'
// articles (sent as sendBeacon sends them, text/plain) folded by the worker into exact figures; a
// beacon sent twice and a batch put on the queue three times counted once; bots and staff left out;
// an author sees only their own figures (audience and ads) whatever userId they send, a master
// anyone's, the site's with its top articles and authors. One address counts within its caps whatever
// user-agents it sends, and the master sees what was discarded, by reason. Then the master's Google connection: only
// a master sees or changes it, bad keys get the spec's messages, the key never comes back, and with
// the demo key (the local Google stand-in) the test passes and the site's figures come from GA4 and
// Ad Manager, falling back to first-party with the reason when Google refuses. Every signed-in
// answer is checked for table scans.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, it } from 'vitest';
import type { BeaconMessage } from '../../lambdas/analytics/ingest';
import { SOURCE_LIMITS } from '../../lambdas/analytics/rollup';
import {
  ANALYTICS_NOTES,
  ANALYTICS_SETTINGS_MESSAGES as SETTINGS,
  type AdRevenueData,
  type AnalyticsData,
  type AnalyticsSettingsView,
  type ConnectionTestResult,
} from '../../shared/analytics';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { freshAddress, requestFrom } from '../support/from-address';
import { pipelinesDrained } from '../support/pipelines';
import { PortalTable } from '../support/table';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, ports, dataDir } = workerRuntime();
const portal = new CheckedPortal(baseUrl);
const table = new PortalTable(ports.dynamodb);
const today = new Date().toISOString().slice(0, 10);
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const GOOGLEBOT = 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

let master: Member;
let ana: Member;
let beto: Member;
let articleA: string;
let articleB: string;
const slugs = new Map<string, string>();

async function draft(author: Member, title: string): Promise<string> {
  const slug = `aud-${randomUUID().slice(0, 8)}`;
  const created = await portal.request('POST', '/api/articles', {
    token: author.token,
    body: { title, slug, summary: 'Resumo da matéria de audiência.', content: `<p>${'Texto da matéria de audiência, com o que o leitor precisa saber. '.repeat(2)}</p>`, tags: [] },
  });
  expect(created.status, created.text).toBe(201);
  slugs.set(String(created.body.id), slug);
  return String(created.body.id);
}

/** A beacon as the browser sends it: text/plain JSON, this visitor's browser, maybe signed in. */
async function beacon(userAgent: string, body: Record<string, unknown>, token?: string): Promise<number> {
  const response = await fetch(`${baseUrl}/api/analytics/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': userAgent, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  return response.status;
}

const viewBody = (id: string, articleId: string) => ({ kind: 'view', page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId });

/** A beacon sent from a network address of its own, as the edge would see it. */
const beaconFrom = async (address: string, userAgent: string, body: Record<string, unknown>): Promise<number> =>
  (await requestFrom(baseUrl, address, 'POST', '/api/analytics/beacon', { body: JSON.stringify(body), headers: { 'user-agent': userAgent } })).status;

const view = (ua: string, id: string, articleId: string, token?: string) =>
  beacon(ua, { kind: 'view', page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId, referrer_host: 'www.google.com' }, token);
const exit = (ua: string, id: string, articleId: string, seconds: number) =>
  beacon(ua, { kind: 'exit', page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId, seconds_on_page: seconds, scroll_depth: 75 });
const ad = (ua: string, kind: 'ad_request' | 'ad_impression' | 'ad_click', id: string, articleId: string, slot: string, token?: string) =>
  beacon(ua, { kind, slot, page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId }, token);

async function figures(who: Member, userId?: string): Promise<AnalyticsData> {
  const response = await portal.request('GET', `/api/analytics-data?startDate=${today}&endDate=${today}${userId ? `&userId=${userId}` : ''}`, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AnalyticsData;
}

async function adFigures(who: Member, userId?: string): Promise<AdRevenueData> {
  const response = await portal.request('GET', `/api/ad-revenue-data?startDate=${today}&endDate=${today}${userId ? `&userId=${userId}` : ''}`, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AdRevenueData;
}

const adSummary = ({ revenue, impressions, clicks, ctr, fillRate, adRequests }: AdRevenueData) => ({ revenue, impressions, clicks, ctr, fillRate, adRequests });

const summary = ({ totalUsers, totalSessions, totalPageViews, avgSessionDuration, bounceRate }: AnalyticsData) => ({
  totalUsers,
  totalSessions,
  totalPageViews,
  avgSessionDuration,
  bounceRate,
});

const A = { totalUsers: 3, totalSessions: 3, totalPageViews: 4, avgSessionDuration: 35, bounceRate: 33.33 };
const B = { totalUsers: 2, totalSessions: 1, totalPageViews: 2, avgSessionDuration: 20, bounceRate: 100 };
// Ads on Ana's pages: two slots asked, one seen and clicked (the click sent twice); on Beto's, one asked and seen.
const ADS_A = { revenue: null, impressions: 1, clicks: 1, ctr: 100, fillRate: null, adRequests: 2 };
const ADS_B = { revenue: null, impressions: 1, clicks: 0, ctr: 0, fillRate: null, adRequests: 1 };

beforeAll(async () => {
  [master, ana, beto] = await Promise.all([
    member(portal, table, 'master-aud', 'Mara Audiência', { roles: ['master'] }),
    member(portal, table, 'autora-aud', 'Ana Audiência', { roles: ['author'] }),
    member(portal, table, 'autor-aud', 'Beto Audiência', { roles: ['author'] }),
  ]);
  [articleA, articleB] = await Promise.all([draft(ana, 'Feira do livro abre no centro'), draft(beto, 'Chuva alaga avenida')]);
  // Each visitor is its own browser (the address is the same on this machine).
  const run = randomUUID().slice(0, 8);
  const ua = (n: number) => `${CHROME} visitante-${run}-${n}`;
  const id = () => randomUUID();
  const [v1a, v1b, v2, v3a, v3b, v4] = [id(), id(), id(), id(), id(), id()];
  // Visitor 1 lands on Ana's article, then reads Beto's (one session, no bounce, landed on Ana's).
  expect(await view(ua(1), v1a, articleA)).toBe(204);
  expect(await exit(ua(1), v1a, articleA, 30)).toBe(204);
  // A second apart, so the session's landing page is the first whatever the batches. (Clock waits kept:
  // the portal stamps each beacon with its own clock, in seconds, and takes no time from the page.)
  await new Promise((resolve) => setTimeout(resolve, 1100));
  expect(await view(ua(1), v1b, articleB)).toBe(204);
  expect(await exit(ua(1), v1b, articleB, 20)).toBe(204);
  // Visitor 2 bounces on Ana's; visitor 3 reads it twice; visitor 4 bounces on Beto's.
  await Promise.all([view(ua(2), v2, articleA), exit(ua(2), v2, articleA, 60), view(ua(3), v3a, articleA), view(ua(4), v4, articleB)]);
  await new Promise((resolve) => setTimeout(resolve, 1100));
  await Promise.all([view(ua(3), v3b, articleA), exit(ua(3), v3a, articleA, 10), exit(ua(3), v3b, articleA, 5)]);
  // The same beacon twice (a retry, or a redelivery) counts once.
  expect(await view(ua(2), v2, articleA)).toBe(204);
  expect(await exit(ua(2), v2, articleA, 60)).toBe(204);
  // The ad slots of visitor 1's first page and visitor 4's; a click sent twice counts once.
  await Promise.all([
    ad(ua(1), 'ad_request', v1a, articleA, 'article_top'),
    ad(ua(1), 'ad_request', v1a, articleA, 'article_bottom'),
    ad(ua(1), 'ad_impression', v1a, articleA, 'article_top'),
    ad(ua(1), 'ad_click', v1a, articleA, 'article_top'),
    ad(ua(4), 'ad_request', v4, articleB, 'article_top'),
    ad(ua(4), 'ad_impression', v4, articleB, 'article_top'),
  ]);
  expect(await ad(ua(1), 'ad_click', v1a, articleA, 'article_top')).toBe(204);
  // A crawler and a signed-in staff member: answered alike, never counted (nor the ads on their pages).
  const [bot, staff] = [id(), id()];
  expect(await view(GOOGLEBOT, bot, articleA)).toBe(204);
  expect(await ad(GOOGLEBOT, 'ad_impression', bot, articleA, 'article_top')).toBe(204);
  expect(await view(ua(5), staff, articleA, master.token)).toBe(204);
  expect(await ad(ua(5), 'ad_click', staff, articleA, 'article_top', master.token)).toBe(204);
  expect(await view(ua(6), id(), articleB, ana.token)).toBe(204);
});

describe('analytics', () => {
  it('folds the beacons into exact figures per author, bots and staff left out', async () => {
    await eventually(async () => {
      const [a, b] = await Promise.all([figures(master, ana.id), figures(master, beto.id)]);
      return JSON.stringify(summary(a)) === JSON.stringify(A) && JSON.stringify(summary(b)) === JSON.stringify(B) ? true : undefined;
    }, 30_000).catch(() => undefined);
    const a = await figures(master, ana.id);
    expect(summary(a)).toEqual(A);
    expect(a.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(a.daily).toEqual([{ date: today, ...A }]);
    expect(a.source).toBe('first-party');
    expect(a.topArticles).toEqual([{ articleId: articleA, title: 'Feira do livro abre no centro', slug: slugs.get(articleA), pageViews: 4, users: 3 }]);
    // The site's scope only.
    expect(a.topAuthors).toEqual([]);
    expect(summary(await figures(master, beto.id))).toEqual(B);
  });

  it('counts the ads on the pages once each, in first-party ad figures without revenue', async () => {
    await eventually(async () => (JSON.stringify(adSummary(await adFigures(master, ana.id))) === JSON.stringify(ADS_A) ? true : undefined), 20_000).catch(() => undefined);
    const a = await adFigures(master, ana.id);
    expect(adSummary(a)).toEqual(ADS_A);
    expect(a).toMatchObject({ scope: { kind: 'author', userId: ana.id }, source: 'first-party', note: ANALYTICS_NOTES.authorRevenue });
    expect(a.daily).toEqual([{ date: today, ...ADS_A }]);
    expect(adSummary(await adFigures(master, beto.id))).toEqual(ADS_B);
  });

  it('shows an author only their own figures, whatever userId they send', async () => {
    const own = await figures(ana);
    expect(own.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(summary(own)).toEqual(A);
    const asked = await figures(ana, beto.id);
    expect(asked.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(summary(asked)).toEqual(A);
    expect(summary(await figures(beto, ana.id))).toEqual(B);
    // The ads too.
    const ads = await adFigures(ana, beto.id);
    expect(ads.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(adSummary(ads)).toEqual(ADS_A);
    expect(adSummary(await adFigures(beto, ana.id))).toEqual(ADS_B);
  });

  it('gives a master the site, which includes both authors, ranked with their names', async () => {
    const site = await figures(master);
    expect(site.scope).toEqual({ kind: 'site' });
    expect(site.source).toBe('first-party');
    expect(site.error).toBeUndefined();
    expect(site.totalPageViews).toBeGreaterThanOrEqual(6);
    expect(site.topArticles).toEqual(
      expect.arrayContaining([
        { articleId: articleA, title: 'Feira do livro abre no centro', slug: slugs.get(articleA), pageViews: 4, users: 3 },
        { articleId: articleB, title: 'Chuva alaga avenida', slug: slugs.get(articleB), pageViews: 2, users: 2 },
      ]),
    );
    expect(site.topAuthors).toEqual(
      expect.arrayContaining([
        { userId: ana.id, name: 'Ana Audiência', pageViews: 4, users: 3 },
        { userId: beto.id, name: 'Beto Audiência', pageViews: 2, users: 2 },
      ]),
    );
    const ranks = site.topAuthors.map((author) => author.userId);
    expect(ranks.indexOf(ana.id)).toBeLessThan(ranks.indexOf(beto.id));
    // No Ad Manager: what the beacons counted, no revenue, and a note saying why.
    const ads = await adFigures(master);
    expect(ads).toMatchObject({ scope: { kind: 'site' }, source: 'first-party', revenue: null, fillRate: null, note: ANALYTICS_NOTES.revenueUnavailable });
    expect(ads.adRequests).toBeGreaterThanOrEqual(3);
  });

  it('counts a redelivered batch once', async () => {
    const cida = await member(portal, table, 'autora-red', 'Cida Reenvio', { roles: ['author'] });
    const article = await draft(cida, 'Reenvio de lote');
    const base = {
      page_view_id: randomUUID(),
      path: `/artigo/${article}`,
      article_id: article,
      scroll_depth: 50,
      visitor: `redelivery-${randomUUID()}`,
      source: `redelivery-${randomUUID()}`,
      day: today,
      staff: false,
      bot: false,
    };
    const at = Math.floor(Date.now() / 1000);
    const batch: BeaconMessage[] = [
      { ...base, kind: 'view', seconds_on_page: 0, at },
      { ...base, kind: 'ad_request', slot: 'article_top', seconds_on_page: 0, at },
      { ...base, kind: 'ad_impression', slot: 'article_top', seconds_on_page: 0, at: at + 1 },
      { ...base, kind: 'exit', seconds_on_page: 12, at: at + 12 },
    ];
    // The same messages three times over, as SQS may deliver a batch again after a lost acknowledgement.
    // The SQS stand-in: the gateway's port + 4, the local account (infra/local/config.ts).
    const endpoint = `http://127.0.0.1:${ports.gateway + 4}`;
    const sqs = new SQSClient({ endpoint, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const queueUrl = `${endpoint}/000000000000/portal-analytics-beacons`;
    for (let copy = 0; copy < 3; copy++) {
      await sqs.send(new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) })) }));
    }
    const expected = { totalUsers: 1, totalSessions: 1, totalPageViews: 1, avgSessionDuration: 12, bounceRate: 100 };
    // All three copies were on the queue before this: once it is empty, every copy has been handled.
    await pipelinesDrained(ports, ['analytics-beacons']);
    expect(summary(await figures(cida))).toEqual(expected);
    expect(adSummary(await adFigures(cida))).toEqual({ revenue: null, impressions: 1, clicks: 0, ctr: 0, fillRate: null, adRequests: 1 });
  });

  it('counts one address within its caps whatever user-agents it sends, and shows the master what it discarded', async () => {
    const before = (await figures(master)).discarded!;
    const dani = await member(portal, table, 'autora-cap', 'Dani Limite', { roles: ['author'] });
    const [many, loop] = [await draft(dani, 'Trinta navegadores'), await draft(dani, 'Duzentas visitas')];
    // Thirty user-agents from one address on one article, then two hundred views with one user-agent on another.
    const [first, second] = [freshAddress(), freshAddress()];
    const thirty = await Promise.all(Array.from({ length: 30 }, (_, index) => beaconFrom(first, `${CHROME} variante-${index}`, viewBody(randomUUID(), many))));
    const twoHundred = await Promise.all(Array.from({ length: 200 }, () => beaconFrom(second, CHROME, viewBody(randomUUID(), loop))));
    expect(new Set([...thirty, ...twoHundred])).toEqual(new Set([204]));
    // Each article gets its cap of views from its address: ten, and ten users for the thirty browsers, one for the loop.
    const expected = [
      { articleId: many, pageViews: SOURCE_LIMITS.articleViews, users: SOURCE_LIMITS.articleViews },
      { articleId: loop, pageViews: SOURCE_LIMITS.articleViews, users: 1 },
    ];
    const ranked = async () => (await figures(dani)).topArticles.map(({ articleId, pageViews, users }) => ({ articleId, pageViews, users }));
    const discarded = 30 - SOURCE_LIMITS.articleViews + 200 - SOURCE_LIMITS.articleViews;
    await eventually(async () => {
      const done = (await figures(master)).discarded!.pageLimit - before.pageLimit === discarded;
      return done && JSON.stringify(await ranked()) !== '[]' ? true : undefined;
    }, 60_000).catch(() => undefined);
    expect(await ranked()).toEqual(expect.arrayContaining(expected));
    expect(summary(await figures(dani))).toMatchObject({ totalPageViews: 2 * SOURCE_LIMITS.articleViews, totalUsers: SOURCE_LIMITS.articleViews + 1 });
    const site = (await figures(master)).discarded!;
    expect(site.pageLimit - before.pageLimit).toBe(discarded);
    expect(site.addressLimit).toBe(before.addressLimit);
    // The crawler's two beacons and staff's three of the opening visits, tallied, never counted.
    expect({ bots: site.bots, staff: site.staff }).toEqual({ bots: 2, staff: 3 });
    expect(site.total).toBe(site.bots + site.staff + site.pageLimit + site.addressLimit);
    // An author's figures carry no such line: the filter is the site's.
    expect((await figures(dani)).discarded).toBeUndefined();
  }, 90_000);

  it('reads a handful of items per request, whatever the range', async () => {
    const start = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    for (const route of ['analytics-data', 'ad-revenue-data']) {
      const response = await portal.request('GET', `/api/${route}?startDate=${start}&endDate=${today}`, { token: ana.token });
      expect(response.status, response.text).toBe(200);
      // The caller's roles, the author's counters, their articles' counters and one BatchGet of titles at most.
      expect(Number(response.headers.get('x-local-dynamodb-requests')), route).toBeLessThanOrEqual(4);
    }
  });

  it('refuses a bad beacon, a bad range and anyone signed out', async () => {
    expect(await beacon(CHROME, { kind: 'view', path: '/' })).toBe(400);
    const reversed = await portal.request('GET', `/api/analytics-data?startDate=${today}&endDate=2020-01-01`, { token: ana.token });
    expect(reversed.status).toBe(400);
    expect((await fetch(`${baseUrl}/api/analytics-data?startDate=${today}&endDate=${today}`)).status).toBe(401);
    expect((await fetch(`${baseUrl}/api/ad-revenue-data?startDate=${today}&endDate=${today}`)).status).toBe(401);
    expect(await beacon(CHROME, { kind: 'ad_click', page_view_id: randomUUID(), path: '/' })).toBe(400);
    const reversedAds = await portal.request('GET', `/api/ad-revenue-data?startDate=${today}&endDate=2020-01-01`, { token: ana.token });
    expect(reversedAds.status).toBe(400);
  });
});

describe('the Google connection', () => {
  // The demo service account the runtime made, as a master pastes it, and what the stand-in knows.
  const keyText = () => readFileSync(path.join(dataDir, 'google-service-account.json'), 'utf8');
  const privateKey = () => (JSON.parse(keyText()) as { private_key: string }).private_key;
  const PROPERTY = '412345678';
  const NETWORK = '21801234567';
  const settings = (who: Member, method: 'GET' | 'PUT', body?: Record<string, string>) => portal.request(method, '/api/analytics-settings', { token: who.token, body });
  const test = (who: Member, body: Record<string, string>) => portal.request('POST', '/api/analytics-settings/test', { token: who.token, body });
  /** Nothing of the key in an answer: neither its text nor its field (the spec's message names it, unquoted). */
  const expectNoKey = (text: string) => {
    expect(text).not.toContain('"private_key"');
    expect(text).not.toContain(privateKey().split('\n')[1]);
    expect(text).not.toContain('BEGIN PRIVATE KEY');
  };

  it('is the master’s alone', async () => {
    for (const response of [await settings(ana, 'GET'), await settings(ana, 'PUT', { serviceKey: keyText(), propertyId: PROPERTY }), await test(ana, { serviceKey: keyText(), propertyId: PROPERTY })]) {
      expect(response.status, response.text).toBe(403);
      expect(response.body.message).toBe(SETTINGS.denied);
    }
    expect((await fetch(`${baseUrl}/api/analytics-settings`)).status).toBe(401);
    const none = await settings(master, 'GET');
    expect(none.status, none.text).toBe(200);
    expect(none.body).toEqual({ connected: false, clientEmail: null, propertyId: null, networkCode: null, updatedAt: null } satisfies AnalyticsSettingsView);
  });

  it('refuses bad keys and missing fields with the spec’s messages', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ serviceKey: '{ isto não é JSON', propertyId: PROPERTY }, SETTINGS.invalidJson],
      [{ serviceKey: JSON.stringify({ client_email: 'x@y.iam.gserviceaccount.com' }), propertyId: PROPERTY }, SETTINGS.invalidKey],
      [{ serviceKey: JSON.stringify({ private_key: 'abc' }), propertyId: PROPERTY }, SETTINGS.invalidKey],
      [{ serviceKey: '', propertyId: PROPERTY }, SETTINGS.required],
      [{ serviceKey: keyText(), propertyId: '' }, SETTINGS.required],
      [{ serviceKey: keyText(), propertyId: PROPERTY, networkCode: '/1234/home' }, SETTINGS.invalidNetworkCode],
    ];
    for (const [body, message] of cases) {
      for (const response of [await settings(master, 'PUT', body), await test(master, body)]) {
        expect(response.status, `${JSON.stringify(body).slice(0, 60)}: ${response.text}`).toBe(400);
        expect(response.body.message).toBe(message);
        expectNoKey(response.text);
      }
    }
    expect((await settings(master, 'GET')).body.connected).toBe(false);
  });

  it('tests the demo key against GA4 and Ad Manager, and says why Google refuses', async () => {
    const tested = await test(master, { serviceKey: keyText(), propertyId: PROPERTY, networkCode: NETWORK });
    expect(tested.status, tested.text).toBe(200);
    const result = tested.body as unknown as ConnectionTestResult;
    expect(result.message).toBe(SETTINGS.tested);
    expect(result.analytics.totalPageViews).toBeGreaterThan(0);
    expect(result.adRevenue?.revenue).toEqual(expect.any(Number));
    expectNoKey(tested.text);
    const refused = await test(master, { serviceKey: keyText(), propertyId: '999' });
    expect(refused.status, refused.text).toBe(400);
    expect(String(refused.body.message)).toMatch(new RegExp(`^${SETTINGS.testFailed}: .+`));
    // Testing stores nothing.
    expect((await settings(master, 'GET')).body.connected).toBe(false);
  });

  it('saves the key in Secrets Manager, answers only whose it is, and keeps it when left empty', async () => {
    const saved = await settings(master, 'PUT', { serviceKey: keyText(), propertyId: PROPERTY, networkCode: NETWORK });
    expect(saved.status, saved.text).toBe(200);
    const email = (JSON.parse(keyText()) as { client_email: string }).client_email;
    expect(saved.body).toMatchObject({ message: SETTINGS.saved, connected: true, clientEmail: email, propertyId: PROPERTY, networkCode: NETWORK, updatedAt: expect.any(String) });
    expectNoKey(saved.text);
    expect(saved.text).not.toContain('private_key');
    const read = await settings(master, 'GET');
    expect(read.body).toMatchObject({ connected: true, clientEmail: email, propertyId: PROPERTY, networkCode: NETWORK });
    expectNoKey(read.text);
    expect(read.text).not.toContain('private_key');
    // The key is in the secret (the Secrets Manager stand-in: the gateway's port + 12), not in the table.
    const secrets = new SecretsManagerClient({ endpoint: `http://127.0.0.1:${ports.gateway + 12}`, region: 'us-east-1', credentials: { accessKeyId: 'local', secretAccessKey: 'local' } });
    const secret = await secrets.send(new GetSecretValueCommand({ SecretId: 'portal/google' }));
    expect(JSON.parse(secret.SecretString ?? '{}')).toEqual({ service_key: keyText().trim() });
    expectNoKey(JSON.stringify(await table.item({ pk: 'ANALYTICS_SETTINGS', sk: 'GOOGLE' })));
    // The stored key is tested when none is pasted.
    const stored = await test(master, { serviceKey: '', propertyId: PROPERTY });
    expect(stored.status, stored.text).toBe(200);
    expect(stored.body.message).toBe(SETTINGS.tested);
    expect(stored.body.adRevenue).toBeNull();
    // An empty key keeps the stored one.
    const kept = await settings(master, 'PUT', { serviceKey: '', propertyId: PROPERTY, networkCode: NETWORK });
    expect(kept.status, kept.text).toBe(200);
    expect(kept.body).toMatchObject({ connected: true, clientEmail: email });
  });

  it('gives the pages the network code, publicly and cacheably', async () => {
    const response = await fetch(`${baseUrl}/api/analytics/ad-config`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe('public, max-age=300');
    expect(await response.json()).toEqual({ networkCode: NETWORK });
  });

  it('answers the site’s figures from GA4 and Ad Manager, an author’s still first-party', async () => {
    const site = await figures(master);
    expect(site.source).toBe('ga4');
    expect(site.error).toBeUndefined();
    expect(site.totalPageViews).toBeGreaterThan(0);
    expect(site.daily.map((day) => day.date)).toEqual([today]);
    // Ranked from the portal's own counters whatever the source.
    expect(site.topAuthors.map((author) => author.userId)).toEqual(expect.arrayContaining([ana.id, beto.id]));
    const ads = await adFigures(master);
    expect(ads.source).toBe('ad-manager');
    expect(ads.revenue).toEqual(expect.any(Number));
    expect(ads.note).toBeUndefined();
    expect((await figures(ana)).source).toBe('first-party');
    expect(adSummary(await adFigures(ana))).toEqual(ADS_A);
  });

  it('falls back to first-party figures, with the reason, when Google refuses', async () => {
    const saved = await settings(master, 'PUT', { serviceKey: '', propertyId: '999', networkCode: '999' });
    expect(saved.status, saved.text).toBe(200);
    const site = await figures(master);
    expect(site.source).toBe('first-party');
    expect(site.error).toMatch(new RegExp(`^${ANALYTICS_NOTES.ga4Failed} \\(.+\\)\\.$`));
    expect(site.totalPageViews).toBeGreaterThanOrEqual(6);
    const ads = await adFigures(master);
    expect(ads).toMatchObject({ source: 'first-party', revenue: null });
    expect(ads.note).toContain(ANALYTICS_NOTES.adManagerFailed);
  });
});
