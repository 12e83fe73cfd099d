// The newsletter in a real browser, e-mails included (maildev): a reader signs up on the home and
// confirms from the confirmation e-mail's link; the master composes an edition with a chosen article
// and sends it; the reader's copy carries the one-click unsubscribe headers, a click on its article
// link shows in Envios' click rate, and the one-click unsubscribe moves the counters. The rules
// themselves (tokens, rate limit, suppression) are tested over HTTP in tests/integration.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter';
import { eventually } from '../support/api';
import { fullMailsTo, linksOf, type FullMail } from '../support/maildev';
import { expect, signedIn, test, toast, uniqueEmail } from './fixtures';
import { person, publishedArticle, type Staff } from './publishing';

const suffix = randomUUID().slice(0, 6);
const title = `Mutirão limpa as margens do rio Capibaribe ${suffix}`;
const subject = `O Recife desta semana ${suffix}`;
const reader = uniqueEmail('newsletter');
const mailApi = () => process.env.E2E_MAIL_API_URL ?? '';

let master: Staff;
let articlePath: string;

/** The one mail to the reader whose subject matches, once it has arrived. */
function mailTo(address: string, subjectText: string | RegExp): Promise<FullMail> {
  return eventually(async () => (await fullMailsTo(mailApi(), address)).find((mail) => (typeof subjectText === 'string' ? mail.subject === subjectText : subjectText.test(mail.subject))), 20_000);
}

/** A link of an e-mail (on the portal's SITE_URL) as an address of the runtime under test. */
const onPortal = (url: string) => {
  const parsed = new URL(url);
  return `${parsed.pathname}${parsed.search}`;
};

async function counter(page: Page, name: 'active' | 'sends' | 'unsubscribed' | 'pending'): Promise<number> {
  const text = await page.getByTestId(`counter-${name}`).textContent();
  return Number((text ?? '').replace(/\D/g, ''));
}

test.beforeAll(async () => {
  const author = await person('autornews', 'Nina Autora', ['author']);
  const editor = await person('editornews', 'Nelson Editor', ['editor']);
  master = await person('masternews', 'Márcia Master', ['master']);
  const article = await publishedArticle(author, editor, {
    title,
    slug: `mutirao-capibaribe-${suffix}`,
    summary: 'Voluntários recolheram duas toneladas de lixo em três quilômetros de margem.',
    content: '<p>O mutirão começou às 7h na Ponte da Boa Vista e reuniu moradores de oito bairros.</p>',
    city_code: '2611606',
    tags: ['meio ambiente'],
  });
  articlePath = `/${article.location_path}/${article.slug}`;
});

test('a reader signs up on the home and confirms from the e-mail', async ({ page }) => {
  // The cached home shows the new article (and the box between the news) once the purge has run.
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: title }).first()).toBeVisible({ timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  const box = page.getByRole('region', { name: 'Receba as principais notícias no seu e-mail' });
  await box.getByLabel('Seu e-mail').fill('sem-arroba');
  await box.getByRole('button', { name: 'Inscrever-se' }).click();
  await expect(box.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.email);
  await box.getByLabel('Seu e-mail').fill(reader);
  await box.getByRole('button', { name: 'Inscrever-se' }).click();
  await expect(box.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.signupSent);

  // The link is followed, but nothing happens until the button is pressed (mail scanners open links).
  const confirmation = await mailTo(reader, /Confirme/);
  const link = /https?:\/\/\S+\/newsletter\/confirmar\?token=[\w.-]+/.exec(confirmation.text)?.[0];
  expect(link, confirmation.text).toBeTruthy();
  await page.goto(onPortal(link ?? ''));
  await expect(page.getByRole('heading', { name: 'Confirme sua inscrição' })).toBeVisible();
  await page.getByRole('button', { name: 'Confirmar inscrição' }).click();
  await expect(page.getByRole('heading', { name: 'Tudo certo!' })).toBeVisible();
  await expect(page.getByText(NEWSLETTER_MESSAGES.confirmed)).toBeVisible();
});

test('the master sends an edition; a click counts and the one-click unsubscribe moves the counters', async ({ page }) => {
  await signedIn(page, master, '/newsletter');
  await expect(page.getByRole('cell', { name: reader, exact: true })).toBeVisible();
  await expect(page.getByRole('row').filter({ hasText: reader })).toContainText('Ativo');
  const active = await counter(page, 'active');
  const unsubscribed = await counter(page, 'unsubscribed');
  expect(active).toBeGreaterThanOrEqual(1);

  // Compose: the article chosen from the latest, the preview is the e-mail itself.
  await page.getByRole('link', { name: 'Nova edição' }).click();
  await expect(page).toHaveURL(/\/newsletter\/nova$/);
  await page.getByLabel('Assunto').fill(subject);
  await page.getByLabel('Introdução').fill('Um domingo de mutirão e boas notícias para o rio.');
  await page.getByRole('checkbox', { name: title }).check();
  const preview = page.frameLocator('iframe[title="Pré-visualização do e-mail"]');
  await expect(preview.getByText(title)).toBeVisible();
  await page.getByRole('button', { name: 'Enviar teste para mim' }).click();
  await expect(toast(page, NEWSLETTER_MESSAGES.testSent)).toBeVisible();
  await page.getByRole('button', { name: `Enviar para ${active} ${active === 1 ? 'inscrito' : 'inscritos'}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Enviar newsletter' });
  await expect(dialog).toContainText(`${active} ${active === 1 ? 'inscrito ativo' : 'inscritos ativos'}`);
  // A click while the modal is still opening can fall on nothing: click until the send is asked for
  // (once it is, the dialog closes, so a second send cannot happen).
  const sendNow = dialog.getByRole('button', { name: 'Enviar agora' });
  await expect(sendNow).toBeEnabled();
  await expect(async () => {
    if (await dialog.isHidden()) return;
    const asked = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/newsletter/sends'), { timeout: 3000 });
    await sendNow.click({ timeout: 3000 });
    await asked;
  }).toPass({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/newsletter\?tab=envios$/);
  const row = page.getByRole('row').filter({ hasText: subject });
  await expect(row).toContainText('Enviada', { timeout: 30_000 });

  // The reader's copy: RFC 8058's headers, and a tracked link to the article.
  const edition = await mailTo(reader, subject);
  expect(edition.headers['list-unsubscribe']).toMatch(/<https?:\/\/[^>]+\/api\/newsletter\/unsubscribe\?token=[^>]+>/);
  expect(edition.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
  const click = linksOf(edition.html).find((href) => href.includes('/api/newsletter/click') && decodeURIComponent(href).includes(articlePath.split('/').pop() ?? ''));
  expect(click, 'the edition links to the article through its click tracking').toBeTruthy();
  const followed = await page.request.get(onPortal(click ?? ''), { maxRedirects: 0 });
  expect(followed.status()).toBe(302);
  expect(followed.headers().location).toContain(articlePath.split('/').pop());
  await expect(async () => {
    await page.reload();
    await expect(row.getByRole('cell').nth(4)).not.toHaveText('0,0%', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });

  // One click in the mail client: a form post to the List-Unsubscribe address.
  const unsubscribeUrl = /<(https?:\/\/[^>]+)>/.exec(edition.headers['list-unsubscribe'] ?? '')?.[1] ?? '';
  const oneClick = await page.request.post(onPortal(unsubscribeUrl), {
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    data: 'List-Unsubscribe=One-Click',
  });
  expect(oneClick.status(), await oneClick.text()).toBe(200);
  await page.goto('/newsletter');
  await expect(page.getByTestId('counter-unsubscribed')).toHaveText(String(unsubscribed + 1));
  await expect(page.getByTestId('counter-active')).toHaveText(String(active - 1));
  await expect(page.getByRole('row').filter({ hasText: reader })).toContainText('Cancelado');
});

test('an anonymous reader subscribes at the end of an article, the island alone doing it', async ({ page }) => {
  const scripts: string[] = [];
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(articlePath);
  const appEntry = await page.evaluate(() => document.documentElement.getAttribute('data-entry'));
  const box = page.getByRole('region', { name: 'Receba as principais notícias no seu e-mail' });
  const field = box.getByLabel('Seu e-mail');
  await field.fill('leitora@exemplo');
  await box.getByRole('button', { name: 'Inscrever-se' }).click();
  await expect(box.getByRole('alert')).toHaveText(NEWSLETTER_MESSAGES.email);
  await expect(field).toHaveAttribute('aria-invalid', 'true');
  // Typing again clears the message.
  await field.fill('');
  await expect(box.getByRole('alert')).toHaveCount(0);

  const address = uniqueEmail('ilha');
  await field.fill(address);
  const asked = page.waitForRequest((request) => request.method() === 'POST' && request.url().endsWith('/api/newsletter/signup'));
  await box.getByRole('button', { name: 'Inscrever-se' }).click();
  const body = (await asked).postDataJSON() as Record<string, string>;
  expect(body).toMatchObject({ email: address, source: 'article', source_page: articlePath });
  expect(body.consent_version).toBeTruthy();
  await expect(box.getByRole('status')).toHaveText(NEWSLETTER_MESSAGES.signupSent);
  await expect(box.getByRole('textbox')).toHaveCount(0);
  await mailTo(address, /Confirme/);

  expect(scripts).not.toContain(new URL(appEntry ?? '', page.url()).pathname);
  expect(await page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((key) => key.startsWith('__reactContainer')))).toBe(false);
});
