// Spec 4 "Auth" (token refreshed) and 9 (auto refresh): an expired access token is refreshed without
// the user noticing. Amplify judges expiry by the clock drift it keeps in localStorage; pushing the drift
// two hours ahead makes the stored token look expired, so the next API call must refresh it.
import { createAccount, expect, expectSignedIn, newAccount, signIn, test, toast } from './fixtures';

test('an expired token is refreshed without the user noticing', async ({ page }) => {
  const account = newAccount('renovacao', 'Regina Renovação');
  await createAccount(page, account);
  await signIn(page, account);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expectSignedIn(page);

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
