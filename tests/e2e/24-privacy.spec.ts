// Readers' rights in a real browser: a new reader's first visit asks for consent; rejecting it keeps
// Google's ad tag off the page, accepting it later from the footer lets it load. The reader then
// downloads a copy of their data from Meus dados and deletes their account, which can no longer sign
// in. The rules behind each step are tested in tests/unit/privacy*.test.ts and
// tests/integration/privacy.test.ts.
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import type { Page, Request } from '@playwright/test';
import { CONSENT_VERSION } from '../../shared/privacy';
import { createAccount, expect, newAccount, signedIn, signIn, test } from './fixtures';
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

/** A stand-in for Google's tag: it defines the slots and fills each with a test creative. */
const FAKE_GPT = `(function () {
  var tag = window.googletag, queued = tag.cmd || [], rendered = [];
  var pubads = { setPrivacySettings: function () {}, addEventListener: function (name, handler) { rendered.push(handler); } };
  tag.pubads = function () { return pubads; };
  tag.setConfig = function () {};
  tag.enableServices = function () {};
  tag.sizeMapping = function () { var mapping = { addSize: function () { return mapping; }, build: function () { return []; } }; return mapping; };
  tag.defineSlot = function (path, sizes, id) {
    var slot = { path: path, getSlotElementId: function () { return id; }, defineSizeMapping: function () { return slot; }, addService: function () { return slot; } };
    return slot;
  };
  tag.display = function (slot) {
    var box = document.getElementById(slot.getSlotElementId());
    box.textContent = 'Anúncio de teste ' + slot.path;
    box.style.background = '#fde68a';
    rendered.forEach(function (handler) { handler({ slot: slot, isEmpty: false }); });
  };
  tag.destroySlots = function () {};
  tag.cmd = { push: function (command) { command(); } };
  queued.forEach(function (command) { command(); });
})();`;

/** Whether the React application ran in the page: its entry fetched, or its root taken. */
const reactOnPage = (page: Page) =>
  page.evaluate(() => {
    const entry = document.documentElement.getAttribute('data-entry');
    const root = document.getElementById('root');
    const fetched = performance.getEntriesByType('resource').some((resource) => Boolean(entry) && resource.name.endsWith(entry ?? ''));
    return fetched || Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
  });

test('without the app, a new reader accepts on the banner and gets the beacons, consent mode and Google in the slot', async ({ page }) => {
  await page.route('**/api/analytics/ad-config', (route) => route.fulfill({ json: { networkCode: '21801234567' } }));
  await page.route(AD_TAG, (route) => route.fulfill({ contentType: 'text/javascript', body: FAKE_GPT }));
  const beacons: { kind: string; slot?: string; article_id?: string; type: string }[] = [];
  page.on('request', (request) => {
    if (new URL(request.url()).pathname === '/api/analytics/beacon') beacons.push({ ...request.postDataJSON(), type: request.resourceType() });
  });
  const viewCounted = page.waitForRequest((request) => request.method() === 'POST' && /\/api\/articles\/[^/]+\/view$/.test(request.url()));

  await page.goto(articlePath);
  const banner = page.getByRole('dialog', { name: 'Sua privacidade no Portal Plural' });
  await expect(banner).toBeVisible();
  await expect(page.locator('html')).toHaveAttribute('data-islands-ready', '');
  await viewCounted;
  await expect.poll(() => beacons.filter((beacon) => beacon.kind === 'view').map((beacon) => beacon.article_id)).toHaveLength(1);
  await expect.poll(() => beacons.filter((beacon) => beacon.kind === 'ad_request').map((beacon) => beacon.slot)).toContain('article_top');
  // House ads only: no choice yet.
  await expect(page.locator('[data-ad-slot="article_top"]').getByRole('link', { name: /Assine o Premium/ })).toBeVisible();

  // "Escolher" shows a switch per purpose; personalisation needs ads.
  await banner.getByRole('button', { name: 'Escolher' }).click();
  const preferences = page.getByRole('dialog', { name: 'Preferências de cookies' });
  await expect(preferences).toBeVisible();
  await expect(preferences.getByRole('heading', { name: 'Preferências de cookies' })).toBeFocused();
  const ads = preferences.getByRole('switch', { name: 'Anúncios do Google' });
  const personalization = preferences.getByRole('switch', { name: 'Publicidade personalizada' });
  await expect(ads).not.toBeChecked();
  await expect(personalization).toBeDisabled();
  await ads.check();
  await expect(personalization).toBeEnabled();

  const recorded = page.waitForResponse((response) => response.url().endsWith('/api/privacy/consents') && response.request().method() === 'POST');
  await preferences.getByRole('button', { name: 'Aceitar todos' }).click();
  const record = await recorded;
  expect(record.ok()).toBe(true);
  expect(record.request().postDataJSON()).toMatchObject({ ads: true, personalization: true, version: CONSENT_VERSION, source: 'banner' });
  expect(record.request().postDataJSON().visitor_id).toMatch(/^[0-9a-f-]{36}$/);
  await expect(page.getByRole('alert').filter({ hasText: 'Suas preferências de privacidade foram salvas.' })).toBeVisible();
  await expect(preferences).toBeHidden();

  // The next page load: Google's tag, told the choice first, fills the slots.
  await page.reload();
  await expect(page.locator('[data-ad-slot="article_top"]')).toHaveAttribute('data-filled', '');
  await expect(page.locator('#ad-article_top')).toContainText('Anúncio de teste /21801234567/article_top');
  const consentMode = await page.evaluate(() => (window.dataLayer ?? []).map((entry) => Array.from(entry as ArrayLike<unknown>)));
  expect(consentMode[0]).toEqual(['consent', 'default', { ad_storage: 'granted', ad_user_data: 'granted', ad_personalization: 'granted', analytics_storage: 'denied' }]);
  await expect(page.getByRole('dialog')).toHaveCount(0);
  expect(beacons.every((beacon) => beacon.type === 'ping')).toBe(true);
  expect(await reactOnPage(page)).toBe(false);

  // The privacy page's own button opens the preferences on the choice made; Esc gives the focus back.
  await page.goto('/privacidade');
  const button = page.getByRole('main').getByRole('button', { name: 'Preferências de cookies' });
  await button.click();
  await expect(preferences).toBeVisible();
  await expect(preferences.getByRole('switch', { name: 'Anúncios do Google' })).toBeChecked();
  await expect(preferences.getByRole('switch', { name: 'Publicidade personalizada' })).toBeChecked();
  await page.keyboard.press('Escape');
  await expect(preferences).toBeHidden();
  await expect(button).toBeFocused();
  expect(await reactOnPage(page)).toBe(false);
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
  await signedIn(page, account, '/settings');

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
