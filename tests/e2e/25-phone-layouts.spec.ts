// Issue "phones": at 390 px no staff page scrolls sideways (lists become cards), and no button's label
// is clipped, at 390 or 1280 px: 'Restaurar' in the version history, the event form's submit; the
// article editor is no wider than the header.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { expect, signIn, test } from './fixtures';
import { api, person, publishedArticle, type Staff } from './publishing';

/** Waits for the page's heading, then measures: the document's width and the clipped button labels. */
async function layoutOf(page: Page, path: string, heading: string | RegExp) {
  await page.goto(path);
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
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

const ADMIN_TABS = ['usuarios', 'artigos', 'analytics', 'monitor', 'assinaturas', 'candidaturas', 'menu', 'auditoria', 'lgpd'];

async function staffPage(browser: Browser, account: Staff, width: number): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width, height: 900 } })).newPage();
  await signIn(page, account);
  await expect(page).toHaveURL(/\/$/);
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

  for (const width of [390, 1280]) {
    const phone = width === 390;

    let page = await staffPage(browser, author, width);
    expect(await layoutOf(page, '/my-articles', 'Meus artigos')).toEqual({ overflow: 0, clipped: [], cutCells: [] });
    expect(await layoutOf(page, '/create', 'Novo artigo')).toEqual({ overflow: 0, clipped: [], cutCells: [] });
    expect(await layoutOf(page, '/events/create', /evento/i)).toEqual({ overflow: 0, clipped: [], cutCells: [] });
    expect(await layoutOf(page, '/settings', 'Configurações')).toEqual({ overflow: 0, clipped: [], cutCells: [] });

    await page.context().close();
    page = await staffPage(browser, editor, width);
    const edit = await layoutOf(page, `/article/${article.id}/edit`, 'Editar artigo');
    expect(edit).toEqual({ overflow: 0, clipped: [], cutCells: [] });
    await expect(page.getByRole('button', { name: 'Restaurar versão 1' })).toBeVisible();
    // The editor's column stays within the header's.
    const [headerBox, formBox] = await Promise.all([
      page.locator('header .mantine-Container-root').first().boundingBox(),
      page.getByRole('form', { name: 'Editar artigo' }).boundingBox(),
    ]);
    expect(formBox!.x).toBeGreaterThanOrEqual(headerBox!.x - 1);
    expect(formBox!.x + formBox!.width).toBeLessThanOrEqual(headerBox!.x + headerBox!.width + 1);
    expect(await layoutOf(page, '/tags', /Tags/)).toEqual({ overflow: 0, clipped: [], cutCells: [] });

    await page.context().close();
    page = await staffPage(browser, master, width);
    for (const tab of ADMIN_TABS) {
      const layout = await layoutOf(page, `/admin?tab=${tab}`, 'Administração');
      // The tab strip itself scrolls sideways inside its own box: the page does not.
      expect(layout.overflow, `${tab} at ${width}px`).toBe(0);
      expect(layout.clipped, `${tab} at ${width}px`).toEqual([]);
      expect(layout.cutCells, `${tab} at ${width}px`).toEqual([]);
    }
    if (phone) {
      // Users read as cards: the role picker is on screen, not in an off-screen column.
      await page.goto('/admin');
      // Measured where it is drawn: scrolling it into view would also scroll a sideways-scrolling table.
      const picker = page.getByRole('textbox', { name: `Papel para ${author.fullName}` });
      expect(await picker.evaluate((input) => input.getBoundingClientRect().right)).toBeLessThanOrEqual(390);
    }
    await page.context().close();
  }
});
