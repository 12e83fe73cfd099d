// Analytics in a real browser: anonymous readers' page views (sent as the pages send them, text/plain
// beacons) reach the master's Analytics tab as site-wide figures, a chart and the most read articles
// and authors; an author's dashboard shows only their own articles' figures; /analytics-settings is
// the master's alone, checks the key's shape in the browser, stores a key (shown only by its
// client_email) and reports Google's refusal of it. The figures themselves are tested over HTTP in
// tests/integration/analytics.test.ts.
import { generateKeyPairSync, randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { ANALYTICS_SETTINGS_MESSAGES as MESSAGES } from '../../shared/analytics';
import { eventually } from '../support/api';
import { expect, signedIn, test, toast } from './fixtures';
import { api, person, publishedArticle, type Staff } from './publishing';

const suffix = randomUUID().slice(0, 6);
const titleA = `Feira de ciências reúne 40 escolas no Ibirapuera ${suffix}`;
const titleB = `Ciclovia da orla ganha iluminação nova ${suffix}`;
const CHROME = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const today = new Date().toISOString().slice(0, 10);

let master: Staff;
let ana: Staff;
let bruno: Staff;

interface Published {
  id: string;
  path: string;
}

/** One reader's visit: a view and its exit per article, as the page's script sends them. */
async function visit(visitor: string, articles: Published[]) {
  for (const article of articles) {
    const page_view_id = randomUUID();
    for (const beacon of [
      { kind: 'view', page_view_id, path: article.path, article_id: article.id, referrer_host: 'www.google.com' },
      { kind: 'exit', page_view_id, path: article.path, article_id: article.id, seconds_on_page: 95, scroll_depth: 80 },
    ]) {
      const response = await fetch(`${process.env.E2E_BASE_URL}/api/analytics/beacon`, {
        method: 'POST',
        headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': `${CHROME} leitor-${suffix}-${visitor}` },
        body: JSON.stringify(beacon),
      });
      expect(response.status).toBe(204);
    }
  }
}

async function pageViews(userId: string): Promise<number> {
  const response = await api().request('GET', `/api/analytics-data?startDate=${today}&endDate=${today}&userId=${userId}`, { token: master.token });
  expect(response.status, response.text).toBe(200);
  return Number(response.body.totalPageViews);
}

async function botsDiscarded(): Promise<number> {
  const response = await api().request('GET', `/api/analytics-data?startDate=${today}&endDate=${today}`, { token: master.token });
  expect(response.status, response.text).toBe(200);
  return Number((response.body as { discarded?: { bots: number } }).discarded?.bots ?? 0);
}

const stat = (page: Page, name: string) => page.getByTestId(`stat-${name}`).locator('[data-value]');

/** A service account's key file in Google's format, with a real RSA key no Google knows. */
function keyFile(tokenUri: string) {
  const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  return JSON.stringify({
    type: 'service_account',
    project_id: 'portal-e2e',
    private_key_id: randomUUID().replace(/-/g, ''),
    private_key: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    client_email: `painel-${suffix}@portal-e2e.iam.gserviceaccount.com`,
    client_id: '100000000000000000000',
    token_uri: tokenUri,
  });
}

test.beforeAll(async () => {
  ana = await person('anametrica', `Ana Métrica ${suffix}`, ['author']);
  bruno = await person('brunometrica', `Bruno Métrica ${suffix}`, ['author']);
  const editor = await person('editormetrica', 'Elisa Editora', ['editor']);
  master = await person('mastermetrica', 'Marta Master', ['master']);
  const publish = async (author: Staff, title: string, slug: string): Promise<Published> => {
    const article = await publishedArticle(author, editor, {
      title,
      slug: `${slug}-${suffix}`,
      summary: 'Resumo da matéria para medir a audiência no painel.',
      content: '<p>Estudantes de escolas públicas e particulares apresentaram projetos de robótica, química e astronomia.</p>',
      city_code: '3550308',
      tags: ['educação'],
    });
    return { id: article.id, path: article.location_path ? `/${article.location_path}/${article.slug}` : `/article/${article.slug}` };
  };
  const articleA = await publish(ana, titleA, 'feira-de-ciencias');
  const articleB = await publish(bruno, titleB, 'ciclovia-da-orla');
  // Ana: five views by three readers (two read twice); Bruno: three views by two readers.
  await Promise.all([visit('1', [articleA, articleA]), visit('2', [articleA]), visit('3', [articleA, articleA]), visit('4', [articleB]), visit('5', [articleB, articleB])]);
  // A crawler's view: answered alike, discarded, and shown to the master as such.
  const crawled = await fetch(`${process.env.E2E_BASE_URL}/api/analytics/beacon`, {
    method: 'POST',
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)' },
    body: JSON.stringify({ kind: 'view', page_view_id: randomUUID(), path: articleA.path, article_id: articleA.id }),
  });
  expect(crawled.status).toBe(204);
  // The beacons go through a queue: wait for its worker to fold them in.
  await eventually(async () => ((await pageViews(ana.id)) === 5 && (await pageViews(bruno.id)) === 3 && (await botsDiscarded()) > 0 ? true : undefined), 30_000);
});

test('the master sees the site on the Analytics tab, and one author when picked; then checks, stores and tests a service-account key', async ({ page }) => {
  await signedIn(page, master, '/admin?tab=analytics');
  const overview = page.getByTestId('analytics-overview');
  await expect(overview.getByTestId('analytics-scope')).toContainText('Todo o portal');
  await expect(overview.getByRole('region', { name: 'Audiência' })).toBeVisible();
  expect(Number((await stat(page, 'views').textContent())?.replace(/\D/g, ''))).toBeGreaterThanOrEqual(8);
  // The daily chart is drawn, and the lists name the articles (linking to them) and their authors.
  await expect(overview.getByRole('figure', { name: 'Gráfico diário' }).locator('svg.recharts-surface').first()).toBeVisible();
  const articles = overview.getByRole('region', { name: 'Artigos mais vistos' });
  await expect(articles.getByRole('link', { name: titleA })).toHaveAttribute('href', /\/article\/feira-de-ciencias-/);
  await expect(articles.getByRole('link', { name: titleB })).toBeVisible();
  const authors = overview.getByRole('region', { name: 'Autores mais lidos' });
  await expect(authors.getByRole('row').filter({ hasText: ana.fullName }).getByRole('cell').nth(2)).toHaveText('5');
  await expect(authors.getByRole('row').filter({ hasText: bruno.fullName }).getByRole('cell').nth(2)).toHaveText('3');
  await expect(overview.getByText('Fonte: medição própria').first()).toBeVisible();
  // The audience filter made visible: what it discarded, and why.
  await expect(overview.getByTestId('analytics-discarded')).toContainText(/^Filtro de audiência: [\d.]+ sina(l|is) descartados? no período \(.*de robôs e automação/);
  // Revenue is unknown without Ad Manager: never R$ 0,00.
  await expect(stat(page, 'revenue')).toHaveText('Indisponível');

  // One author's figures, picked from the staff.
  await overview.getByRole('textbox', { name: 'Ver números de' }).click();
  await page.getByRole('option', { name: bruno.fullName }).click();
  await expect(overview.getByTestId('analytics-scope')).toContainText(`Artigos de ${bruno.fullName}`);
  await expect(stat(page, 'views')).toHaveText('3');
  // The filter's line is the site's.
  await expect(overview.getByTestId('analytics-discarded')).toHaveCount(0);
  await expect(stat(page, 'users')).toHaveText('2');
  await expect(articles.getByRole('link', { name: titleA })).toHaveCount(0);

  await page.getByRole('link', { name: 'Configurações de Analytics' }).click();
  await expect(page).toHaveURL(/\/analytics-settings$/);
  await expect(page.getByRole('heading', { name: 'Configurações de Analytics' })).toBeVisible();

  // The settings: the key's shape checked in the browser, the key stored, and Google's refusal told.
  const key = page.getByLabel('Chave da conta de serviço (JSON)');
  const property = page.getByLabel('ID da propriedade (Google Analytics 4)');
  const save = page.getByRole('button', { name: 'Salvar configurações' });
  await expect(key).toHaveValue('');

  await property.fill('');
  await save.click();
  await expect(toast(page, MESSAGES.required)).toBeVisible();

  await key.fill('{ "client_email": "painel@exemplo.com", ');
  await property.fill('412345678');
  await save.click();
  await expect(page.getByText(MESSAGES.invalidJson)).toBeVisible();

  await key.fill('{ "client_email": "painel@exemplo.com" }');
  await save.click();
  await expect(page.getByText(MESSAGES.invalidKey)).toBeVisible();

  // A key no Google knows, whose token is asked of the runtime's Google stand-in (gateway port + 15).
  const gatewayPort = Number(new URL(process.env.E2E_BASE_URL ?? '').port);
  await key.fill(keyFile(`http://127.0.0.1:${gatewayPort + 15}/token`));
  await save.click();
  await expect(toast(page, MESSAGES.saved)).toBeVisible();
  await expect(page.getByText('As credenciais foram armazenadas no servidor. Teste a conexão para confirmar que funcionam.').first()).toBeVisible();
  const connection = page.getByTestId('analytics-connection');
  await expect(connection).toContainText(`Chave armazenada: painel-${suffix}@portal-e2e.iam.gserviceaccount.com`);
  // The key never comes back: the field is empty, and leaving it so keeps the stored one.
  await expect(key).toHaveValue('');
  await page.reload();
  await expect(page.getByTestId('analytics-connection')).toContainText(`painel-${suffix}@portal-e2e.iam.gserviceaccount.com`);
  await expect(page.getByLabel('Chave da conta de serviço (JSON)')).toHaveValue('');
  await expect(page.getByLabel('ID da propriedade (Google Analytics 4)')).toHaveValue('412345678');

  // Testing the stored key: Google refuses an account it does not know.
  await page.getByRole('button', { name: 'Testar Conexão' }).click();
  await expect(toast(page, MESSAGES.testFailed)).toBeVisible();
  await expect(page.getByTestId('analytics-test-result')).toHaveCount(0);

  // The server's own bound on the property id is told in Portuguese, not in zod's English.
  await page.getByLabel('ID da propriedade (Google Analytics 4)').fill('1'.repeat(65));
  await save.click();
  await expect(page.getByText('Longo demais: no máximo 64 caracteres.')).toBeVisible();
  await expect(page.getByText(/Too big|expected/)).toHaveCount(0);
});

test("an author's dashboard shows only their own articles' figures", async ({ page }) => {
  await signedIn(page, ana, '/dashboard');
  const overview = page.getByTestId('analytics-overview');
  await expect(overview.getByTestId('analytics-scope')).toContainText('Seus artigos');
  await expect(stat(page, 'views')).toHaveText('5');
  await expect(stat(page, 'users')).toHaveText('3');
  await expect(stat(page, 'sessions')).toHaveText('3');
  // One of the three sessions saw a single page.
  await expect(stat(page, 'bounce')).toHaveText(/^33,3\d%$/);
  await expect(stat(page, 'duration')).toHaveText(/^\d+ min \d+ s$|^\d+ s$/);
  const articles = overview.getByRole('region', { name: 'Artigos mais vistos' });
  await expect(articles.getByRole('link', { name: titleA })).toBeVisible();
  await expect(articles.getByRole('link', { name: titleB })).toHaveCount(0);
  // No picker, no site, no settings for an author.
  await expect(overview.getByRole('textbox', { name: 'Ver números de' })).toHaveCount(0);
  await expect(overview.getByRole('region', { name: 'Autores mais lidos' })).toHaveCount(0);

  await page.goto('/analytics-settings');
  await expect(page.getByRole('heading', { name: MESSAGES.denied })).toBeVisible();
  await expect(page.getByLabel('Chave da conta de serviço (JSON)')).toHaveCount(0);
});
