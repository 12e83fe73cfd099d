// Audience and ad slots in a real browser: every slot reserves the spec's size at each viewport
// (970×250 or 728×90 from 1024×768, 728×90 from 768 px wide, 320×50 below) with a labelled house ad
// that leads to /pricing, and nothing moves while the page starts; a Premium subscriber sees none;
// an anonymous reader's page views, exits and ad beacons leave through sendBeacon as text/plain and
// show in the author's analytics-data. The beacon rules themselves are tested in tests/unit and
// tests/integration.
import { randomUUID } from 'node:crypto';
import type { Page, Request } from '@playwright/test';
import { eventually } from '../support/api';
import { expect, signedIn, test } from './fixtures';
import { api, person, publishedArticle, type Staff } from './publishing';

const suffix = randomUUID().slice(0, 6);
const titles = [`Festival de frevo lota o Marco Zero ${suffix}`, `Recife amplia ciclofaixas no Derby ${suffix}`];
let author: Staff;
const articles: { id: string; path: string; title: string }[] = [];

test.beforeAll(async () => {
  author = await person('autoraudiencia', 'Alice Audiência', ['author']);
  const editor = await person('editoraudiencia', 'Edu Audiência', ['editor']);
  for (const [index, title] of titles.entries()) {
    const article = await publishedArticle(author, editor, {
      title,
      slug: `audiencia-${index}-${suffix}`,
      summary: 'Uma reportagem para contar leitores, tempo de leitura e anúncios vistos.',
      content: Array.from({ length: 30 }, (_, paragraph) => `<p>Parágrafo ${paragraph + 1} da reportagem sobre o Recife e seus bairros.</p>`).join(''),
      city_code: '2611606',
      tags: ['cidade'],
    });
    articles.push({ id: article.id, path: `/article/${article.slug}`, title });
  }
});

const box = (page: Page, slot: string) => page.locator(`[data-ad-slot="${slot}"] .ad-slot-box`);

async function sizeOf(page: Page, slot: string) {
  await expect(box(page, slot)).toBeVisible();
  const measured = await box(page, slot).boundingBox();
  return measured && [Math.round(measured.width), Math.round(measured.height)];
}

/** The layout shift of the page so far (the CLS of a short visit). */
const layoutShift = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<number>((resolve) => {
        let total = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as (PerformanceEntry & { value: number; hadRecentInput: boolean })[]) if (!entry.hadRecentInput) total += entry.value;
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(total), 1000);
      }),
  );

test('the slots reserve the spec sizes at each viewport, with a house ad that leads to the plans', async ({ page }) => {
  const cases = [
    { viewport: { width: 1280, height: 800 }, home: [970, 250], article: [728, 90] },
    { viewport: { width: 800, height: 1000 }, home: [728, 90], article: [728, 90] },
    { viewport: { width: 390, height: 844 }, home: [320, 50], article: [320, 50] },
  ];
  for (const { viewport, home, article } of cases) {
    await page.setViewportSize(viewport);
    await page.goto('/');
    expect(await sizeOf(page, 'home_top'), `home_top at ${viewport.width}×${viewport.height}`).toEqual(home);
    expect(await layoutShift(page), `home CLS at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(0.05);
    await page.goto(articles[0]?.path ?? '');
    await expect(page.getByRole('heading', { level: 1, name: titles[0] })).toBeVisible();
    for (const slot of ['article_top', 'article_bottom']) expect(await sizeOf(page, slot), `${slot} at ${viewport.width}×${viewport.height}`).toEqual(article);
    expect(await layoutShift(page), `article CLS at ${viewport.width}×${viewport.height}`).toBeLessThanOrEqual(0.05);
  }
  const top = page.locator('[data-ad-slot="article_top"]');
  await expect(top.getByText('Publicidade', { exact: true })).toBeVisible();
  const house = top.getByRole('link', { name: /Assine o Premium/ });
  await expect(house).toHaveAttribute('href', '/pricing');
  await house.click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
});

test('a Premium subscriber sees no slot and sends no ad beacons; their views carry the session', async ({ page }) => {
  const subscriber = await person('premiumaudiencia', 'Sara Assinante', [], true);
  const beacons: Request[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/beacon') beacons.push(request);
  });
  await signedIn(page, subscriber, articles[1]?.path ?? '');
  await expect(page.getByRole('heading', { level: 1, name: titles[1] })).toBeVisible();
  await expect(page.locator('.ad-slot')).toHaveCount(0);
  await page.goto('/');
  await expect(page.locator('.ad-slot')).toHaveCount(0);
  const view = await eventually(async () => beacons.find((request) => request.postDataJSON()?.article_id === articles[1]?.id && request.postDataJSON()?.kind === 'view'));
  expect(view.headers().authorization).toMatch(/^Bearer /);
  expect(beacons.filter((request) => String(request.postDataJSON()?.kind).startsWith('ad_'))).toEqual([]);
});

interface Sent {
  body: { kind: string; page_view_id: string; path: string; article_id?: string; slot?: string; seconds_on_page?: number; scroll_depth?: number };
  contentType: string;
  type: string;
  authorization?: string;
}

/** The beacons the tab sent through sendBeacon, its documents' own record (sessionStorage). */
const unloaded = (page: Page): Promise<Sent['body'][]> =>
  page
    .evaluate(() => (JSON.parse(sessionStorage.getItem('beacons') ?? '[]') as string[]).map((text) => JSON.parse(text) as Sent['body']))
    .catch(() => []);

async function pageViews(staff: Staff): Promise<number> {
  const today = new Date().toISOString().slice(0, 10);
  const response = await api().request('GET', `/api/analytics-data?startDate=${today}&endDate=${today}`, { token: staff.token });
  expect(response.status, JSON.stringify(response.body)).toBe(200);
  return Number(response.body.totalPageViews);
}

test("an anonymous reader's articles are counted through sendBeacon, with their exits and ads", async ({ page }) => {
  const [first, second] = articles;
  if (!first || !second) throw new Error('articles not published');
  const sent: Sent[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname !== '/api/analytics/beacon') return;
    sent.push({ body: request.postDataJSON(), contentType: request.headers()['content-type'] ?? '', type: request.resourceType(), authorization: request.headers().authorization });
  });
  const of = (kind: string, articleId?: string) => sent.filter(({ body }) => body.kind === kind && body.article_id === articleId).map(({ body }) => body);
  // Seen by the listener, or sent as the document went (its own record): each beacon once.
  const everywhere = async (kind: string, articleId?: string) => {
    const bodies = new Map<string, Sent['body']>();
    for (const body of [...sent.map((beacon) => beacon.body), ...(await unloaded(page))])
      if (body.kind === kind && body.article_id === articleId) bodies.set(`${body.page_view_id} ${body.slot ?? ''}`, body);
    return [...bodies.values()];
  };
  await page.addInitScript(() => {
    const send = navigator.sendBeacon.bind(navigator);
    navigator.sendBeacon = (url, data) => {
      const sent = send(url, data);
      if (sent) sessionStorage.setItem('beacons', JSON.stringify([...JSON.parse(sessionStorage.getItem('beacons') ?? '[]'), String(data)]));
      return sent;
    };
  });
  const before = await pageViews(author);

  // The home shows both articles once the edge purged it (each load of it a view).
  let homeLoads = 0;
  await expect(async () => {
    await page.goto('/');
    homeLoads += 1;
    await expect(page.getByRole('link', { name: second.title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 20_000 });
  await expect.poll(() => of('view').length).toBe(homeLoads);
  const home = of('view').at(-1);

  // Following a link ends the home's view and begins the article's. An anonymous reader's pages run
  // islands, not the app: the link loads a new document, and the home's exit leaves at its pagehide.
  await page.getByRole('link', { name: first.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: first.title })).toBeVisible();
  await expect.poll(() => of('view', first.id).length).toBe(1);
  await expect.poll(async () => (await everywhere('exit')).filter((body) => body.page_view_id === home?.page_view_id).length).toBe(1);
  const [view] = of('view', first.id);
  expect(view?.path).toBe(new URL(page.url()).pathname);
  // The top slot is in view: requested, then seen for a second.
  await expect.poll(() => of('ad_request', first.id).map((body) => body.slot)).toContain('article_top');
  await expect.poll(() => of('ad_impression', first.id).map((body) => body.slot), { timeout: 5000 }).toContain('article_top');
  await page.mouse.wheel(0, 900);
  // Scrolled, and the frame after it has run: the page's scroll listener has seen the new depth.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
  await page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => resolve())));

  // Leaving the document (pagehide) sends the exit of the article's view. The browser sends it as the
  // document goes, unseen by the new page's listeners: the page's own record of its sendBeacon calls shows it.
  await page.goto('/');
  await expect.poll(async () => (await unloaded(page)).filter((body) => body.kind === 'exit' && body.article_id === first.id).length).toBe(1);
  const exit = (await unloaded(page)).find((body) => body.kind === 'exit' && body.article_id === first.id);
  expect(exit?.page_view_id).toBe(view?.page_view_id);
  expect(exit?.seconds_on_page).toBeGreaterThanOrEqual(1);
  expect(exit?.scroll_depth).toBeGreaterThan(0);

  // The second article, then a click on its house ad.
  await page.getByRole('link', { name: second.title }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: second.title })).toBeVisible();
  await expect.poll(() => of('ad_request', second.id).map((body) => body.slot)).toContain('article_top');
  await page.locator('[data-ad-slot="article_top"]').getByRole('link', { name: /Assine o Premium/ }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await expect.poll(async () => (await everywhere('ad_click', second.id)).map((body) => body.slot)).toEqual(['article_top']);
  await expect.poll(async () => (await everywhere('exit', second.id)).length).toBe(1);

  // Each beacon once per (page view, kind, slot), all sent with sendBeacon as text/plain, no session.
  const keys = sent.map(({ body }) => `${body.page_view_id} ${body.kind} ${body.slot ?? ''}`);
  expect(new Set(keys).size).toBe(keys.length);
  for (const beacon of sent) {
    expect(beacon.type, JSON.stringify(beacon.body)).toBe('ping');
    expect(beacon.contentType).toMatch(/^text\/plain/);
    expect(beacon.authorization).toBeUndefined();
  }

  // The two article views reach the author's figures.
  await expect.poll(() => pageViews(author), { timeout: 30_000, intervals: [500, 1000] }).toBeGreaterThanOrEqual(before + 2);
});
