// Readers' rights in a real browser: a new reader's first visit asks for consent; rejecting it keeps
// Google's ad tag off the page, accepting it later from the footer lets it load. The reader then
// downloads a copy of their data from Meus dados and deletes their account, which can no longer sign
// in. The rules behind each step are tested in tests/unit/privacy*.test.ts and
// tests/integration/privacy.test.ts.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { createAccount, expect, expectSignedIn, newAccount, signIn, test } from './fixtures';
import { person, publishedArticle } from './publishing';

// This spec starts where a new reader does: with no choice made.
test.use({ consentDecided: false });

const AD_TAG = /securepubads\.g\.doubleclick\.net/;
const suffix = randomUUID().slice(0, 6);
let articlePath = '';

test.beforeAll(async () => {
  const author = await person('autoraprivacidade', 'Paula Privacidade', ['author']);
  const editor = await person('editorprivacidade', 'Pedro Privacidade', ['editor']);
  const article = await publishedArticle(author, editor, {
    title: `Mercado de São José ganha novo horário ${suffix}`,
    slug: `privacidade-${suffix}`,
    summary: 'Uma reportagem com espaços de anúncio, para ver o consentimento em ação.',
    content: Array.from({ length: 12 }, (_, index) => `<p>Parágrafo ${index + 1} sobre o mercado e seus feirantes.</p>`).join(''),
    city_code: '2611606',
    tags: ['cidade'],
  });
  articlePath = `/article/${article.slug}`;
});

/** The portal as if an Ad Manager network were connected, and Google's tag answered offline: every request to it is kept. */
async function withAdNetwork(page: Page): Promise<Request[]> {
  const requested: Request[] = [];
  await page.route('**/api/analytics/ad-config', (route) => route.fulfill({ json: { networkCode: '21801234567' } }));
  // Every request the page makes for it, whoever answers (a cached copy too).
  page.on('request', (request) => {
    if (AD_TAG.test(request.url())) requested.push(request);
  });
  await page.route(AD_TAG, (route) => route.fulfill({ contentType: 'text/javascript', body: '' }));
  return requested;
}

/**
 * The page loaded, then idle: what the ad tag waits for before it loads (ads.ts). A reader who
 * consented would have asked for the network code before that; see the check on ad-config below.
 */
async function settle(page: Page): Promise<void> {
  await page.waitForLoadState('load');
  await page.evaluate(() => new Promise<void>((resolve) => window.requestIdleCallback(() => resolve(), { timeout: 3000 })));
}

test('a new reader rejects ad consent and no ad script loads; accepting later from the footer loads it', async ({ page }) => {
  const adRequests = await withAdNetwork(page);
  // The first step towards the tag, taken as the page starts (before its idle wait), and only with consent.
  const configRequests: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/api/analytics/ad-config')) configRequests.push(request.url());
  });
  await page.goto(articlePath);
  const banner = page.getByRole('dialog', { name: /privacidade|cookies/i }).or(page.getByRole('region', { name: /privacidade|cookies/i }));
  await expect(banner).toBeVisible();
  await expect(banner.getByRole('link', { name: /Política de Privacidade|privacidade/i }).first()).toHaveAttribute('href', '/privacidade');
  await banner.getByRole('button', { name: 'Rejeitar' }).click();
  await expect(banner).toBeHidden();
  await page.reload();
  await expect(banner).toBeHidden();
  await settle(page);
  expect(configRequests).toEqual([]);
  expect(adRequests.map((request) => request.url())).toEqual([]);

  // Later, from the footer.
  await page.getByRole('button', { name: 'Preferências de cookies' }).click();
  await expect(banner).toBeVisible();
  await banner.getByRole('button', { name: 'Aceitar todos' }).click();
  await expect(banner).toBeHidden();
  const loaded = page.waitForRequest(AD_TAG, { timeout: 15_000 });
  await page.reload();
  await loaded;
  expect(adRequests.map((request) => new URL(request.url()).pathname)).toContain('/tag/js/gpt.js');
});

test('the privacy notice is linked from the footer and says who processes the data', async ({ page }) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Privacidade' }).click();
  await expect(page).toHaveURL(/\/privacidade$/);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  for (const processor of ['Amazon Web Services', 'Stripe', 'Mercado Pago', 'Google']) await expect(page.getByText(processor).first()).toBeVisible();
});

test('a reader downloads their data, then deletes the account and cannot sign in again', async ({ page }) => {
  const account = newAccount('leitorlgpd', `Lia Lgpd ${suffix}`);
  await createAccount(page, account);
  await signIn(page, account);
  await expectSignedIn(page);
  await page.goto('/settings');

  await page.getByRole('button', { name: 'Baixar meus dados' }).click();
  const file = page.getByRole('button', { name: 'Baixar arquivo (JSON)' }).or(page.getByRole('link', { name: 'Baixar arquivo (JSON)' }));
  await expect(file.first()).toBeVisible({ timeout: 30_000 });
  const download = page.waitForEvent('download');
  await file.first().click();
  const saved = await (await download).path();
  const data = JSON.parse(await readFile(saved, 'utf8')) as { account: { email: string }; users: unknown };
  expect(data.account.email).toBe(account.email);
  expect(JSON.stringify(data.users)).toContain(account.fullName);

  await page.getByRole('button', { name: 'Excluir minha conta' }).click();
  const dialog = page.getByRole('dialog');
  const confirm = dialog.getByRole('button', { name: 'Excluir conta definitivamente' });
  await dialog.getByLabel('Senha').fill(account.password);
  await expect(confirm).toBeDisabled();
  await dialog.getByLabel('Digite EXCLUIR para confirmar').fill('EXCLUIR');
  await confirm.click();
  await expect(page).toHaveURL(/\/$/);
  // A notice at the top of the home page that stays until closed (a 4-second toast went unseen).
  const notice = page.getByRole('status').filter({ hasText: 'Conta excluída' });
  await expect(notice).toContainText('Sua conta está sendo excluída. Você foi desconectado.');
  await expect(notice).toBeInViewport();
  // The home under it loads (it stayed on its skeletons when the sign-out came after the navigation).
  await expect(page.getByLabel('Carregando artigos')).toHaveCount(0);
  await notice.getByRole('button', { name: 'Fechar aviso' }).click();
  await expect(notice).toHaveCount(0);

  await signIn(page, account);
  await expect(page.getByRole('alert').first()).toBeVisible();
  await expect(page).toHaveURL(/\/auth/);
});
