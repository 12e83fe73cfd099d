// The master's desk and the way in for writers, in a real browser: an anonymous visitor applies, the
// master approves, the applicant's e-mails arrive, the new author sets a password and writes; the
// master assigns and removes roles, edits the menu and sees it on the home, changes an article's
// status and deletes one. The rules behind each step are tested over HTTP in tests/integration.
import { randomUUID } from 'node:crypto';
import type { Page } from '@playwright/test';
import { INVITATION_SUBJECT } from '../../shared/invitation';
import { eventually, mailsTo } from '../support/api';
import { maskedCpf } from '../support/cpf';
import { expect, setUpTotp, signedIn, signIn, signOut, test, toast, uniqueEmail } from './fixtures';
import { person, publishedArticle } from './publishing';

const mailApi = () => process.env.E2E_MAIL_API_URL ?? '';

async function openAdmin(page: Page, tab?: string) {
  await page.goto(tab ? `/admin?tab=${tab}` : '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
}

test('an anonymous visitor applies, the master approves, and the new author sets a password and writes', async ({ page }) => {
  // Four people's steps in one story, now with the new author's TOTP set-up before writing.
  test.setTimeout(150_000);
  const suffix = randomUUID().slice(0, 6);
  const applicant = { name: `Clara Candidata ${suffix}`, email: uniqueEmail('candidata'), cpf: maskedCpf() };

  await page.goto('/apply-author');
  const field = (name: string) => page.getByRole('textbox', { name, exact: true });
  await field('Nome completo').fill(applicant.name);
  await field('Email').fill(applicant.email);
  await field('CPF').fill(applicant.cpf);
  await field('Telefone').fill('(81) 98765-4321');
  await field('Endereço').fill('Rua da Aurora, 100, Boa Vista, Recife – PE');
  await field('Anos de experiência').fill('6 anos');
  await field('Veículos em que já publicou').fill('Jornal do Commercio, rádio comunitária do Recife');
  await field('Expectativas').fill('Quero cobrir cultura e mobilidade urbana no Recife para o portal.');
  await page.getByRole('checkbox', { name: 'Texto' }).check();
  // Without the LGPD consent the server refuses, and says why.
  await page.getByRole('button', { name: 'Enviar candidatura' }).click();
  await expect(toast(page, 'autorizar o uso dos seus dados')).toBeVisible();
  await page.getByRole('checkbox', { name: /LGPD/ }).check();
  await page.getByRole('button', { name: 'Enviar candidatura' }).click();
  await expect(page.getByRole('heading', { name: 'Candidatura Enviada!' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar ao início' })).toHaveAttribute('href', '/');

  const master = await person('master', `Marta Master ${suffix}`, ['master']);
  await signedIn(page, master, '/admin?tab=candidaturas');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: applicant.name });
  // The list masks the CPF; the detail shows it whole.
  await expect(row).not.toContainText(applicant.cpf);
  await row.getByRole('button', { name: `Ver candidatura de ${applicant.name}` }).click();
  const drawer = page.getByRole('dialog', { name: 'Candidatura de autor' });
  await expect(drawer).toContainText(applicant.cpf.replace(/\D/g, '').slice(-2));
  await drawer.getByRole('button', { name: 'Aprovar' }).click();
  await expect(toast(page, 'Usuário criado com sucesso. Email de boas-vindas enviado.')).toBeVisible();
  await expect(row.getByText('Aprovada')).toBeVisible();
  await signOut(page);

  // Two e-mails: ours (approved, welcome as an author) and Cognito's invitation with the temporary password.
  // Both come through the pipelines: a message retried there waits its visibility timeout (30 s), so the
  // wait is sized for one retry on a loaded machine (it ends as soon as both are in).
  const mails = await eventually(async () => {
    const found = await mailsTo(mailApi(), applicant.email);
    return found.length >= 2 ? found : undefined;
  }, 75_000);
  const invitation = mails.find((mail) => mail.subject === INVITATION_SUBJECT);
  expect(invitation, JSON.stringify(mails.map((mail) => mail.subject))).toBeDefined();
  expect(mails.some((mail) => /aprovada/i.test(mail.subject))).toBe(true);
  const temporary = /Senha temporária:\s*(\S+)/.exec(invitation?.text ?? '')?.[1];
  expect(temporary).toBeTruthy();

  await signIn(page, { email: applicant.email, password: temporary ?? '' });
  await expect(page.getByRole('heading', { name: 'Defina sua nova senha' })).toBeVisible();
  await page.getByRole('form', { name: 'Defina sua nova senha' }).locator('input[type="password"]').fill('Recife2026');
  await page.getByRole('button', { name: 'Salvar senha' }).click();
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();

  // Staff write only with two-step verification on: the newsroom's screens point to /settings first.
  await page.goto('/create');
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas necessária' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para Configurações' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await setUpTotp(page);

  await page.goto('/create');
  await page.getByLabel('Título').fill(`Frevo na praça do Diário ${suffix}`);
  await page.getByLabel('Resumo').fill('Agremiações ensaiam no centro do Recife antes do carnaval.');
  const content = page.getByRole('textbox', { name: 'Conteúdo' });
  await content.click();
  await content.pressSequentially('As agremiações de frevo voltaram a ensaiar na praça do Diário, no centro do Recife, todas as noites.');
  await page.getByRole('button', { name: 'Criar artigo' }).click();
  await expect(page).toHaveURL(/\/article\/[\w-]+\/edit$/);
});

test('the master assigns and removes a role, edits the menu seen on the home, changes an article’s status and deletes one, and opens Filas com falha', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6);
  const master = await person('master', `Mauro Master ${suffix}`, ['master']);
  const reader = await person('leitor', `Lia Leitora ${suffix}`, []);
  const author = await person('autor', `Aldo Autor ${suffix}`, ['author']);
  const editor = await person('editor', `Edna Editora ${suffix}`, ['editor']);
  const title = `Ponte estaiada ganha ciclovia ${suffix}`;
  await publishedArticle(author, editor, {
    title,
    slug: `ponte-estaiada-ciclovia-${suffix}`,
    summary: 'A nova ciclovia liga os dois lados do rio em dez minutos.',
    content: '<p>A ciclovia da ponte estaiada foi aberta nesta manhã e liga os dois lados do rio em cerca de dez minutos de pedalada.</p>',
    visibility: 'public',
  });

  // Usuários: find the reader, make them an editor, then take it back.
  await signedIn(page, master, '/admin');
  await expect(page.getByRole('heading', { level: 1, name: 'Administração' })).toBeVisible();
  await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(`lia leitora ${suffix}`);
  const row = page.getByRole('row').filter({ hasText: reader.email });
  await expect(row).toBeVisible();
  // The search found only her (the list shows every account before it).
  await expect(page.getByRole('row')).toHaveCount(2);
  await row.getByRole('textbox', { name: `Papel para ${reader.fullName}` }).click();
  await page.getByRole('option', { name: 'Editor' }).click();
  await row.getByRole('button', { name: 'Atribuir' }).click();
  await expect(toast(page, 'Papel atribuído com sucesso.')).toBeVisible();
  await row.getByRole('button', { name: `Remover papel Editor de ${reader.fullName}` }).click();
  await page.getByRole('dialog', { name: 'Remover papel' }).getByRole('button', { name: 'Remover' }).click();
  await expect(toast(page, 'Papel removido com sucesso.')).toBeVisible();
  await expect(row.getByText('Leitor', { exact: true })).toBeVisible();

  // Menu: a new active item shows on the home's section bar, in a few seconds (the edge purges the home).
  const label = `Eleições ${suffix}`;
  await page.getByRole('tab', { name: 'Menu' }).click();
  await page.getByRole('button', { name: 'Novo item' }).click();
  const form = page.getByRole('dialog', { name: 'Novo item' });
  await form.getByLabel('Rótulo').fill(label);
  await form.getByLabel('URL').fill('/eleicoes');
  await form.getByLabel('Ordem').fill('1');
  await form.getByRole('button', { name: 'Criar item' }).click();
  await expect(toast(page, 'Item criado com sucesso')).toBeVisible();
  await expect(async () => {
    await page.goto('/');
    await expect(page.getByRole('link', { name: label })).toHaveAttribute('href', '/eleicoes', { timeout: 1000 });
  }).toPass({ timeout: 15_000 });
  await openAdmin(page, 'menu');
  await page.getByRole('button', { name: `Excluir ${label}` }).click();
  await page.getByRole('dialog', { name: 'Excluir item do menu' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Item deletado com sucesso')).toBeVisible();

  // Artigos: back to draft, then deleted.
  await page.getByRole('tab', { name: 'Artigos' }).click();
  await page.getByRole('textbox', { name: 'Buscar artigos pelo título' }).fill(`ponte estaiada ganha ciclovia ${suffix}`);
  const articleRow = page.getByRole('row').filter({ hasText: title });
  await expect(articleRow).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);
  await articleRow.getByRole('textbox', { name: `Status de ${title}` }).click();
  await page.getByRole('option', { name: 'Rascunho' }).click();
  await expect(toast(page, 'Status do artigo atualizado.')).toBeVisible();
  await expect(articleRow.getByText('Rascunho').first()).toBeVisible();
  await articleRow.getByRole('button', { name: `Excluir ${title}` }).click();
  await page.getByRole('dialog', { name: 'Excluir artigo' }).getByRole('button', { name: 'Excluir' }).click();
  await expect(toast(page, 'Artigo deletado com sucesso.')).toBeVisible();
  await expect(articleRow).toHaveCount(0);

  // Filas com falha: no DLQ holds a message, and every one is listed on request.
  await page.getByRole('tab', { name: 'Filas com falha' }).click();
  await expect(page.getByRole('tab', { name: 'Filas com falha', selected: true })).toBeVisible();
  await expect(page.getByText(/^Nenhuma fila com falha: as \d+ filas de falhas estão vazias\.$/)).toBeVisible();
  await page.getByRole('switch', { name: /Mostrar todas as filas/ }).check();
  const table = page.getByRole('table', { name: 'Filas com falha' });
  const welcome = table.getByRole('row').filter({ hasText: 'welcome-mail' });
  await expect(welcome.getByText('OK', { exact: true })).toBeVisible();
  // Nothing to send back from an empty DLQ.
  await expect(welcome.getByRole('button', { name: 'Reenviar mensagens de welcome-mail' })).toBeDisabled();
  await welcome.getByRole('button', { name: 'Ver mensagens de welcome-mail' }).click();
  const dialog = page.getByRole('dialog', { name: 'Mensagens de welcome-mail' });
  await expect(dialog.getByText('A fila não tem mensagens.')).toBeVisible();
});

test('staff screens refuse in the same words and send elsewhere: an editor on /admin, an author on /monitor and /tags, a reader on /storyboard', async ({ page }) => {
  const [editor, author, reader] = await Promise.all([
    person('editor-negado', 'Edu Editor', ['editor']),
    person('autor-negado', 'Aldo Negado', ['author']),
    person('leitora-negada', 'Lena Negada', []),
  ]);
  const refusals: [typeof editor, string[], RegExp][] = [
    [editor, ['/admin'], /\/dashboard$/],
    [author, ['/monitor', '/tags'], /\/dashboard$/],
    // A reader has no dashboard: the home.
    [reader, ['/storyboard'], /\/$/],
  ];
  for (const [who, paths, landing] of refusals) {
    for (const [index, path] of paths.entries()) {
      if (index === 0) await signedIn(page, who, path);
      else await page.goto(path);
      await expect(toast(page, 'Você não tem permissão para acessar esta área.')).toBeVisible();
      await expect(page).toHaveURL(landing);
    }
  }
});
