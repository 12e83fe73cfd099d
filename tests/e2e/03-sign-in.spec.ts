// Spec 2 "Header", 4 "Auth", 5 "Sign-in", 8 "Auth".
import { createAccount, expect, expectSignedIn, expectSignedOut, header, newAccount, signIn, signOut, test, toast } from './fixtures';

test.describe('sign-in and sign-out', () => {
  test('sign-in with a wrong password shows Erro ao fazer login', async ({ page }) => {
    const account = newAccount('senha.errada', 'Sérgio Senha');
    await createAccount(page, account);
    await signIn(page, { email: account.email, password: 'SenhaErrada9' });
    const error = toast(page, 'Erro ao fazer login');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Email ou senha incorretos');
    await expect(page).toHaveURL(/\/auth$/);
    await expectSignedOut(page);
  });

  test('sign-in validates the form first (Email inválido, Senha é obrigatória)', async ({ page }) => {
    await signIn(page, { email: 'invalido', password: 'x' });
    await expect(toast(page, 'Email inválido')).toBeVisible();
    await signIn(page, { email: 'alguem@exemplo.com.br', password: '' });
    await expect(toast(page, 'Senha é obrigatória')).toBeVisible();
  });

  test('sign in, reload, still signed in; /auth then sends to /', async ({ page }) => {
    const account = newAccount('recarga', 'Renata Recarga');
    await createAccount(page, account);
    await signIn(page, account);
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);

    await page.reload();
    await expectSignedIn(page);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Renata Recarga!' })).toBeVisible();
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
  });

  test('sign out shows Logout realizado com sucesso and the header shows Login again', async ({ page }) => {
    const account = newAccount('saida', 'Sara Saída');
    await createAccount(page, account);
    await signIn(page, account);
    await expectSignedIn(page);
    await page.goto('/dashboard');
    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Inscreva-se' })).toBeVisible();
    await page.reload();
    await expectSignedOut(page);
  });
});
