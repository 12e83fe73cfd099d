// First-party analytics over real HTTP and the real queue: beacons of two authors' articles (sent as
// sendBeacon sends them, text/plain) folded by the worker into exact figures; a beacon sent twice
// and a batch put on the queue three times counted once; bots and staff left out; an author sees only their own figures whatever userId
// they send, a master anyone's. Every signed-in answer is checked for table scans.
import { randomUUID } from 'node:crypto';
import { SendMessageBatchCommand, SQSClient } from '@aws-sdk/client-sqs';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import type { BeaconMessage } from '../../lambdas/analytics/ingest';
import type { AnalyticsData } from '../../shared/analytics';
import { eventually } from '../support/api';
import { CheckedPortal, member, type Member } from '../support/cast';
import { PortalTable } from '../support/table';

const { baseUrl, ports } = inject('runtime');
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

async function draft(author: Member, title: string): Promise<string> {
  const created = await portal.request('POST', '/api/articles', {
    token: author.token,
    body: { title, slug: `aud-${randomUUID().slice(0, 8)}`, summary: 'Resumo da matéria de audiência.', content: `<p>${'Texto da matéria de audiência, com o que o leitor precisa saber. '.repeat(2)}</p>`, tags: [] },
  });
  expect(created.status, created.text).toBe(201);
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

const view = (ua: string, id: string, articleId: string, token?: string) =>
  beacon(ua, { kind: 'view', page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId, referrer_host: 'www.google.com' }, token);
const exit = (ua: string, id: string, articleId: string, seconds: number) =>
  beacon(ua, { kind: 'exit', page_view_id: id, path: `/artigo/${articleId}`, article_id: articleId, seconds_on_page: seconds, scroll_depth: 75 });

async function figures(who: Member, userId?: string): Promise<AnalyticsData> {
  const response = await portal.request('GET', `/api/analytics-data?startDate=${today}&endDate=${today}${userId ? `&userId=${userId}` : ''}`, { token: who.token });
  expect(response.status, response.text).toBe(200);
  return response.body as unknown as AnalyticsData;
}

const summary = ({ totalUsers, totalSessions, totalPageViews, avgSessionDuration, bounceRate }: AnalyticsData) => ({
  totalUsers,
  totalSessions,
  totalPageViews,
  avgSessionDuration,
  bounceRate,
});

const A = { totalUsers: 3, totalSessions: 3, totalPageViews: 4, avgSessionDuration: 35, bounceRate: 33.3 };
const B = { totalUsers: 2, totalSessions: 1, totalPageViews: 2, avgSessionDuration: 20, bounceRate: 100 };

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
  // A second apart, so the session's landing page is the first whatever the batches.
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
  // A crawler and a signed-in staff member: answered alike, never counted.
  expect(await view(GOOGLEBOT, id(), articleA)).toBe(204);
  expect(await view(ua(5), id(), articleA, master.token)).toBe(204);
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
    expect(a.topArticles).toEqual([{ articleId: articleA, pageViews: 4, users: 3 }]);
    expect(summary(await figures(master, beto.id))).toEqual(B);
  });

  it('shows an author only their own figures, whatever userId they send', async () => {
    const own = await figures(ana);
    expect(own.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(summary(own)).toEqual(A);
    const asked = await figures(ana, beto.id);
    expect(asked.scope).toEqual({ kind: 'author', userId: ana.id });
    expect(summary(asked)).toEqual(A);
    expect(summary(await figures(beto, ana.id))).toEqual(B);
  });

  it('gives a master the site, which includes both authors', async () => {
    const site = await figures(master);
    expect(site.scope).toEqual({ kind: 'site' });
    expect(site.totalPageViews).toBeGreaterThanOrEqual(6);
  });

  it('counts a redelivered batch once', async () => {
    const cida = await member(portal, table, 'autora-red', 'Cida Reenvio', { roles: ['author'] });
    const article = await draft(cida, 'Reenvio de lote');
    const base = { page_view_id: randomUUID(), path: `/artigo/${article}`, article_id: article, scroll_depth: 50, visitor: `redelivery-${randomUUID()}`, day: today, staff: false };
    const at = Math.floor(Date.now() / 1000);
    const batch: BeaconMessage[] = [
      { ...base, kind: 'view', seconds_on_page: 0, at },
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
    await eventually(async () => (JSON.stringify(summary(await figures(cida))) === JSON.stringify(expected) ? true : undefined), 20_000).catch(() => undefined);
    // Give late copies time to land, then check nothing was counted twice.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    expect(summary(await figures(cida))).toEqual(expected);
  });

  it('refuses a bad beacon, a bad range and anyone signed out', async () => {
    expect(await beacon(CHROME, { kind: 'view', path: '/' })).toBe(400);
    const reversed = await portal.request('GET', `/api/analytics-data?startDate=${today}&endDate=2020-01-01`, { token: ana.token });
    expect(reversed.status).toBe(400);
    expect((await fetch(`${baseUrl}/api/analytics-data?startDate=${today}&endDate=${today}`)).status).toBe(401);
  });
});
