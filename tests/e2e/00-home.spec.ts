// Spec 2 "Home feed" and "Header" for a visitor.
import { expect, header, test } from './fixtures';

test.describe('home', () => {
  test('a visitor sees the author banner, the empty feed and the Login and Inscreva-se buttons', async ({ page }) => {
    await page.goto('/');
    await expect(page.getByRole('heading', { name: 'Seja um autor Plural' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Candidate-se agora' })).toHaveAttribute('href', '/apply-author');
    await expect(page.getByText('Nenhum artigo publicado ainda. Seja o primeiro a escrever!')).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Login' })).toHaveAttribute('href', '/auth');
    await expect(header(page).getByRole('link', { name: 'Inscreva-se' })).toHaveAttribute('href', '/auth?tab=signup');
    await expect(header(page).getByRole('link', { name: 'Eventos' })).toHaveAttribute('href', '/events');
    await header(page).getByRole('link', { name: 'Inscreva-se' }).click();
    await expect(page).toHaveURL(/\/auth\?tab=signup$/);
    await expect(page.getByRole('tab', { name: 'Cadastrar' })).toHaveAttribute('aria-selected', 'true');
  });
});
