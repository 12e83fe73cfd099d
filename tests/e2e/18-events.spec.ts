// Spec 2 ("Events"), 5 ("Event (create and edit)"), 6: an author creates a published event with a
// cover through the form; it shows on its page, on /events and under its city; the master deletes
// another one after confirming. The rules behind each step are tested over HTTP in tests/integration.
import { randomUUID } from 'node:crypto';
import { PNG } from 'pngjs';
import { fromBrasiliaInput, toBrasiliaInput } from '../../shared/event-rules';
import { expect, header, signedIn, test, toast } from './fixtures';
import { api, person, publishedArticle } from './publishing';

/** A small real PNG, as a photographer's file would be. */
function coverFile() {
  const image = new PNG({ width: 320, height: 180 });
  image.data.fill(160);
  return { name: 'cartaz.png', mimeType: 'image/png', buffer: PNG.sync.write(image) };
}

/** A datetime-local value `days` from now at `time`, in Brasília. */
const inDays = (days: number, time: string) => `${toBrasiliaInput(new Date(Date.now() + days * 86_400_000).toISOString()).slice(0, 10)}T${time}`;

const GARANHUNS = { code: '2606002', path: 'garanhuns-pe', label: 'Garanhuns (PE)' };

test('an author creates an event with a cover, seen on /events and under its city; the master deletes another, after confirming', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6);
  const author = await person('autora', `Alice Agenda ${suffix}`, ['author']);
  const editor = await person('editor', `Enzo Editor ${suffix}`, ['editor']);
  const master = await person('master', `Mila Master ${suffix}`, ['master']);
  // Garanhuns is among the city options: it has a published article.
  await publishedArticle(author, editor, {
    title: `Festival de Inverno de Garanhuns anuncia atrações ${suffix}`,
    slug: `festival-inverno-garanhuns-${suffix}`,
    summary: 'A programação ocupa praças e teatros da cidade em julho.',
    content: '<p>O Festival de Inverno de Garanhuns divulgou nesta semana a programação completa, com shows gratuitos nas praças.</p>',
    city_code: GARANHUNS.code,
  });
  const title = `Noite de forró no Parque Euclides Dourado ${suffix}`;

  await signedIn(page, author, '/events');
  await expect(page.getByRole('heading', { level: 1, name: 'Eventos' })).toBeVisible();
  await page.getByRole('link', { name: 'Criar Evento' }).click();
  await expect(page).toHaveURL(/\/events\/create$/);

  await page.getByLabel('Título').fill(title);
  const description = page.getByRole('textbox', { name: 'Descrição' });
  await description.click();
  await description.pressSequentially('Trios de forró pé de serra tocam a noite inteira no parque.');
  // On create the pickers start at this minute: no past day can be chosen.
  const start = page.getByLabel('Data e hora de início');
  await expect(start).toHaveAttribute('min', /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
  await start.fill(inDays(5, '20:00'));
  await page.getByLabel('Data e hora de término').fill(inDays(5, '23:30'));
  await page.getByLabel('Local').fill('Parque Euclides Dourado, Heliópolis');
  const city = page.getByRole('textbox', { name: 'Cidade' });
  await city.click();
  await city.fill('Garan');
  await page.getByRole('option', { name: GARANHUNS.label }).click();
  // The cover goes through the articles' upload path: a presigned PUT, then the API's check.
  await page.locator('input[type="file"]').setInputFiles(coverFile());
  await expect(page.getByLabel('URL da imagem de capa')).toHaveValue(/^\/media\/[\w-]+\/\d+\.png$/);
  await page.getByText('Publicado', { exact: true }).click();
  await expect(page.getByRole('radio', { name: 'Publicado' })).toBeChecked();
  await page.getByRole('button', { name: 'Criar evento' }).click();

  await expect(toast(page, 'Evento criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/events\/[0-9a-f-]{36}$/);
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page.getByText(/, das 20h00 às 23h30$/)).toBeVisible();
  const cover = page.locator('article img[src^="/media/"]');
  await expect(cover).toBeVisible();
  // Loaded, not just laid out: the WebP variant the browser picks may still be on its way.
  await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
  await expect(page.getByRole('link', { name: 'Adicionar à agenda' })).toHaveAttribute('href', /^\/api\/events\/[0-9a-f-]{36}\/calendar$/);
  await expect(page.getByRole('link', { name: 'Editar' })).toBeVisible();
  // Only masters delete.
  await expect(page.getByRole('button', { name: 'Excluir' })).toHaveCount(0);

  // Under its city: the page's city link opens the agenda filtered by it.
  await page.getByRole('link', { name: GARANHUNS.label }).click();
  await expect(page).toHaveURL(new RegExp(`/events\\?city=${GARANHUNS.path}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Eventos em ${GARANHUNS.label}` })).toBeVisible();
  await expect(page.getByText('Mostrando eventos de:')).toBeVisible();
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // And on the whole agenda.
  await header(page).getByRole('link', { name: 'Eventos' }).click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();

  // Another event, made through the API; the master deletes it from its page.
  const doomedTitle = `Ensaio aberto da banda municipal ${suffix}`;
  const created = await api().request('POST', '/api/events', {
    token: author.token,
    body: {
      title: doomedTitle,
      description: '<p>A banda municipal ensaia com as portas abertas ao público.</p>',
      event_date: fromBrasiliaInput(inDays(6, '18:00')),
      location: 'Coreto da Praça Guadalajara',
      city: GARANHUNS.path,
      status: 'published',
    },
  });
  expect(created.status, created.text).toBe(201);

  await signedIn(page, master, `/events/${String(created.body.id)}`);
  await expect(page.getByRole('heading', { level: 1, name: doomedTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  const dialog = page.getByRole('dialog', { name: 'Excluir evento' });
  await expect(dialog).toContainText(doomedTitle);
  // Cancelling keeps it.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(page.getByRole('heading', { level: 1, name: doomedTitle })).toBeVisible();
  await page.getByRole('button', { name: 'Excluir' }).click();
  await page.getByRole('dialog', { name: 'Excluir evento' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Evento excluído com sucesso')).toBeVisible();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.getByRole('link', { name: title })).toBeVisible();
  await expect(page.getByRole('link', { name: doomedTitle })).toHaveCount(0);
  expect((await api().request('GET', `/api/events/${String(created.body.id)}`, { token: master.token })).status).toBe(404);
});

test('a draft event opens directly (a reload) for its organizer and the master, not indexed; anyone else gets the 404', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6);
  const [author, editor, master, other] = await Promise.all([
    person('autora-rascunho', `Rosa Rascunho ${suffix}`, ['author']),
    person('editor-rascunho', `Enio Rascunho ${suffix}`, ['editor']),
    person('master-rascunho', `Maya Rascunho ${suffix}`, ['master']),
    person('outra-autora', `Olga Outra ${suffix}`, ['author']),
  ]);
  await publishedArticle(author, editor, {
    title: `Garanhuns prepara a festa de São João ${suffix}`,
    slug: `sao-joao-garanhuns-${suffix}`,
    summary: 'A prefeitura fecha a programação da festa.',
    content: '<p>A prefeitura de Garanhuns fechou nesta semana a programação da festa de São João na cidade.</p>',
    city_code: GARANHUNS.code,
  });
  const title = `Quadrilha junina no Parque do Pau Pombo ${suffix}`;
  const created = await api().request('POST', '/api/events', {
    token: author.token,
    body: {
      title,
      description: '<p>Ensaio geral das quadrilhas juninas, ainda sem data confirmada.</p>',
      event_date: fromBrasiliaInput(inDays(9, '19:00')),
      location: 'Parque do Pau Pombo',
      city: GARANHUNS.path,
      status: 'draft',
    },
  });
  expect(created.status, created.text).toBe(201);
  const path = `/events/${String(created.body.id)}`;
  const notFound = page.getByRole('heading', { name: 'Página não encontrada' });

  // Signed out: the 404 the server rendered.
  await page.goto(path);
  await expect(notFound).toBeVisible();

  for (const who of [author, master]) {
    await signedIn(page, who, path);
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
    await expect(page.getByText('Visível apenas para o organizador, editores e masters.')).toBeVisible();
    await expect(page.locator('meta[name="robots"][content="noindex"]')).not.toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  }

  await signedIn(page, other, path);
  await expect(notFound).toBeVisible();
  await expect(page.getByRole('heading', { level: 1, name: title })).toHaveCount(0);
});
