// Notifications and live updates in the browser, under the production CSP: the author's bell counts a
// publication pushed over the WebSocket (with the 'Nova notificação' toast), lists it in its popover,
// marks all read and archives; a review's notification opens the article's reviews; a signed-out visitor
// loads neither the bell nor a socket. An editor's comment reaching the author's open editor without a
// reload: 13-newsroom-tools ("see each other's internal comments").
import type { Page } from '@playwright/test';
import { expect, expectSignedIn, header, signedIn, test, toast } from './fixtures';
import { api, person, type Staff } from './publishing';

const article = (title: string) => ({
  title,
  slug: `e2e-notif-${Date.now()}`,
  summary: 'Resumo da matéria sobre a notificação ao vivo.',
  content: `<p>${'Texto da matéria para o teste de notificações. '.repeat(3)}</p>`,
  tags: [],
});

async function draft(author: Staff, title: string): Promise<{ id: string; version: number }> {
  const created = await api().request('POST', '/api/articles', { token: author.token, body: article(title) });
  expect(created.status, created.text).toBe(201);
  return created.body as unknown as { id: string; version: number };
}

async function signInAs(page: Page, who: Staff) {
  await signedIn(page, who);
  await expectSignedIn(page);
}

const bell = (page: Page) => header(page).getByRole('button', { name: /^Notificações/ });

test('the author sees a publication arrive live, then reads and archives it', async ({ page }) => {
  const [author, editor] = await Promise.all([person('autora-sino', 'Sara Sino', ['author']), person('editor-sino', 'Edu Sino', ['editor'])]);
  const title = 'Escola municipal inaugura laboratório de robótica';
  const { id, version } = await draft(author, title);
  await signInAs(page, author);
  await expect(bell(page)).toHaveAccessibleName('Notificações');
  // Published by the editor while the author's tab is open: the notification is pushed to it.
  const published = await api().request('PUT', `/api/articles/${id}`, { token: editor.token, body: { status: 'published', base_version: version } });
  expect(published.status, published.text).toBe(200);
  const message = `Seu artigo “${title}” foi publicado.`;
  await expect(toast(page, 'Nova notificação').filter({ hasText: message })).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName(/Notificações: [12] não lidas?/);

  await bell(page).click();
  const list = page.getByRole('list', { name: 'Notificações' });
  // The panel is a lazy chunk fetched on this first click, then its list: on a loaded machine that
  // can take longer than the default wait.
  await expect(list.getByRole('link', { name: message })).toBeVisible({ timeout: 30_000 });
  await page.getByRole('button', { name: 'Marcar todas como lidas' }).click();
  await expect(toast(page, 'Todas as notificações foram marcadas como lidas.')).toBeVisible();
  await expect(bell(page)).toHaveAccessibleName('Notificações');

  const item = list.getByRole('listitem').filter({ hasText: message });
  await item.getByRole('button', { name: 'Arquivar' }).click();
  await expect(list.getByRole('link', { name: message })).toHaveCount(0);
  await page.reload();
  await bell(page).click();
  await expect(page.getByRole('link', { name: message })).toHaveCount(0);
});

test("the author reads an editor's review from its notification, read-only, newest first", async ({ page }) => {
  const [author, editor] = await Promise.all([person('autora-review', 'Rita Review', ['author']), person('editor-review', 'Elias Review', ['editor'])]);
  const title = 'Câmara aprova novo plano de mobilidade urbana';
  const { id } = await draft(author, title);
  const review = (body: Record<string, string>) => api().request('POST', `/api/articles/${id}/reviews`, { token: editor.token, body });
  expect((await review({ status: 'rejected', comment: 'Primeira leitura: falta tudo.' })).status).toBe(201);
  const asked = 'Troque o título e confirme os números com a prefeitura.';
  expect((await review({ status: 'changes_requested', comment: asked })).status).toBe(201);
  await signInAs(page, author);
  await bell(page).click();
  const message = `Nova review em “${title}”: Alterações solicitadas`;
  await page.getByRole('list', { name: 'Notificações' }).getByRole('link', { name: message }).click({ timeout: 30_000 });
  await expect(page).toHaveURL(new RegExp(`/article/${id}/edit#reviews$`));
  const section = page.getByRole('region', { name: 'Reviews' });
  await expect(section).toBeInViewport();
  const items = section.getByRole('list', { name: 'Reviews do artigo' }).getByRole('listitem');
  await expect(items).toHaveCount(2);
  await expect(items.first()).toContainText(asked);
  await expect(items.first()).toContainText('Alterações solicitadas');
  await expect(items.first()).toContainText('Elias Review');
  await expect(items.nth(1)).toContainText('Primeira leitura: falta tudo.');
  // Read-only: the author cannot review their own article.
  await expect(page.getByRole('button', { name: 'Enviar review' })).toHaveCount(0);
  await expect(page.getByRole('region', { name: 'Revisão editorial' })).toHaveCount(0);
});

test('a signed-out visitor loads neither the bell nor a live connection', async ({ page }) => {
  const sockets: string[] = [];
  const scripts: string[] = [];
  page.on('websocket', (socket) => sockets.push(socket.url()));
  page.on('request', (request) => {
    if (request.resourceType() === 'script') scripts.push(request.url());
  });
  await page.goto('/');
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  // Signed out is decided (the Login link); once nothing more is loading, no socket or live code came.
  await page.waitForLoadState('networkidle');
  expect(sockets).toEqual([]);
  expect(scripts.filter((url) => /NotificationBell|useLive/.test(url))).toEqual([]);
  await expect(bell(page)).toHaveCount(0);
});
