// Issue "phones": at 390 px no staff page scrolls sideways (lists become cards), and no button's label
// is clipped, at 390 or 1280 px: 'Restaurar' in the version history, the event form's submit; the
// article editor is no wider than the header. Each page is loaded once, at 390 px, and measured at both
// widths (the window resized); each role signs in once.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, signedIn, test } from './fixtures';
import { api, person, publishedArticle, type Staff } from './publishing';

const WIDTHS = [390, 1280];

/** The document's width past the window's, and the clipped button labels and cut list cells, as drawn now. */
function measure(page: Page) {
  return page.evaluate(() => ({
    overflow: document.documentElement.scrollWidth - innerWidth,
    clipped: [...document.querySelectorAll<HTMLElement>('.mantine-Button-label')]
      .filter((label) => label.getClientRects().length > 0 && label.scrollWidth > label.clientWidth + 1)
      .map((label) => label.textContent),
    // A list's card holds all its cells (the list's frame scrolls sideways and would hide them).
    cutCells: [...document.querySelectorAll<HTMLElement>('.stack-table td')]
      .filter((cell) => cell.getClientRects().length > 0 && cell.getBoundingClientRect().right > cell.closest('tr')!.getBoundingClientRect().right + 1)
      .map((cell) => cell.textContent),
  }));
}

const frames = (page: Page) => page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));

/** Until the page has drawn what its media queries say for the new width (two frames: React's update, then layout). */
async function resize(page: Page, width: number) {
  await page.setViewportSize({ width, height: 900 });
  await page.waitForFunction((expected) => innerWidth === expected, width);
  await frames(page);
}

/**
 * measure() once two readings, two frames apart, agree: a chart or a list that draws after its data
 * is measured as it ends up, not midway (one run read 5 px of overflow on the Analytics tab that way).
 */
async function settled(page: Page) {
  let last = await measure(page);
  for (let reading = 0; reading < 30; reading++) {
    await frames(page);
    const now = await measure(page);
    if (JSON.stringify(now) === JSON.stringify(last)) return now;
    last = now;
  }
  return last;
}

/**
 * Opens the page at 390 px, waits for its heading and data, and measures it at each width (resized, not
 * reloaded: one load per page); `also` runs its own checks at each width. Leaves the page at 390 px.
 */
async function layoutsOf(page: Page, path: string, heading: string | RegExp, also?: (width: number) => Promise<void>) {
  if (page.url() !== new URL(path, page.url()).toString()) await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  // The page's lazy parts (a chart's code, its data) have arrived.
  await page.waitForLoadState('networkidle');
  const layouts: Record<number, Awaited<ReturnType<typeof measure>>> = {};
  for (const width of WIDTHS) {
    await resize(page, width);
    layouts[width] = await settled(page);
    await also?.(width);
  }
  await resize(page, WIDTHS[0]!);
  return layouts;
}

const FITS = { overflow: 0, clipped: [], cutCells: [] };
const fitsEverywhere = Object.fromEntries(WIDTHS.map((width) => [width, FITS]));

const ADMIN_TABS = ['usuarios', 'artigos', 'analytics', 'monitor', 'assinaturas', 'candidaturas', 'menu', 'auditoria', 'lgpd'];

/** A browser of its own at 390 px, signed in as the account, on its first page. */
async function staffPage(browser: Browser, account: Staff, path: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: WIDTHS[0]!, height: 900 } })).newPage();
  await signedIn(page, account, path);
  return page;
}

test('staff pages fit a 390 px phone and clip no button, at 390 and 1280 px', async ({ browser }) => {
  test.setTimeout(120_000);
  const suffix = randomUUID().slice(0, 6);
  const author = await person('autorf', `Fernanda Autora de Nome Bem Comprido ${suffix}`, ['author']);
  const editor = await person('editorf', `Fábio Editor ${suffix}`, ['editor']);
  const master = await person('masterf', `Mirela Master ${suffix}`, ['master']);
  // A subscription for the admin's Assinaturas list.
  await person('assinantef', `Sílvio Assinante ${suffix}`, [], true);
  const article = await publishedArticle(author, editor, {
    title: `Prefeitura inaugura biblioteca comunitária no bairro com acervo de dez mil livros ${suffix}`,
    slug: `biblioteca-comunitaria-${suffix}`,
    summary: 'O espaço abre de segunda a sábado e empresta livros a moradores cadastrados.',
    content: '<p>A biblioteca comunitária foi inaugurada nesta manhã com um acervo de dez mil livros doados.</p>',
  });
  // A second version: the first gets a 'Restaurar' button.
  const saved = await api().request('PUT', `/api/articles/${article.id}`, {
    token: editor.token,
    body: { summary: 'O espaço abre de segunda a sábado e empresta livros a todos os moradores cadastrados.', base_version: 2 },
  });
  expect(saved.status, JSON.stringify(saved.body)).toBe(200);

  let page = await staffPage(browser, author, '/my-articles');
  expect(await layoutsOf(page, '/my-articles', 'Meus artigos')).toEqual(fitsEverywhere);
  expect(await layoutsOf(page, '/create', 'Novo artigo')).toEqual(fitsEverywhere);
  expect(await layoutsOf(page, '/events/create', /evento/i)).toEqual(fitsEverywhere);
  expect(await layoutsOf(page, '/settings', 'Configurações')).toEqual(fitsEverywhere);
  await page.context().close();

  page = await staffPage(browser, editor, `/article/${article.id}/edit`);
  const edit = await layoutsOf(page, `/article/${article.id}/edit`, 'Editar artigo', async () => {
    await expect(page.getByRole('button', { name: 'Restaurar versão 1' })).toBeVisible();
    // The editor's column stays within the header's.
    const [headerBox, formBox] = await Promise.all([
      page.locator('header .mantine-Container-root').first().boundingBox(),
      page.getByRole('form', { name: 'Editar artigo' }).boundingBox(),
    ]);
    expect(formBox!.x).toBeGreaterThanOrEqual(headerBox!.x - 1);
    expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(headerBox!.x + headerBox!.width + 1);
  });
  expect(edit).toEqual(fitsEverywhere);
  expect(await layoutsOf(page, '/tags', /Tags/)).toEqual(fitsEverywhere);
  await page.context().close();

  page = await staffPage(browser, master, `/admin?tab=${ADMIN_TABS[0]}`);
  for (const tab of ADMIN_TABS) {
    const layouts = await layoutsOf(page, `/admin?tab=${tab}`, 'Administração');
    for (const width of WIDTHS) {
      // The tab strip itself scrolls sideways inside its own box: the page does not.
      expect(layouts[width]!.overflow, `${tab} at ${width}px`).toBe(0);
      expect(layouts[width]!.clipped, `${tab} at ${width}px`).toEqual([]);
      expect(layouts[width]!.cutCells, `${tab} at ${width}px`).toEqual([]);
    }
  }
  // Users read as cards at 390 px: the role picker is on screen, not in an off-screen column.
  await page.goto('/admin');
  // Measured where it is drawn: scrolling it into view would also scroll a sideways-scrolling table.
  const picker = page.getByRole('textbox', { name: `Papel para ${author.fullName}` });
  expect(await picker.evaluate((input) => input.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
  await page.context().close();
});
