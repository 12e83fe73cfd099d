// Server-rendered public pages in a real browser: the HTML arrives complete, hydration takes over
// without errors, mismatch warnings or fetching again what the HTML holds, and shared links carry
// their preview tags. The rendered HTML itself is checked without a browser in
// tests/integration/pages.test.ts.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { api, person, publishedArticle } from './publishing';

/** Console errors and warnings (React reports hydration mismatches there) and the API calls of a page. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/api/')) apiCalls.push(`${request.method()} ${url.pathname}`);
  });
  return { problems, apiCalls };
}

/** Whether React holds #root (as fixtures.ts appStarted reads it): an anonymous reader gets the islands only. */
const reactHolds = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')));

/** When the page's load event ended and when its script (for an anonymous reader the islands' entry) was requested (ms since navigation). */
const startTimes = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/islands-[^/]+\.js$/.test(resource.name));
    return { loaded: navigation?.loadEventEnd ?? NaN, entryRequested: entry?.startTime ?? NaN };
  });

test.describe('server-rendered pages', () => {
  const suffix = randomUUID().slice(0, 6);
  const title = `Feira literária ocupa o centro de Olinda ${suffix}`;
  let path = '';
  let authorId = '';

  test.beforeAll(async () => {
    const author = await person('autorssr', 'Olga Autora', ['author']);
    const editor = await person('editorssr', 'Otto Editor', ['editor']);
    authorId = author.id;
    const article = await publishedArticle(author, editor, {
      title,
      slug: `feira-literaria-olinda-${suffix}`,
      summary: 'Três dias de debates, lançamentos e oficinas nas ladeiras do sítio histórico.',
      content: '<p>A programação começa na sexta-feira com uma mesa sobre literatura de cordel.</p>',
      city_code: '2609600',
      tags: ['cultura'],
    });
    path = `/${article.location_path}/${article.slug}`;
  });

  test('the home and an article hydrate without errors, mismatch warnings or fetching their data again', async ({ page }) => {
    const { problems, apiCalls } = watch(page);
    // The cached home shows the new article once the page-purge worker has run (within seconds).
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    // goto returns once the islands are mounted (fixtures.ts); an anonymous reader's browser only
    // requested them after the page had loaded, text and images first.
    const { loaded, entryRequested } = await startTimes(page);
    expect(entryRequested).toBeGreaterThanOrEqual(loaded);
    await page.waitForLoadState('networkidle');
    expect(apiCalls.filter((call) => call.startsWith('GET '))).toEqual([]);

    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await page.waitForLoadState('networkidle');
    // Only the view is counted; the article and its related list came with the HTML.
    expect(apiCalls.filter((call) => call.startsWith('GET '))).toEqual([]);
    expect(problems).toEqual([]);

    // The byline leads to the author page (a plain link).
    await page.getByRole('link', { name: 'Olga Autora' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/author/${authorId}$`));
    await expect(page.getByRole('heading', { name: 'Olga Autora' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    expect(problems).toEqual([]);
  });

  test('a shared article carries its preview tags and structured data in the HTML', async ({ page }) => {
    await page.goto(path);
    await expect(page.locator('meta[property="og:title"]')).toHaveAttribute('content', `${title} — Portal Plural`);
    await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article');
    await expect(page.locator('meta[property="og:url"]')).toHaveAttribute('content', new RegExp(`${path}$`));
    await expect(page.locator('meta[name="twitter:card"]')).toHaveCount(1);
    await expect(page.locator('link[rel="canonical"]')).toHaveAttribute('href', new RegExp(`${path}$`));
    await expect(page.getByRole('link', { name: /WhatsApp/ })).toHaveAttribute('href', /api\.whatsapp\.com|wa\.me/);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', headline: title });
  });

  test('without JavaScript a reader goes from the home to an article and its author by links, and searches', async ({ browser }) => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await page.getByRole('link', { name: title }).first().click();
    await expect(page).toHaveURL(new RegExp(`/feira-literaria-olinda-${suffix}$`));
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('A programação começa na sexta-feira')).toBeVisible();
    await page.getByRole('link', { name: 'Olga Autora' }).first().click();
    await expect(page).toHaveURL(new RegExp(`/author/${authorId}$`));
    await expect(page.getByRole('heading', { name: 'Olga Autora' })).toBeVisible();
    await expect(page.getByRole('link', { name: title })).toBeVisible();
    // The header's search is a plain GET form.
    await page.getByRole('searchbox', { name: 'Buscar notícias' }).fill('cordel');
    await page.getByRole('searchbox', { name: 'Buscar notícias' }).press('Enter');
    await expect(page).toHaveURL(/\/busca\?q=cordel$/);
    // Nothing of ours ran.
    await expect(page.locator('html')).not.toHaveAttribute('data-islands-ready');
    await context.close();
  });

  test('on a phone, the menu drawer works for an anonymous reader without the app', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(path);
    expect(await reactHolds(page)).toBe(false);
    const burger = page.getByRole('button', { name: 'Abrir menu' });
    const drawer = page.getByRole('dialog', { name: 'Portal Plural' });
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await burger.click();
    await expect(drawer).toBeVisible();
    await expect(burger).toHaveAttribute('aria-expanded', 'true');
    const links = { Notícias: '/', Eventos: '/events', Assinatura: '/pricing', Login: '/auth', 'Inscreva-se': '/auth?tab=signup' };
    for (const [name, href] of Object.entries(links)) await expect(drawer.getByRole('link', { name, exact: true })).toHaveAttribute('href', href);
    await expect(drawer.getByRole('link', { name: 'Notícias' })).toBeFocused();
    // Escape closes it and gives the focus back to the burger; so does a tap beside it.
    await page.keyboard.press('Escape');
    await expect(drawer).toBeHidden();
    await expect(burger).toHaveAttribute('aria-expanded', 'false');
    await expect(burger).toBeFocused();
    await burger.click();
    await expect(drawer).toBeVisible();
    await page.mouse.click(20, 500);
    await expect(drawer).toBeHidden();
    // Its close button, then a link: Inscreva-se opens the sign-up tab, as the app's link does.
    await burger.click();
    await drawer.getByRole('button', { name: 'Fechar menu' }).click();
    await expect(drawer).toBeHidden();
    await burger.click();
    await drawer.getByRole('link', { name: 'Inscreva-se' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true');
  });

  test('the city filter works for an anonymous reader without the app', async ({ page }) => {
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    expect(await reactHolds(page)).toBe(false);
    const filter = page.locator('.city-filter');
    // The shortcuts are links to the filtered home.
    await expect(filter.getByRole('link').first()).toHaveAttribute('href', /^\/\?city=[a-z0-9-]+$/);
    const picker = filter.getByRole('button', { name: 'Selecionar Cidade' });
    await picker.click();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    const search = page.getByPlaceholder('Buscar cidade...');
    await expect(search).toBeFocused();
    await search.fill('xyzw');
    await expect(page.getByText('Nenhuma cidade encontrada')).toBeVisible();
    // Without accents or case; Escape closes the list.
    await search.fill('OLINDA');
    await expect(page.getByRole('option', { name: /Olinda \(PE\)/ })).toBeVisible();
    await search.press('Escape');
    await expect(page.getByRole('listbox')).toBeHidden();
    await picker.click();
    await page.getByPlaceholder('Buscar cidade...').fill('olin');
    await page.getByRole('option', { name: /Olinda \(PE\)/ }).click();
    await expect(page).toHaveURL(/\/\?city=olinda-pe$/);
    await expect(page.getByText('Mostrando artigos de:')).toBeVisible();
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible();
    // The badge's remove is a link back to the whole home.
    await page.getByRole('link', { name: 'Remover filtro de cidade' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('a tap on the city filter before the islands have loaded is kept, and opens the list once they have', async ({ page, context }) => {
    await expect(async () => {
      await page.goto('/');
      await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    // The islands' entry held back, as on a slow phone: the tap comes before it has loaded (a page of its
    // own: the fixture's waits for the islands).
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await context.route(/\/assets\/islands-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const early = await context.newPage();
    await early.goto('/', { waitUntil: 'domcontentloaded' });
    expect(await early.evaluate(() => document.documentElement.hasAttribute('data-islands-ready'))).toBe(false);
    const picker = early.locator('.city-filter').getByRole('button', { name: 'Selecionar Cidade' });
    await picker.click();
    release();
    await expect(picker).toHaveAttribute('aria-expanded', 'true');
    await expect(early.getByPlaceholder('Buscar cidade...')).toBeFocused();
    await early.close();
  });

  test('an anonymous reader copies the article link, and loads the next events, without the app', async ({ page }) => {
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto(path);
    expect(await reactHolds(page)).toBe(false);
    await page.getByRole('group', { name: 'Compartilhar' }).getByRole('button', { name: 'Copiar link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Link copiado' })).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(new RegExp(`^https?://[^/]+${path}$`));
    // Refused by the browser: the app's error text.
    await page.evaluate(() => {
      Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: () => Promise.reject(new Error('denied')) } });
    });
    await page.getByRole('button', { name: 'Copiar link' }).click();
    await expect(page.getByRole('alert').filter({ hasText: 'Não foi possível copiar o link.' })).toBeVisible();

    // Thirteen events in Olinda, months ahead (after every other spec's): the agenda's first page shows twelve.
    const organizer = await person('organizadora', `Olívia Agenda ${suffix}`, ['author']);
    const day = Date.now() + 200 * 86_400_000;
    for (let index = 0; index < 13; index++) {
      const created = await api().request('POST', '/api/events', {
        token: organizer.token,
        body: {
          title: `Sarau no Alto da Sé, noite ${index + 1} ${suffix}`,
          description: '<p>Poesia e música ao ar livre no alto da cidade.</p>',
          event_date: new Date(day + index * 86_400_000).toISOString(),
          location: 'Alto da Sé',
          city: 'olinda-pe',
          status: 'published',
        },
      });
      expect(created.status, created.text).toBe(201);
    }
    const cards = page.locator('.event-grid .event-card');
    await expect(async () => {
      await page.goto('/events?city=olinda-pe');
      await expect(cards).toHaveCount(12, { timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    expect(await reactHolds(page)).toBe(false);
    await page.getByRole('button', { name: 'Carregar mais eventos' }).click();
    await expect(cards).toHaveCount(13);
    const last = page.getByRole('link', { name: `Sarau no Alto da Sé, noite 13 ${suffix}` });
    await expect(last).toHaveAttribute('href', /^\/events\/[0-9a-f-]{36}$/);
    // The same card as the server's: the day, the hours, the place and the city.
    await expect(cards.last().locator('time.event-when')).toHaveText(/^[A-ZÀ-Ú][a-zà-ú-]+, \d{1,2} de [a-zç]+( de \d{4})? · \d{2}h\d{2}$/);
    await expect(cards.last()).toContainText('Alto da SéOlinda (PE)');
    await expect(page.getByRole('button', { name: 'Carregar mais eventos' })).toHaveCount(0);
    await last.click();
    await expect(page.getByRole('heading', { level: 1, name: `Sarau no Alto da Sé, noite 13 ${suffix}` })).toBeVisible();

    // The agenda's city filter (Olinda has events now): the keyboard picks the city.
    await page.goto('/events');
    await page.locator('.city-filter').getByRole('button', { name: 'Selecionar Cidade' }).click();
    await page.getByPlaceholder('Buscar cidade...').fill('olinda');
    await page.keyboard.press('ArrowDown');
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/events\?city=olinda-pe$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Eventos em Olinda (PE)' })).toBeVisible();
    expect(await reactHolds(page)).toBe(false);
  });
});
