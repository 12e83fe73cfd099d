// The public pages read like a newsroom: the first headline on a phone's first screen, whole headlines,
// each page's own title, the unknown-city message and the article's share links.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, test, toast } from './fixtures';
import { person, publishedArticle } from './publishing';

const filler = 'Moradores, comerciantes e especialistas acompanharam cada etapa e opinaram sobre o resultado. ';
const paragraphs = (text: string) => `<p>${text}</p>`;

let lead: { title: string; slug: string; location_path: string | null };

test.beforeAll(async () => {
  const suffix = randomUUID().slice(0, 6);
  const author = await person('autorn', 'Maria Aparecida dos Santos Oliveira Albuquerque', ['author']);
  const editor = await person('editorn', 'Nelson Editor', ['editor']);
  // Long headlines and many tags: nothing of them may be cut on a card.
  for (let index = 0; index < 5; index += 1) {
    const title = `Prefeitura de Campinas anuncia novo plano de mobilidade para os bairros da periferia e promete obras até o fim do ano ${suffix}${index}`;
    const article = await publishedArticle(author, editor, {
      title,
      slug: `plano-mobilidade-campinas-${suffix}-${index}`,
      summary: 'O plano prevê corredores de ônibus, ciclovias e calçadas novas em doze bairros, com consulta pública em dezembro.',
      content: paragraphs(`O anúncio foi feito nesta manhã. ${filler.repeat(3)}`),
      tags: ['mobilidade urbana', 'transporte público', 'infraestrutura'],
      city_code: '3509502',
    });
    lead = { title, slug: article.slug, location_path: article.location_path };
  }
});

/** Headlines that overflow their box or carry an ellipsis or a line clamp. */
async function cutHeadlines(page: Page): Promise<string[]> {
  return page.locator('.card-title').evaluateAll((titles) =>
    titles
      .filter((title) => {
        const style = getComputedStyle(title);
        const clamp = style.getPropertyValue('-webkit-line-clamp');
        return (
          title.scrollHeight > title.clientHeight + 1 ||
          title.scrollWidth > title.clientWidth + 1 ||
          style.textOverflow === 'ellipsis' ||
          (clamp !== '' && clamp !== 'none')
        );
      })
      .map((title) => title.textContent ?? ''),
  );
}

test.describe('newsroom front page', () => {
  test('on a phone the first headline is on the first screen, whole, before the city filter', async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto('/');
    await expect(page).toHaveTitle('Portal Plural — Notícias');
    await expect(page.getByText(/^[a-zçá-]+, \d{1,2} de [a-zç]+ de \d{4}$/)).toBeVisible();
    const headline = page.locator('.card-title').first();
    await expect(headline).toHaveText(lead.title);
    const box = await headline.boundingBox();
    expect(box, 'the first headline has a box').not.toBeNull();
    expect(box!.y + box!.height).toBeLessThanOrEqual(844);
    const filter = await page.locator('.city-filter').boundingBox();
    expect(filter!.y).toBeGreaterThan(box!.y + box!.height);
    expect(await cutHeadlines(page)).toEqual([]);
    // Covers describe the story: their alt text is the headline.
    const alts = await page.locator('.article-card').evaluateAll((cards) =>
      cards.flatMap((card) => [...card.querySelectorAll('.article-cover img')].map((image) => [image.getAttribute('alt'), card.querySelector('.card-title')?.textContent])),
    );
    for (const [alt, title] of alts) expect(alt).toBe(title);
    await expect(page.getByRole('navigation', { name: 'Seções' }).getByRole('link', { name: 'Campinas (SP)' })).toHaveAttribute(
      'href',
      '/?city=campinas-sp',
    );
  });

  test('on a desktop headlines are whole too', async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto('/');
    await expect(page.locator('.card-title').first()).toHaveText(lead.title);
    expect(await cutHeadlines(page)).toEqual([]);
  });

  test('a city home has its own title, and an unknown city its own message', async ({ page }) => {
    await page.goto('/?city=campinas-sp');
    await expect(page).toHaveTitle('Campinas (SP) — Portal Plural');
    await expect(page.getByRole('heading', { level: 1, name: 'Campinas (SP)' })).toBeVisible();

    await page.goto('/?city=nao-existe');
    await expect(page.getByText('Não encontramos notícias de “nao-existe”.')).toBeVisible();
    await expect(page.getByText('Nenhum artigo publicado ainda. Seja o primeiro a escrever!')).toHaveCount(0);
    await expect(page.getByText('Mostrando artigos de:')).toHaveCount(0);
    await expect(page).toHaveTitle('Cidade não encontrada — Portal Plural');
    await page.getByRole('link', { name: 'Ver todas as notícias' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('.card-title').first()).toHaveText(lead.title);
  });

  test('each page has its own title', async ({ page }) => {
    const titles: [string, string][] = [
      ['/auth', 'Entrar — Portal Plural'],
      ['/events', 'Eventos — Portal Plural'],
      ['/pagina-que-nao-existe', 'Página não encontrada — Portal Plural'],
    ];
    for (const [path, title] of titles) {
      await page.goto(path);
      await expect(page).toHaveTitle(title);
    }
  });

  test('an article has its title, its byline with date and time, and share links', async ({ page, context, baseURL }) => {
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
    const path = `/${lead.location_path}/${lead.slug}`;
    const canonical = `${baseURL}${path}`;
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1, name: lead.title })).toBeVisible();
    await expect(page).toHaveTitle(`${lead.title} — Portal Plural`);
    await expect(page.locator('meta[name="description"]')).toHaveAttribute('content', /corredores de ônibus/);
    await expect(page.locator('article time').first()).toHaveText(/^\d{1,2} de [a-zç]+ de \d{4}, às \d{2}h\d{2}$/);
    // The byline names the author and leads to the author page.
    await expect(page.locator('article a[href^="/author/"]').first()).toBeVisible();

    const share = page.getByRole('group', { name: 'Compartilhar' });
    const expected = {
      whatsapp: `https://wa.me/?text=${encodeURIComponent(`${lead.title} ${canonical}`)}`,
      facebook: `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(canonical)}`,
      x: `https://x.com/intent/post?url=${encodeURIComponent(canonical)}&text=${encodeURIComponent(lead.title)}`,
    };
    for (const [network, href] of Object.entries(expected)) {
      const link = share.locator(`a[data-share="${network}"]`);
      await expect(link).toHaveAttribute('href', href);
      await expect(link).toHaveAttribute('target', '_blank');
      await expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    await share.getByRole('button', { name: 'Copiar link' }).click();
    await expect(toast(page, 'Link copiado')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(canonical);
  });
});
