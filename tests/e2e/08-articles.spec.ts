// Spec 2 ("Create and edit article", "Home feed", "Article view"), 4 ("Article"), 6 (premium).
// An author writes and sends to review, an editor publishes, an anonymous reader finds and reads it;
// the paywall for premium articles; an author's script injection stays inert.
import { randomUUID } from 'node:crypto';
import type { Browser, Page } from '@playwright/test';
import { PNG } from 'pngjs';
import { expect, signedIn, test, toast, type Account } from './fixtures';
import { api, person, publishedArticle } from './publishing';

/** A second browser (its own context), signed in as the account; `prepare` runs before its first page. */
async function signedInPage(browser: Browser, account: Account, path: string, prepare?: (page: Page) => Promise<unknown>): Promise<Page> {
  const page = await (await browser.newContext()).newPage();
  await prepare?.(page);
  await signedIn(page, account, path);
  return page;
}

const paragraphs = (text: string) => `<p>${text}</p>`;

/** The page runs on its islands: React holds no root and the app's entry (named on <html>) was never fetched. */
function withoutApp(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const root = document.getElementById('root');
    const entry = document.documentElement.getAttribute('data-entry') ?? '';
    const fetched = performance.getEntriesByType('resource').some((resource) => entry !== '' && resource.name.endsWith(entry));
    return document.documentElement.hasAttribute('data-islands-ready') && !fetched && !Object.keys(root ?? {}).some((key) => key.startsWith('__react'));
  });
}

/** A small real PNG, as a photographer's file would be. */
function coverFile() {
  const image = new PNG({ width: 320, height: 180 });
  image.data.fill(200);
  return { name: 'capa.png', mimeType: 'image/png', buffer: PNG.sync.write(image) };
}
const filler = 'A comunidade escolar acompanhou de perto cada etapa do projeto, que envolveu professores e famílias. ';

test.describe('articles', () => {
  test('an author writes and sends to review, an editor publishes, an anonymous reader finds and reads it', async ({ page, browser }) => {
    // The whole newsroom flow with the editor's link, image and tag steps, then the SEO worker's verdict:
    // on a loaded 2-CPU runner it passed 60 s before those steps, which add about 30 s.
    test.setTimeout(150_000);
    const suffix = randomUUID().slice(0, 6);
    const author = await person('autora', 'Renata Autora', ['author']);
    const editor = await person('editor', 'Otávio Editor', ['editor']);
    const title = `Feira de ciências reúne escolas de Campinas ${suffix}`;

    // The author writes.
    await signedIn(page, author, '/create');
    await page.getByLabel('Título').fill(title);
    await expect(page.getByLabel('Slug')).toHaveValue(`feira-de-ciencias-reune-escolas-de-campinas-${suffix}`);
    await page.getByLabel('Resumo').fill('Estudantes de vinte escolas públicas apresentam projetos de ciência no fim de semana.');
    const content = page.getByRole('textbox', { name: 'Conteúdo' });
    await content.click();
    await content.pressSequentially('Mais de trezentos estudantes apresentam projetos na feira deste ano. ');
    // The rest as one insertion, as a paste would: keystrokes cost the runner about 20 ms a character.
    await page.keyboard.insertText(filler);
    await expect(content).toContainText(filler.trim());
    // The SEO rules run as the author types: a short text without a cover fails them.
    const seoLive = page.getByRole('region', { name: 'SEO' });
    await expect(seoLive.getByText('Com Erros')).toBeVisible();
    await expect(seoLive.getByText('Sem imagem de capa: buscadores exigem uma imagem para notícias.')).toBeVisible();
    // The cover goes to S3 through a presigned URL; the API checks what arrived.
    await page.locator('input[type="file"]').setInputFiles(coverFile());
    await expect(page.getByLabel('URL da imagem de capa')).toHaveValue(/^\/media\/[\w-]+\/\d+\.png$/);
    await expect(seoLive.getByText('Sem imagem de capa: buscadores exigem uma imagem para notícias.')).toHaveCount(0);

    // A link goes in on the words the author gives (which addresses are refused, and the pt-BR reasons:
    // tests/unit/editor-links.test.ts).
    await page.getByRole('button', { name: 'Inserir link' }).click();
    const linkDialog = page.getByRole('dialog', { name: 'Inserir link' });
    await linkDialog.getByLabel('Texto do link').fill('edital da feira');
    await linkDialog.getByLabel('Endereço do link').fill('https://www.campinas.sp.gov.br/feira');
    await linkDialog.getByRole('button', { name: 'Inserir link' }).click();
    await expect(content.locator('a[href="https://www.campinas.sp.gov.br/feira"]')).toHaveText('edital da feira');
    // Back on the link, the same button edits it.
    await content.locator('a').click();
    await page.getByRole('button', { name: 'Inserir link' }).click();
    await expect(page.getByRole('dialog', { name: 'Editar link' }).getByLabel('Endereço do link')).toHaveValue('https://www.campinas.sp.gov.br/feira');
    await page.getByRole('dialog', { name: 'Editar link' }).getByRole('button', { name: 'Cancelar' }).click();

    // An image in the body: uploaded through the covers' checked path, and not inserted without its description.
    await content.press('End');
    await page.getByRole('button', { name: 'Inserir imagem' }).click();
    const imageDialog = page.getByRole('dialog', { name: 'Inserir imagem' });
    await imageDialog.locator('input[type="file"]').setInputFiles(coverFile());
    await expect(imageDialog.getByLabel('Endereço da imagem')).toHaveValue(/^\/media\/[\w-]+\/\d+\.png$/);
    await imageDialog.getByRole('button', { name: 'Inserir' }).click();
    await expect(imageDialog.getByText('Descreva a imagem: o texto alternativo é obrigatório.')).toBeVisible();
    await imageDialog.getByLabel('Texto alternativo').fill('Estudantes diante de um painel solar');
    await imageDialog.getByRole('button', { name: 'Inserir' }).click();
    await expect(content.locator('img[alt="Estudantes diante de um painel solar"]')).toHaveAttribute('src', /^\/media\/[\w-]+\/\d+\.png$/);

    // A tag (the limit of 10 and its message: tests/unit/editor-seo.test.ts, 'the tag limit').
    const tags = page.getByRole('textbox', { name: 'Tags' });
    await tags.fill('ciencia');
    await tags.press('Enter');
    await expect(tags).toHaveValue('');
    await page.getByLabel('Cidade principal').fill('Campinas');
    await page.getByRole('option', { name: /^Campinas \(SP\)/ }).click();
    await page.getByRole('button', { name: 'Criar artigo' }).click();
    await expect(page).toHaveURL(/\/article\/[\w-]+\/edit$/);
    const editUrl = new URL(page.url()).pathname;

    // Authors cannot publish: they send to review.
    await expect(page.getByRole('button', { name: 'Publicar' })).toHaveCount(0);
    await page.getByRole('button', { name: 'Enviar para revisão' }).click();
    await expect(page.getByText('Em revisão').first()).toBeVisible();
    await expect(page.getByRole('button', { name: 'Enviar para revisão' })).toHaveCount(0);

    // The editor finds it in the review queue on the dashboard and publishes it.
    const editorPage = await signedInPage(browser, editor, '/dashboard');
    await editorPage.getByRole('region', { name: 'Aguardando revisão' }).getByRole('link', { name: title }).click();
    await expect(editorPage).toHaveURL(new RegExp(`${editUrl}$`));
    await expect(editorPage.getByLabel('Título')).toHaveValue(title);
    await editorPage.getByRole('button', { name: 'Publicar' }).click();
    // The text is short: the SEO rules fail, and publishing asks first, listing why.
    const confirm = editorPage.getByRole('dialog', { name: 'Publicar com problemas de SEO?' });
    await expect(confirm.getByText(/^Texto com \d+ palavras: escreva pelo menos 300\.$/)).toBeVisible();
    await confirm.getByRole('button', { name: 'Publicar mesmo assim' }).click();
    await expect(toast(editorPage, 'Artigo salvo com sucesso!').or(toast(editorPage, 'Artigo publicado'))).toBeVisible();

    // An anonymous reader finds it on the home feed and through the city filter, and reads it.
    // The home is served from the edge cache, which the page-purge worker empties within seconds of the publication.
    const reader = await (await browser.newContext()).newPage();
    await expect(async () => {
      await reader.goto('/');
      await expect(reader.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await reader.getByRole('button', { name: 'Selecionar Cidade' }).click();
    await reader.getByPlaceholder('Buscar cidade...').fill('Campinas');
    await reader.getByRole('option', { name: /Campinas/ }).first().click();
    await expect(reader).toHaveURL(/[?&]city=campinas-sp/);
    await expect(reader.getByText(/Campinas/).first()).toBeVisible();
    await reader.getByRole('link', { name: title }).first().click();
    await expect(reader).toHaveURL(/\/article\/feira-de-ciencias/);
    await expect(reader.getByRole('heading', { name: title })).toBeVisible();
    await expect(reader.getByText('Mais de trezentos estudantes apresentam projetos')).toBeVisible();
    // The link and the body image the author inserted survive the server's sanitizer.
    await expect(reader.getByRole('link', { name: 'edital da feira' })).toHaveAttribute('href', 'https://www.campinas.sp.gov.br/feira');
    await expect(reader.getByRole('img', { name: 'Estudantes diante de um painel solar' })).toBeVisible();
    const cover = reader.locator('img[src^="/media/"]').first();
    await expect(cover).toBeVisible();
    // The uploaded original, or its WebP variant (320 px wide: never upscaled) once the worker has written
    // it; with a srcset naturalWidth is scaled by the chosen density, so the loaded file is checked instead.
    expect(await cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    expect(await cover.evaluate((image: HTMLImageElement) => new URL(image.currentSrc).pathname)).toMatch(/^\/media\/[\w-]+\/\d+(\.png|-320\.webp)$/);
    await expect(reader.locator('.paywall')).toHaveCount(0);

    // The SEO worker has judged the published article: the author sees the badge and its reasons.
    await page.goto('/my-articles');
    const mine = page.locator('.mantine-Card-root').filter({ hasText: title });
    await expect(async () => {
      await page.reload();
      await expect(mine.locator('[data-seo-status="error"]')).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await expect(mine.getByText('Com Erros')).toBeVisible();
    await mine.locator('[data-seo-status="error"]').hover();
    await expect(page.getByRole('tooltip')).toContainText(/Texto com \d+ palavras/);
  });

  test('a premium article shows the paywall to an anonymous reader and the full text to a subscriber', async ({ page, browser }) => {
    const suffix = randomUUID().slice(0, 6);
    const author = await person('autorp', 'Paulo Autor', ['author']);
    const editor = await person('editorp', 'Elisa Editora', ['editor']);
    const subscriber = await person('assinante', 'Sara Assinante', [], true);
    const secret = `Trecho exclusivo para assinantes ${suffix}`;
    const article = await publishedArticle(author, editor, {
      title: `Orçamento participativo define obras em Campinas ${suffix}`,
      slug: `orcamento-participativo-campinas-${suffix}`,
      summary: 'Moradores votaram em assembleias de bairro e escolheram as obras prioritárias para o próximo ano.',
      content: paragraphs(`O lead aberto a todos os leitores explica o que foi decidido. ${filler}`) + '<h2>Os números</h2>' + paragraphs(`${secret}. ${filler}`),
      visibility: 'premium',
      city_code: '3509502',
    });

    await page.goto(`/${article.location_path}/${article.slug}`);
    await expect(page.getByText('O lead aberto a todos os leitores')).toBeVisible();
    const paywall = page.locator('.paywall');
    await expect(paywall).toBeVisible();
    await expect(paywall.getByRole('link', { name: /Assine/ })).toHaveAttribute('href', '/pricing');
    await expect(page.getByText(secret)).toHaveCount(0);
    expect(await page.content()).not.toContain(secret);
    const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').first().textContent()) ?? '{}');
    expect(jsonLd).toMatchObject({ '@type': 'NewsArticle', isAccessibleForFree: false });

    // The cached HTML is the anonymous one (lead and paywall): a subscriber must never see that paywall,
    // not even for a frame before React knows who reads. Every frame from the first paint is watched.
    const subscriberPage = await signedInPage(browser, subscriber, `/${article.location_path}/${article.slug}`, (watched) =>
      watched.addInitScript(() => {
        const seen = { paywall: false };
        (window as unknown as { paywallSeen: typeof seen }).paywallSeen = seen;
        const watch = () => {
          const paywall = document.querySelector<HTMLElement>('.paywall');
          if (paywall && paywall.getClientRects().length > 0 && getComputedStyle(paywall).visibility !== 'hidden') seen.paywall = true;
          requestAnimationFrame(watch);
        };
        requestAnimationFrame(watch);
      }),
    );
    await expect(subscriberPage.getByText(secret)).toBeVisible();
    await expect(subscriberPage.locator('.paywall')).toHaveCount(0);
    expect(await subscriberPage.evaluate(() => (window as unknown as { paywallSeen: { paywall: boolean } }).paywallSeen.paywall)).toBe(false);
    // Read without the app: the islands inserted the body, React never loaded.
    expect(await withoutApp(subscriberPage)).toBe(true);
    await expect(subscriberPage.locator('header').getByRole('button', { name: 'Sair' })).toBeVisible();

    // A signed-in reader without a subscription: the paywall, with no "Entrar", still without the app.
    const reader = await signedInPage(browser, await person('leitorp', 'Lia Leitora', []), `/${article.location_path}/${article.slug}`);
    const readerPaywall = reader.locator('.paywall');
    await expect(readerPaywall).toBeVisible();
    await expect(readerPaywall.getByRole('link', { name: 'Assine o Premium' })).toHaveAttribute('href', '/pricing');
    await expect(readerPaywall.getByRole('link', { name: 'Entrar' })).toHaveCount(0);
    await expect(reader.getByText(secret)).toHaveCount(0);
    expect(await withoutApp(reader)).toBe(true);
  });

  test("an author's script injection stays inert", async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const author = await person('autorx', 'Xavier Autor', ['author']);
    const editor = await person('editorx', 'Xênia Editora', ['editor']);
    // Sent straight to the API, as an attacker would, bypassing the editor in the browser.
    const article = await publishedArticle(author, editor, {
      title: `Texto com tentativa de injeção ${suffix}`,
      slug: `texto-com-injecao-${suffix}`,
      summary: 'Um texto cujo HTML tenta executar código no navegador de quem lê.',
      content:
        paragraphs(`Primeiro parágrafo visível. ${filler}`) +
        '<script>window.__injected = "script"</script>' +
        '<img src="/nao-existe.png" onerror="window.__injected = \'onerror\'" alt="imagem">' +
        '<p onmouseover="window.__injected = \'mouseover\'">Passe o mouse aqui. <a href="javascript:window.__injected=\'link\'">clique aqui</a></p>' +
        '<iframe src="https://mal.example/embed/x"></iframe>',
    });

    await page.goto(`/article/${article.slug}`);
    await expect(page.getByText('Primeiro parágrafo visível.')).toBeVisible();
    const body = page.locator('.article-content');
    await expect(body.locator('script, iframe, [onerror], [onmouseover]')).toHaveCount(0);
    await page.getByText('Passe o mouse aqui.').hover();
    await page.getByText('clique aqui').click();
    expect(await page.evaluate(() => (window as unknown as { __injected?: string }).__injected)).toBeUndefined();
    await expect(body.getByText('clique aqui')).not.toHaveAttribute('href', /javascript:/);
  });

  test('My articles lists the tabs with counts and deletes after confirmation', async ({ page }) => {
    const suffix = randomUUID().slice(0, 6);
    const author = await person('autorm', 'Marta Autora', ['author']);
    const client = api();
    const base = {
      summary: 'Um resumo suficiente para o artigo de teste da lista.',
      content: paragraphs(`Conteúdo do artigo de teste da lista de artigos. ${filler}`),
    };
    const draft = await client.request('POST', '/api/articles', {
      token: author.token,
      body: { ...base, title: `Rascunho para excluir ${suffix}`, slug: `rascunho-excluir-${suffix}` },
    });
    const inReview = await client.request('POST', '/api/articles', {
      token: author.token,
      body: { ...base, title: `Texto em revisão ${suffix}`, slug: `texto-revisao-${suffix}` },
    });
    await client.request('PUT', `/api/articles/${inReview.body.id}`, {
      token: author.token,
      body: { ...base, title: `Texto em revisão ${suffix}`, slug: `texto-revisao-${suffix}`, status: 'review', base_version: 1 },
    });
    expect(draft.status).toBe(201);

    await signedIn(page, author, '/my-articles');
    await expect(page.getByRole('tab', { name: /Todos\s*2/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Rascunhos\s*1/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Em revisão\s*1/ })).toBeVisible();
    await expect(page.getByRole('tab', { name: /Publicados\s*0/ })).toBeVisible();

    const card = page.locator('.mantine-Card-root').filter({ hasText: `Rascunho para excluir ${suffix}` });
    await card.getByRole('button', { name: 'Excluir' }).click();
    const dialog = page.getByRole('dialog', { name: 'Excluir artigo' });
    await dialog.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page.getByText(`Rascunho para excluir ${suffix}`)).toBeVisible();
    await card.getByRole('button', { name: 'Excluir' }).click();
    await dialog.getByRole('button', { name: 'Excluir' }).click();
    await expect(toast(page, 'Artigo excluído com sucesso.')).toBeVisible();
    await expect(page.getByText(`Rascunho para excluir ${suffix}`)).toHaveCount(0);
    await expect(page.getByRole('tab', { name: /Todos\s*1/ })).toBeVisible();
  });
});
