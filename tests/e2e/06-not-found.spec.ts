// Spec 2: any other path shows the 404 page with a link home; the attempted path is logged.
import { expect, test } from './fixtures';

test.describe('404', () => {
  test('an unknown path shows the 404 page with the link home, and reports the path', async ({ page }) => {
    const reported = page.waitForRequest((request) => request.url().endsWith('/api/not-found') && request.method() === 'POST');
    await page.goto('/pagina-que-nao-existe');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
    expect((await reported).postDataJSON()).toEqual({ path: '/pagina-que-nao-existe' });
    await page.getByRole('link', { name: 'Voltar ao início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByText('Nenhum artigo publicado ainda. Seja o primeiro a escrever!')).toBeVisible();
  });

  test('/404 renders the same page', async ({ page }) => {
    await page.goto('/404');
    await expect(page.getByRole('heading', { name: 'Página não encontrada' })).toBeVisible();
  });
});
