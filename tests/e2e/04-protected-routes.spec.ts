// Spec 6 and 8: unauthenticated users on protected pages go to /auth.
import { expect, test } from './fixtures';

test.describe('protected routes', () => {
  test('an anonymous visit to /dashboard goes to /auth', async ({ page }) => {
    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByRole('tab', { name: 'Entrar' })).toBeVisible();
  });

  for (const path of ['/settings', '/create', '/admin', '/storyboard']) {
    test(`an anonymous visit to ${path} goes to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
    });
  }
});
