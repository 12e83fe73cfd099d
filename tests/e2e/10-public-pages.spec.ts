// Server-rendered public pages in a real browser: the HTML arrives complete, hydration takes over
// without errors, mismatch warnings or fetching again what the HTML holds, and shared links carry
// their preview tags. The rendered HTML itself is checked without a browser in
// tests/integration/pages.test.ts.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures';
import { person, publishedArticle } from './publishing';

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

/** When the page's load event ended and when its app's entry script was requested (ms since navigation). */
const startTimes = (page: Page) =>
  page.evaluate(() => {
    const [navigation] = performance.getEntriesByType('navigation') as PerformanceNavigationTiming[];
    const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/index-[^/]+\.js$/.test(resource.name));
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
    // goto returns once React holds the page (fixtures.ts); for an anonymous reader the app was only
    // requested after the page had loaded, text and images first.
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

    // After hydration the page is the app: the byline leads to the author page without a reload.
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
});
