// Spec 2 "Header", 4 "Auth", 5 "Sign-in", 8 "Auth".
import { createAccount, expect, expectSignedIn, expectSignedOut, header, newAccount, signIn, signOut, test, toast } from './fixtures';
import { person } from './publishing';

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
    // Without the hint (a browser that has not checked yet), the islands serve them and set it.
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

  test('a reader without a role gets Dashboard and Sair on a public page, neither Escrever nor Pautas', async ({ page }) => {
    const account = newAccount('leitor.ilha', 'Leo Leitor');
    await createAccount(page, account);
    await signIn(page, account);
    await expect(page).toHaveURL(/\/$/);
    await page.reload();
    await expectSignedIn(page);
    await expect(header(page).getByRole('link', { name: 'Dashboard' })).toBeVisible();
    await expect(header(page).getByRole('link', { name: 'Escrever' })).toHaveCount(0);
    await expect(header(page).getByRole('link', { name: 'Pautas' })).toHaveCount(0);
  });
});
