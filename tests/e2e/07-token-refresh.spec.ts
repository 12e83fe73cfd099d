// Spec 4 "Auth" (token refreshed) and 9 (auto refresh): an expired access token is refreshed without
// the user noticing. Amplify judges expiry by the clock drift it keeps in localStorage; pushing the drift
// two hours ahead makes the stored token look expired, so the next API call must refresh it. The drift is
// pushed from a file of the site's origin that runs no script (config.json): on a page of the app, the
// app's own next call would refresh before the page under test is opened.
import { createAccount, expect, expectSignedIn, newAccount, signIn, test, toast } from './fixtures';

test('an expired token is refreshed without the user noticing', async ({ page }) => {
  const account = newAccount('renovacao', 'Regina Renovação');
  await createAccount(page, account);
  await signIn(page, account);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expectSignedIn(page);

  await page.goto('/config.json');
  const drifted = await page.evaluate(() => {
    const keys = Object.keys(localStorage).filter((key) => key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.clockDrift'));
    for (const key of keys) localStorage.setItem(key, String(2 * 60 * 60 * 1000));
    return keys.length;
  });
  expect(drifted).toBe(1);

  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cognito') && request.headers()['x-amz-target']?.endsWith('GetTokensFromRefreshToken')) refreshes.push(request.url());
  });
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Regina Renovação!' })).toBeVisible();
  expect(refreshes.length).toBeGreaterThan(0);
  await expect(page).toHaveURL(/\/dashboard$/);
  await expectSignedIn(page);
  await expect(page.getByRole('alert').filter({ hasText: 'Erro' })).toHaveCount(0);
});

test('on a public page without the app, an expired token is renewed and written back where the app finds it', async ({ page }) => {
  const account = newAccount('renovacao.ilha', 'Rui Renovação');
  await createAccount(page, account);
  await signIn(page, account);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expectSignedIn(page);
  await page.goto('/config.json');
  const before = await page.evaluate(() => {
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith('CognitoIdentityServiceProvider.') && key.endsWith('.clockDrift')) localStorage.setItem(key, String(2 * 60 * 60 * 1000));
    }
    return Object.keys(localStorage).find((key) => key.endsWith('.accessToken')) ?? '';
  });
  expect(before).not.toBe('');
  const token = await page.evaluate((key) => localStorage.getItem(key), before);

  const refreshes: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/cognito') && request.headers()['x-amz-target']?.endsWith('GetTokensFromRefreshToken')) refreshes.push(request.url());
  });
  await page.goto('/events');
  await expectSignedIn(page);
  expect(refreshes.length).toBeGreaterThan(0);
  // The renewed tokens are where Amplify keeps them, with its clock drift measured again.
  const after = await page.evaluate((key) => ({ token: localStorage.getItem(key), drift: Object.entries(localStorage).find(([name]) => name.endsWith('.clockDrift'))?.[1] }), before);
  expect(after.token).not.toBe(token);
  expect(Math.abs(Number(after.drift))).toBeLessThan(60_000);
  // The app goes on with them, without a refresh of its own.
  refreshes.length = 0;
  await page.goto('/dashboard');
  await expect(page.getByRole('heading', { name: 'Olá, Rui Renovação!' })).toBeVisible();
  expect(refreshes).toEqual([]);
});
