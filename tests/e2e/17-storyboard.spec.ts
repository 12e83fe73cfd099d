// Pautas in a real browser: an author adds a pauta, gives it to an editor, moves it to Em Progresso
// and Concluídas while the tabs' counts follow, and opens a draft article from it. The rules behind each
// step are tested over HTTP in tests/integration/storyboard.test.ts; a reader's header without 'Pautas' in
// tests/unit/header-nav.test.ts, and a reader sent home from /storyboard in 15-admin's refusals.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { expect, header, signedIn, test, toast } from './fixtures';
import { person } from './publishing';

type Tab = 'all' | 'idea' | 'assigned' | 'in_progress' | 'completed';
const TABS: Tab[] = ['all', 'idea', 'assigned', 'in_progress', 'completed'];

async function counts(page: Page): Promise<Record<Tab, number>> {
  const values = await Promise.all(TABS.map(async (tab) => Number((await page.getByTestId(`count-${tab}`).textContent())?.replace(/\D/g, ''))));
  return Object.fromEntries(TABS.map((tab, index) => [tab, values[index]])) as Record<Tab, number>;
}

/** Waits until every tab's count moved from `before` by `delta` (others unchanged). */
async function expectCounts(page: Page, before: Record<Tab, number>, delta: Partial<Record<Tab, number>>) {
  const expected = Object.fromEntries(TABS.map((tab) => [tab, before[tab] + (delta[tab] ?? 0)]));
  await expect.poll(() => counts(page)).toEqual(expected);
}

async function choose(page: Page, field: ReturnType<Page['getByRole']>, option: string | RegExp) {
  await field.click();
  await page.getByRole('option', { name: option }).click();
}

test('an author adds a pauta, assigns it, moves it to Em Progresso and Concluídas, and writes a draft from it', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6);
  const author = await person('autora-pautas', `Alice Pauteira ${suffix}`, ['author']);
  const editor = await person('editor-pautas', `Ênio Editor ${suffix}`, ['editor']);
  const title = `Enchentes na zona norte ${suffix}`;

  await signedIn(page, author);
  await header(page).getByRole('link', { name: 'Pautas' }).first().click();
  await expect(page).toHaveURL(/\/storyboard$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Pautas' })).toBeVisible();
  await expect(page.getByTestId('count-all')).toBeVisible();
  const before = await counts(page);

  // The dialog: title and description required, the rest optional.
  await page.getByRole('button', { name: 'Nova pauta' }).first().click();
  const dialog = page.getByRole('dialog', { name: 'Nova pauta' });
  await dialog.getByRole('button', { name: 'Criar pauta' }).click();
  await expect(dialog.getByText('Título é obrigatório')).toBeVisible();
  await dialog.getByLabel('Título').fill(title);
  await dialog.getByLabel('Descrição').fill('Ouvir moradores e a Defesa Civil sobre os pontos de alagamento.');
  await choose(page, dialog.getByRole('textbox', { name: 'Prioridade' }), 'Alta');
  await dialog.getByLabel('Tags').fill(' chuva ,  bairro,,');
  // A deadline already past: the card stands out.
  await dialog.getByLabel('Prazo').fill('2024-03-10');
  await dialog.getByLabel('Cidade').fill('Campinas');
  await page.getByRole('option', { name: /^Campinas \(SP\)/ }).click();
  await dialog.getByRole('button', { name: 'Criar pauta' }).click();
  await expect(toast(page, 'Pauta criada')).toBeVisible();
  await expect(dialog).toBeHidden();

  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card.getByText('Alta')).toBeVisible();
  await expect(card.getByText('chuva', { exact: true })).toBeVisible();
  await expect(card.getByText('bairro', { exact: true })).toBeVisible();
  await expect(card.getByText('Campinas (SP)')).toBeVisible();
  await expect(card.getByText('Atrasada')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Status' })).toHaveValue('Ideia');
  await expectCounts(page, before, { all: 1, idea: 1 });

  // Given to the editor: it becomes Atribuída.
  await choose(page, card.getByRole('textbox', { name: 'Responsável' }), new RegExp(editor.fullName));
  await expect(toast(page, 'Responsável atualizado')).toBeVisible();
  await expect(card.getByRole('textbox', { name: 'Status' })).toHaveValue('Atribuída');
  await expectCounts(page, before, { all: 1, assigned: 1 });

  await choose(page, card.getByRole('textbox', { name: 'Status' }), 'Em Progresso');
  await expect(toast(page, 'Status atualizado').first()).toBeVisible();
  await expectCounts(page, before, { all: 1, in_progress: 1 });

  await page.getByRole('tab', { name: /^Em Progresso/ }).click();
  await expect(page).toHaveURL(/\?tab=in_progress$/);
  const inProgress = page.getByRole('article', { name: title });
  await expect(inProgress).toBeVisible();
  await choose(page, inProgress.getByRole('textbox', { name: 'Status' }), 'Concluída');
  await expectCounts(page, before, { all: 1, completed: 1 });
  // It leaves the tab of what is in progress.
  await expect(page.getByRole('article', { name: title })).toHaveCount(0);

  await page.getByRole('tab', { name: /^Concluídas/ }).click();
  const done = page.getByRole('article', { name: title });
  await expect(done.getByRole('textbox', { name: 'Status' })).toHaveValue('Concluída');
  // Finished pautas are never late.
  await expect(done.getByText('Atrasada')).toHaveCount(0);

  // A draft from the pauta: /create starts from its title, city and tags, and the pauta keeps the draft.
  await done.getByRole('button', { name: 'Criar rascunho' }).click();
  await expect(page).toHaveURL(/\/create$/);
  await expect(page.getByText(`A partir da pauta “${title}”.`)).toBeVisible();
  await expect(page.getByLabel('Título')).toHaveValue(title);
  await expect(page.getByLabel('Cidade principal')).toHaveValue('Campinas (SP)');
  await page.getByLabel('Resumo').fill('Moradores relatam alagamentos a cada chuva forte na zona norte.');
  const content = page.getByRole('textbox', { name: 'Conteúdo' });
  await content.click();
  await content.pressSequentially('Os moradores da zona norte contam que a água invade as casas a cada chuva forte.');
  await page.getByRole('button', { name: 'Criar artigo' }).click();
  await expect(page).toHaveURL(/\/article\/[\w-]+\/edit$/);
  const editPath = new URL(page.url()).pathname;
  await page.goto('/storyboard?tab=completed');
  await expect(page.getByRole('article', { name: title }).getByRole('link', { name: 'Abrir rascunho' })).toHaveAttribute('href', editPath);
});
