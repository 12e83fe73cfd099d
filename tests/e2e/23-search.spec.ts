// The search (/busca): a reader searches from the header, narrows by city, opens a result; a query
// that matches nothing shows the empty state with the most read articles. The index is the static
// Pagefind one the search worker rebuilds after article events (lambdas/search), so the spec waits
// for it to hold the articles it publishes.
import { randomUUID } from 'node:crypto';
import { expect, test } from './fixtures';
import { api, person, publishedArticle } from './publishing';

/** A made-up word only this run's articles hold: letters only, so the stemmer leaves it whole. */
const word = `zabumbal${randomUUID()
  .replace(/[^a-f]/g, '')
  .slice(0, 6)}`;

/**
 * The status line for this run's word. Other specs may have published articles older than 12 months
 * (the import's), so the page may add that it searched the recent index only.
 */
const counted = (count: string) => new RegExp(`^${count} para “${word}”( nos últimos 12 meses)?$`);

/** How many pages the recent index and the current month's hold, as listed (0 before the first build; this run's articles land in the month's). */
async function indexedPages(): Promise<number> {
  const response = await api().request('GET', '/pagefind/indices.json');
  if (response.status !== 200) return 0;
  const list = response.body as { recent?: { pages: number }; month?: { pages: number } };
  return (list.recent?.pages ?? 0) + (list.month?.pages ?? 0);
}

test.describe('search', () => {
  const olinda = `Maracatu ${word} ocupa as ladeiras de Olinda`;
  const campinas = `Campinas recebe oficina de ${word} no centro`;
  let olindaPath = '';

  test.beforeAll(async () => {
    const before = await indexedPages();
    const author = await person('autorbusca', 'Bia Autora', ['author']);
    const editor = await person('editorbusca', 'Beto Editor', ['editor']);
    const first = await publishedArticle(author, editor, {
      title: olinda,
      slug: `maracatu-olinda-${word}`,
      summary: 'Grupos de maracatu ensaiam nas ladeiras do sítio histórico antes do carnaval.',
      content: `<p>Os ensaios do ${word} reúnem centenas de batuqueiros, que chegam de ônibus todas as noites.</p>`,
      city_code: '2609600',
      tags: ['cultura'],
    });
    olindaPath = `/${first.location_path}/${first.slug}`;
    await publishedArticle(author, editor, {
      title: campinas,
      slug: `oficina-campinas-${word}`,
      summary: 'A oficina gratuita ensina percussão a jovens da região.',
      content: '<p>As inscrições vão até sexta-feira no centro cultural.</p>',
      city_code: '3509502',
      tags: ['educação'],
    });
    // The worker rebuilds the index shortly after the articles' events.
    await expect.poll(indexedPages, { timeout: 45_000, intervals: [1000] }).toBeGreaterThanOrEqual(before + 2);
  });

  test('a reader searches from the header, narrows by city and opens a result', async ({ page }) => {
    await page.goto('/');
    const box = page.getByRole('searchbox', { name: 'Buscar notícias' });
    await box.fill(word);
    await box.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/busca\\?q=${word}$`));
    // The page's own box takes the query and the focus.
    const pageBox = page.getByRole('searchbox', { name: 'Termos da busca' });
    await expect(pageBox).toHaveValue(word);
    await expect(pageBox).toBeFocused();
    await expect(page.getByRole('status')).toHaveText(counted('2 resultados'));
    const results = page.getByRole('region', { name: 'Resultados da busca' }).getByRole('article');
    await expect(results).toHaveCount(2);
    // The matched word is marked in both headlines.
    await expect(results.locator('mark')).toHaveText([word, word]);

    await page.getByLabel('Cidade').selectOption({ label: 'Olinda (PE)' });
    await expect(page).toHaveURL(/cidade=Olinda\+%28PE%29/);
    await expect(page.getByRole('status')).toHaveText(counted('1 resultado'));
    await expect(results).toHaveCount(1);
    // The city's select still offers the other city.
    await expect(page.getByLabel('Cidade').locator('option')).toContainText(['Todas as cidades', 'Campinas (SP)', 'Olinda (PE)']);

    // The whole search is in the address: a reload (or a shared link) shows the same.
    await page.reload();
    await expect(page.getByRole('status')).toHaveText(counted('1 resultado'));
    await expect(page.getByLabel('Cidade')).toHaveValue('Olinda (PE)');

    await results.getByRole('link', { name: olinda }).click();
    await expect(page).toHaveURL(olindaPath);
    await expect(page.getByRole('heading', { level: 1, name: olinda })).toBeVisible();
  });

  test('an anonymous reader searches with the islands alone: no React, the index only once asked', async ({ page }) => {
    const scripts: string[] = [];
    page.on('request', (request) => {
      if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
    });
    await page.goto('/busca');
    const appEntry = await page.evaluate(() => document.documentElement.getAttribute('data-entry'));
    expect(appEntry).toBeTruthy();
    const status = page.getByRole('status');
    await expect(status).toHaveText('Digite o que procura: um assunto, um nome, uma cidade.');
    await expect(page.getByRole('region', { name: 'Mais lidas' })).toBeVisible();
    const box = page.getByRole('searchbox', { name: 'Termos da busca' });
    await expect(box).toBeFocused();
    // The empty search loads nothing of the index.
    expect(scripts.filter((path) => path.startsWith('/pagefind/'))).toEqual([]);

    // Typing searches, and replaces the address rather than adding to the history.
    const before = await page.evaluate(() => history.length);
    await box.pressSequentially(word, { delay: 20 });
    await expect(page).toHaveURL(new RegExp(`/busca\\?q=${word}$`));
    await expect(status).toHaveText(counted('2 resultados'));
    await expect(page).toHaveTitle(`Busca: ${word} — Portal Plural`);
    const results = page.getByRole('region', { name: 'Resultados da busca' }).getByRole('article');
    await expect(results).toHaveCount(2);
    await expect(results.locator('mark')).toHaveText([word, word]);
    await expect(page.getByRole('region', { name: 'Mais lidas' })).toHaveCount(0);
    expect(await page.evaluate(() => history.length)).toBe(before);

    // A filter is a new entry: the back button returns to the query alone.
    await page.getByLabel('Cidade').selectOption({ label: 'Campinas (SP)' });
    await expect(page).toHaveURL(/cidade=Campinas\+%28SP%29/);
    await expect(status).toHaveText(counted('1 resultado'));
    await page.goBack();
    await expect(page).toHaveURL(new RegExp(`/busca\\?q=${word}$`));
    await expect(page.getByLabel('Cidade')).toHaveValue('');
    await expect(status).toHaveText(counted('2 resultados'));

    // Nothing matched with the filters (each holds one of the two): the tips, "Limpar filtros", the most read again.
    await page.getByLabel('Cidade').selectOption({ label: 'Olinda (PE)' });
    await expect(status).toHaveText(counted('1 resultado'));
    await page.getByLabel('Tag').selectOption({ label: 'educação' });
    await expect(page.getByText(`Nenhum resultado para “${word}”.`)).toBeVisible();
    await expect(status).toHaveText('');
    await expect(page.getByText('Busque sem os filtros de cidade, tag ou período.')).toBeVisible();
    await expect(page.getByRole('region', { name: 'Mais lidas' })).toBeVisible();
    await page.getByRole('button', { name: 'Limpar filtros' }).click();
    await expect(page).toHaveURL(new RegExp(`/busca\\?q=${word}$`));
    await expect(page.getByLabel('Cidade')).toHaveValue('');
    await expect(page.getByLabel('Tag')).toHaveValue('');
    await expect(results).toHaveCount(2);

    // A page past the last (an old link) leads back to the first.
    await page.goto(`/busca?q=${word}&page=4`);
    await expect(page.getByText('Esta página da busca não existe mais.')).toBeVisible();
    await page.getByRole('button', { name: 'Ir para a primeira página' }).click();
    await expect(page).toHaveURL(new RegExp(`/busca\\?q=${word}$`));
    await expect(results).toHaveCount(2);

    // The app never started: its entry was not fetched and React does not hold the page.
    expect(scripts).not.toContain(new URL(appEntry ?? '', page.url()).pathname);
    expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(false);
    expect(scripts.some((path) => path.startsWith('/pagefind/'))).toBe(true);
  });

  test('an index that does not answer offers to try again', async ({ page }) => {
    await page.route('**/pagefind/indices.json', (route) => route.abort());
    await page.goto(`/busca?q=${word}`);
    await expect(page.getByText('Não foi possível carregar a busca. Tente novamente.')).toBeVisible();
    await page.unroute('**/pagefind/indices.json');
    await page.getByRole('button', { name: 'Tentar novamente' }).click();
    await expect(page.getByRole('status')).toHaveText(counted('2 resultados'));
  });

  test('a misspelled word is suggested in its right spelling, and the suggestion keeps the other words', async ({ page }) => {
    // "onibos": Pagefind's stemmer finds "ônibus", which the page offers instead of ranking it.
    await page.goto(`/busca?q=onibos%20${word}`);
    await expect(page.locator('.search-near')).toHaveText('Você quis dizer: ônibus');
    await page.locator('.search-near').getByRole('link', { name: 'ônibus' }).click();
    await expect(page.getByRole('searchbox', { name: 'Termos da busca' })).toHaveValue(`ônibus ${word}`);
    await expect(page.getByRole('status')).toHaveText(new RegExp(`^1 resultado para “ônibus ${word}”( nos últimos 12 meses)?$`));
    await expect(page.getByRole('link', { name: olinda })).toBeVisible();
  });

  test('a query that matches nothing shows the empty state and the most read articles', async ({ page }) => {
    // The edge's HTML is the empty search whatever the q: hydration must not mismatch (React warns in the console).
    const problems: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    // Nothing like any word of the index (Pagefind also matches near spellings).
    await page.goto('/busca?q=kvjxqwzpt');
    await expect(page.getByText('Nenhum resultado para “kvjxqwzpt”.')).toBeVisible();
    await expect(page.getByText('Confira a grafia das palavras.')).toBeVisible();
    // The month's most read: after the other specs, articles they read, not necessarily this spec's.
    const suggestions = page.getByRole('region', { name: 'Mais lidas' }).getByRole('link');
    await expect(suggestions.first()).toBeVisible();
    const hrefs = await suggestions.evaluateAll((links) => links.map((link) => link.getAttribute('href')));
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs.length).toBeLessThanOrEqual(5);
    for (const href of hrefs) expect(href).toMatch(/^\/(article|[a-z0-9-]+)\/[a-z0-9-]+$/);
    expect(problems).toEqual([]);
    // Each leads where it says.
    await suggestions.first().click();
    await expect(page).toHaveURL(new RegExp(`${hrefs[0]}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  });
});
