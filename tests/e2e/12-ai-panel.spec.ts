// The editor's AI panel and the Monitor IA in the browser: the button waits for a title and a body,
// suggestions above 70% come checked and flow into the form (tags, primary city), a custom tag is
// added lower case, the article is created with them and the editor's judgements are stored; the
// text saved again is analyzed again by the pipeline and shows on /monitor (an author sent away from it:
// 15-admin's refusals).
import { randomUUID } from 'node:crypto';
import { PortalTable } from '../support/table';
import { expect, signedIn, test, toast } from './fixtures';
import { api, person, type Staff } from './publishing';

let editor: Staff;

test.beforeAll(async () => {
  editor = await person('editoria', 'Irene Editora', ['editor']);
});

test('the AI panel suggests tags and places, and what is approved is saved with the article', async ({ page }) => {
  await signedIn(page, editor, '/create');
  const analyze = page.getByRole('button', { name: 'Analisar com IA' });
  await expect(analyze).toBeDisabled();
  await expect(page.getByText('Preencha pelo menos o título e o conteúdo para análise.')).toBeVisible();

  await page.getByLabel('Título').fill('Prefeitura de Campinas amplia coleta seletiva de lixo');
  await page.getByLabel('Slug').fill(`coleta-campinas-${randomUUID().slice(0, 6)}`);
  await page.getByLabel('Resumo').fill('Programa de reciclagem chega a mais 20 bairros da cidade.');
  await page.locator('.ProseMirror').click();
  await page.keyboard.type(
    'A Prefeitura de Campinas anunciou nesta segunda-feira a ampliação da coleta seletiva de lixo para mais 20 bairros da cidade. ' +
      'Em Valinhos, a coleta seletiva já atende toda a cidade.',
  );
  await expect(analyze).toBeEnabled();
  await analyze.click();

  const panel = page.getByRole('region', { name: 'Assistente de IA' });
  const tags = panel.getByRole('region', { name: 'Tags sugeridas' });
  // The top suggestion is above 70%: checked, and already among the article's tags.
  const top = tags.getByRole('checkbox').first();
  await expect(top).toBeChecked();
  const topTag = ((await tags.locator('label').first().textContent()) ?? '').split(' · ')[0]!.trim();
  expect(topTag).not.toBe('');
  await expect(panel.getByRole('checkbox', { name: /Campinas \(SP\)/ })).toBeChecked();
  await expect(panel.getByRole('radio', { name: 'Campinas (SP) como principal' })).toBeChecked();
  await expect(page.getByTestId('public-url')).toHaveText(/^\/campinas-sp\//);

  await panel.getByLabel('Nova tag').fill('  Meio   Ambiente ');
  await panel.getByRole('button', { name: 'Adicionar' }).click();
  await expect(tags.getByText('meio ambiente', { exact: true })).toBeVisible();

  await page.getByRole('button', { name: 'Criar artigo' }).click();
  await expect(toast(page, 'Artigo criado com sucesso!')).toBeVisible();
  await expect(page).toHaveURL(/\/article\/[0-9a-f-]+\/edit$/);
  const articleId = /\/article\/([0-9a-f-]+)\/edit$/.exec(page.url())![1]!;

  // Saved with the article: the approved tags, the custom one, Campinas as the primary city, the analysis time.
  const saved = await api().request('GET', `/api/articles/${articleId}`, { token: editor.token });
  expect(saved.body).toMatchObject({ city_code: '3509502', location_path: 'campinas-sp' });
  expect(saved.body.tags).toEqual(expect.arrayContaining([topTag, 'meio ambiente']));
  expect(saved.body.ai_last_updated).toBeTruthy();
  // The editor's judgements were stored as training records.
  const table = new PortalTable(Number(process.env.E2E_DYNAMODB_PORT));
  await expect.poll(async () => (await table.item({ pk: `AITRAIN#${articleId}`, sk: `TAG#meio ambiente#${editor.id}` }))?.custom, { timeout: 10_000 }).toBe(true);

  // Saved again with another text: the pipeline analyzes it again, and the monitor shows it.
  await page.locator('.ProseMirror').click();
  await page.keyboard.press('Control+End');
  await page.keyboard.type(' A coleta passa a ser feita três vezes por semana.');
  await page.getByRole('button', { name: 'Salvar' }).click();
  await expect(toast(page, 'Artigo salvo com sucesso!')).toBeVisible();
  await page.goto('/monitor');
  await expect(page.getByRole('tab', { name: 'Monitor IA' })).toHaveAttribute('aria-selected', 'true');
  const successes = page.getByRole('region', { name: 'Sucessos recentes' });
  await expect(async () => {
    await page.reload();
    await expect(successes.getByRole('link', { name: 'Prefeitura de Campinas amplia coleta seletiva de lixo' })).toBeVisible({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByTestId('ai-success-rate')).toHaveText(/%$/);
  await expect(page.getByRole('button', { name: 'Reprocessar pendentes' })).toBeDisabled();
  await page.getByRole('tab', { name: 'Notificações' }).click();
});
