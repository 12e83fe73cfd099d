// Spec 2 "Header", 4 "Auth", 5 "Sign-in", 8 "Auth".
import { createAccount, expect, expectSignedIn, expectSignedOut, header, newAccount, signIn, signOut, test, toast } from './fixtures';
import { person } from './publishing';

test.describe('sign-in and sign-out', () => {
  test('sign-in validates the form first (Email inválido, Senha é obrigatória), then a wrong password shows Erro ao fazer login', async ({ page }) => {
    const account = newAccount('senha.errada', 'Sérgio Senha');
    await createAccount(page, account);
    // One visit of /auth, as a person who corrects the form and tries again.
    await signIn(page, { email: 'invalido', password: 'x' });
    await expect(toast(page, 'Email inválido')).toBeVisible();
    const attempt = async (email: string, password: string) => {
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Senha').fill(password);
      await page.getByRole('button', { name: 'Entrar' }).click();
    };
    await attempt('alguem@exemplo.com.br', '');
    await expect(toast(page, 'Senha é obrigatória')).toBeVisible();
    await attempt(account.email, 'SenhaErrada9');
    // The earlier toasts, titled alike, may still show: this one is told by its message.
    const error = toast(page, 'Email ou senha incorretos');
    await expect(error).toBeVisible();
    await expect(error).toContainText('Erro ao fazer login');
    await expect(page).toHaveURL(/\/auth$/);
    await expectSignedOut(page);
  });

  test('a reader signs in, stays signed in on reload (Dashboard and Sair on a public page, neither Escrever nor Pautas), /auth then sends to /; signing out shows Logout realizado com sucesso and Login again', async ({ page }) => {
    const account = newAccount('recarga', 'Renata Recarga');
    await createAccount(page, account);
    await signIn(page, account);
    await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);
    await expectSignedIn(page);

    // The home loaded again: a reader without a role gets the islands' header.
    await page.reload();
    await expectSignedIn(page);
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Escrever' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Pautas' })).toHaveCount(0);
    await page.goto('/auth');
    await expect(page).toHaveURL(/\/$/);
    await page.goto('/dashboard');
    await expect(page.getByRole('heading', { name: 'Olá, Renata Recarga!' })).toBeVisible();

    await signOut(page);
    await expect(page).toHaveURL(/\/$/);
    await expect(header(page).getByRole('link', { name: 'Inscreva-se' })).toBeVisible();
    await page.reload();
    await expectSignedOut(page);
  });

  test('on a public page without the app, the header shows the session and signs out from it', async ({ page }) => {
    const author = await person('sessao', 'Silvia Sessão', ['author']);
    await signIn(page, author);
    await expect(page).toHaveURL(/\/$/);
    const reactHolds = () => page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__react')));
    const staffHint = () => page.evaluate(() => localStorage.getItem('portal.staff'));
    // A member of the newsroom gets the app on public pages, for its tools there (the hint the app keeps
    // once /api/me has answered).
    await expect.poll(staffHint).toBe('1');
    await page.goto('/events');
    await expectSignedIn(page);
    expect(await reactHolds()).toBe(true);
    // Without the hint (a browser that has not checked yet), the islands serve them and set it. Removed
    // from a document that runs no script: the app on /events may still be writing it from its /api/me.
    await page.goto('/config.json');
    await page.evaluate(() => localStorage.removeItem('portal.staff'));
    await page.goto('/events');
    // The islands' header: the author's links and buttons, no React on the page.
    await expectSignedIn(page);
    await expect.poll(staffHint).toBe('1');
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveAttribute('href', '/dashboard');
    await expect(header(page).getByRole('link', { name: 'Escrever' })).toHaveAttribute('href', '/create');
    await expect(header(page).getByRole('link', { name: 'Pautas' })).toHaveAttribute('href', '/storyboard');
    await expect(header(page).getByRole('link', { name: 'Admin' })).toHaveCount(0);
    expect(await reactHolds()).toBe(false);

    await signOut(page);
    expect(await staffHint()).toBeNull();
    await expect(header(page).getByRole('link', { name: 'Pautas' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toHaveCount(0);
    await page.reload();
    await expectSignedOut(page);
    // The session is gone for the app too.
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
