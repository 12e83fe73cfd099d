// Premium in a real browser, through the providers' sandboxes: a reader subscribes by card with
// Stripe, comes back to 'Bem-vindo ao Premium!', reads a premium article whole with no ads; another
// pays by PIX with Mercado Pago; a subscriber cancels in Stripe's portal and keeps access until the
// period ends (the sandbox's clock is moved, nobody waits a month); the master sees both in
// Assinaturas. The webhook and state-machine rules are tested over HTTP in tests/integration.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, signedIn, signIn, test, toast } from './fixtures';
import { person, publishedArticle, type Staff } from './publishing';

const suffix = randomUUID().slice(0, 6);
const MARKER = `Os bastidores da votação ${suffix}`;
let articlePath: string;

test.beforeAll(async () => {
  const author = await person('autorpag', 'Paula Autora', ['author']);
  const editor = await person('editorpag', 'Pedro Editor', ['editor']);
  const article = await publishedArticle(author, editor, {
    title: `Câmara aprova orçamento da saúde ${suffix}`,
    slug: `orcamento-saude-${suffix}`,
    summary: 'Os postos de saúde da capital terão 12% a mais no próximo ano.',
    content: `<p>A Câmara aprovou o orçamento nesta terça-feira.</p><p>${MARKER}: quem votou contra e por quê.</p>`,
    visibility: 'premium',
    tags: ['saúde'],
  });
  articlePath = `/article/${article.slug}`;
});

async function readsWhole(page: Page) {
  await page.goto(articlePath);
  await expect(page.getByText(MARKER)).toBeVisible();
  await expect(page.getByText('Este conteúdo é exclusivo para assinantes Premium')).toHaveCount(0);
  await expect(page.locator('.ad-slot')).toHaveCount(0);
}

/** `timeout` bounds the wait for the paywall: inside a retried block, a page loaded too early is loaded again. */
async function isGated(page: Page, timeout?: number) {
  await page.goto(articlePath);
  await expect(page.getByText('Este conteúdo é exclusivo para assinantes Premium')).toBeVisible({ timeout });
  await expect(page.getByText(MARKER)).toHaveCount(0);
}

async function welcomed(page: Page) {
  await expect(page).toHaveURL(/\/subscription-success/);
  await expect(page.getByRole('heading', { name: 'Bem-vindo ao Premium!' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/');
  await expect(page.getByRole('link', { name: 'Configurações' })).toHaveAttribute('href', '/settings');
}

let cardReader: Staff;
let pixReader: Staff;

test('a reader subscribes by card through Stripe, is welcomed, reads a premium article whole and sees no ads', async ({ page }) => {
  cardReader = await person('cartao', `Sofia Cartão ${suffix}`, []);
  // Signed out, subscribing asks for a sign-in first.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Assinar com cartão' }).click();
  await expect(toast(page, 'Você precisa estar logado para assinar.')).toBeVisible();
  await expect(page).toHaveURL(/\/auth$/);
  // The form it was sent to (the rest of the specs set their sessions through the API).
  await signIn(page, cardReader);
  await expect(page).toHaveURL(/\/$/);
  await isGated(page);
  await expect(page.locator('.ad-slot').first()).toBeVisible();
  // The pricing page's button acts once the app has hydrated and read the reader's subscription (a
  // click on the server's markup before that is lost on a loaded runner): the app's request says so.
  const subscriptionRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/subscription');
  await page.locator('.paywall').getByRole('link', { name: 'Assine o Premium' }).click();
  await expect(page).toHaveURL(/\/pricing$/);
  await subscriptionRead;
  await page.getByRole('button', { name: 'Assinar com cartão' }).click();
  // Stripe's hosted checkout (the sandbox's), then back to the portal.
  await expect(page).toHaveURL(/\/c\/pay\/cs_test_/);
  await expect(page.getByText('R$ 50,00')).toBeVisible();
  await page.getByRole('button', { name: 'Assinar', exact: true }).click();
  await welcomed(page);
  await readsWhole(page);
});

test('another reader is shown the PIX to pay, reopens it from /settings, and pays one month through Mercado Pago', async ({ page }) => {
  pixReader = await person('pix', `Paulo Pix ${suffix}`, []);
  // As with the card: the tabs act once the app has read the reader's subscription (a click on the
  // server's markup before that is lost on a loaded runner).
  const subscriptionRead = page.waitForResponse((response) => new URL(response.url()).pathname === '/api/subscription');
  await signedIn(page, pixReader, '/pricing');
  await subscriptionRead;
  await page.getByRole('tab', { name: /PIX, boleto/ }).click();
  await page.getByText('PIX', { exact: true }).click();
  await page.getByRole('button', { name: 'Assinar com PIX' }).click();
  await expect(page).toHaveURL(/\/checkout\/v1\/redirect\?pref_id=/);
  await page.getByRole('button', { name: 'Gerar código PIX' }).click();
  // Back on the portal: the PIX to pay, its QR Code and its code to copy (not just 'Processando').
  await expect(page).toHaveURL(/\/subscription-success/);
  await expect(page.getByRole('heading', { name: 'Pague o PIX para ativar o Premium' })).toBeVisible({ timeout: 20_000 });
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  await expect(page.getByText(/^000201.*br\.gov\.bcb\.pix/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Copiar código PIX' })).toBeVisible();
  // Until paid, /settings keeps it, with the provider's page.
  await page.goto('/settings');
  await expect(page.getByText('Aguardando pagamento')).toBeVisible();
  const ticket = page.getByRole('link', { name: 'Abrir no Mercado Pago' });
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toBeVisible();
  // The reader pays in their bank's app (the sandbox's ticket page simulates it).
  await page.goto((await ticket.getAttribute('href'))!);
  await page.getByRole('button', { name: 'Simular pagamento PIX' }).click();
  await expect(page.getByText('Pagamento aprovado.')).toBeVisible();
  // The provider's notification activates it within seconds: the page shows it once loaded after that.
  await expect(async () => {
    await page.goto('/settings');
    await expect(page.getByText('Ativa', { exact: true })).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 30_000 });
  await expect(page.getByText('Mercado Pago · PIX')).toBeVisible();
  await expect(page.getByRole('img', { name: 'QR Code do PIX' })).toHaveCount(0);
  await readsWhole(page);
});

test('a subscriber cancels in Stripe’s portal and keeps access until the period ends', async ({ page }) => {
  await signedIn(page, cardReader, '/settings');
  await page.getByRole('button', { name: 'Gerenciar assinatura' }).click();
  await expect(page).toHaveURL(/\/p\/session\/bps_/);
  await page.getByRole('button', { name: 'Cancelar assinatura' }).click();
  await page.getByRole('link', { name: 'Voltar ao Portal Plural' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  // Stripe's webhook may land after the page has read the subscription: then a reload shows it.
  await expect(async () => {
    if (!(await page.getByText(/Termina em/).isVisible())) await page.reload();
    await expect(page.getByText(/Termina em/)).toBeVisible({ timeout: 3000 });
  }).toPass({ timeout: 20_000 });
  await readsWhole(page);
  // A month later, in the sandbox: Stripe ends the subscription, and access with it.
  const advanced = await fetch(`${process.env.E2E_STRIPE_URL}/_sandbox/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ days: 32 }),
  });
  expect(advanced.status).toBe(200);
  await expect(async () => {
    await isGated(page, 3000);
  }).toPass({ timeout: 20_000 });
});

test('the master sees both subscriptions in Assinaturas', async ({ page }) => {
  const master = await person('masterpag', `Marta Master ${suffix}`, ['master']);
  await signedIn(page, master, '/admin?tab=assinaturas');
  const card = page.getByRole('row').filter({ hasText: cardReader.fullName });
  await expect(card).toContainText('Stripe');
  await expect(card).toContainText('Cancelada');
  const pix = page.getByRole('row').filter({ hasText: pixReader.fullName });
  await expect(pix).toContainText('Mercado Pago');
  await expect(pix).toContainText('PIX');
  await expect(pix).toContainText('Ativa');
  await expect(page.getByText('Receita estimada')).toBeVisible();
  await expect(page.getByText('estimativa: R$ 29,90 por assinatura ativa')).toBeVisible();
});
