// Spec 2 "Master setup", 6 "Claim master", 8 "Master claim". Runs first: the system starts empty.
import { createAccount, expect, header, newAccount, signedIn, signUp, test, toast } from './fixtures';

test.describe('master setup', () => {
  test('on the empty system the first user claims master, and a second user then sees Sistema Já Configurado', async ({ page }) => {
    const first = newAccount('primeira', 'Primeira Pessoa');
    await signUp(page, first);
    await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);

    await page.goto('/become-master');
    for (const ability of [
      'Gerenciar papéis de usuários',
      'Avaliar a qualidade de autores e editores',
      'Gerenciar assinaturas e receitas',
      'Visualizar relatórios do sistema',
    ]) {
      await expect(page.getByText(ability)).toBeVisible();
    }
    await page.getByRole('button', { name: 'Tornar-me Master' }).click();
    await expect(toast(page, 'Você agora é o Master do sistema.')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Admin' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Newsletter' })).toBeVisible();

    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Primeira Pessoa!' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Gerenciar usuários e papéis' })).toBeVisible();

    const second = newAccount('segunda', 'Segunda Pessoa');
    await header(page).getByRole('button', { name: 'Sair' }).click();
    await expect(toast(page, 'Logout realizado com sucesso')).toBeVisible();
    await createAccount(page, second);
    await signedIn(page, second, '/become-master');
    await expect(page.getByRole('heading', { name: 'Sistema Já Configurado' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Tornar-me Master' })).toHaveCount(0);
    await page.getByRole('link', { name: 'Voltar ao Início' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
  });

  test('an anonymous visitor of /become-master sees the login-required error and goes to /auth', async ({ page }) => {
    await page.goto('/become-master');
    await expect(toast(page, 'Você precisa estar logado para continuar.')).toBeVisible();
    await expect(toast(page, 'Erro')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });
});
