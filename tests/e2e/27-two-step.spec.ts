// Two-step verification for the newsroom: an editor without an authenticator app is pointed from a
// staff screen to /settings, sets the app up there (reading the key the page shows), signs out, signs
// in again with password and code, and reaches the staff screen. A master turns off the app a staff
// member lost, from Admin › Usuários.
import { randomUUID } from 'node:crypto';
import { enterTotpCode, expect, expectSignedIn, header, setUpTotp, signedIn, signIn, signOut, test, toast } from './fixtures';
import { api, person } from './publishing';
import { PortalTable } from '../support/table';

test('an editor sets up TOTP in /settings, then signs in with the code and reaches the tags screen', async ({ page }) => {
  // Made a reader first (no TOTP), then given the editor role, as a master's assignment would.
  const editor = await person('editora-2fa', 'Eva Dupla', []);
  await new PortalTable(Number(process.env.E2E_DYNAMODB_PORT)).grantRole(editor.id, 'editor');
  const refused = await api().request('GET', '/api/tags', { token: editor.token });
  expect(refused).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });

  await signIn(page, editor);
  await expectSignedIn(page);
  await page.goto('/tags');
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas necessária' })).toBeVisible();
  await page.getByRole('link', { name: 'Ir para Configurações' }).click();
  await expect(page).toHaveURL(/\/settings$/);
  await expect(page.getByText('Obrigatória para a redação')).toBeVisible();

  const secret = await setUpTotp(page);
  await signOut(page);

  // A wrong code is refused in pt-BR; the right one signs in.
  await page.goto('/auth');
  await page.getByLabel('Email').fill(editor.email);
  await page.getByLabel('Senha').fill(editor.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  const field = page.getByLabel('Código de verificação');
  await field.fill('000000');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  await expect(page.getByText('Código inválido. Confira o código no aplicativo autenticador e tente novamente.')).toBeVisible();
  await enterTotpCode(page, secret);
  await expect(toast(page, 'Login realizado com sucesso!')).toBeVisible();
  await expectSignedIn(page);

  await page.goto('/tags');
  await expect(page.getByRole('heading', { name: 'Verificação em duas etapas necessária' })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: 'Tags', exact: true })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sair' })).toBeVisible();
});

test('a master turns off the authenticator an editor lost, from Admin › Usuários, after confirming', async ({ page }) => {
  const suffix = randomUUID().slice(0, 6);
  const [master, editor] = await Promise.all([person('master-2fa', `Marta Chave ${suffix}`, ['master']), person('editor-2fa', `Enzo Perdido ${suffix}`, ['editor'])]);
  await signedIn(page, master, '/admin');
  await page.getByRole('textbox', { name: 'Buscar usuários' }).fill(`enzo perdido ${suffix}`);
  const row = page.getByRole('row').filter({ hasText: editor.email });
  await expect(row.getByText('Duas etapas: ativa')).toBeVisible();
  await row.getByRole('button', { name: `Redefinir a verificação em duas etapas de ${editor.fullName}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Redefinir verificação em duas etapas' });
  await expect(dialog).toContainText(`O aplicativo autenticador de ${editor.fullName} deixará de valer agora.`);
  await dialog.getByRole('button', { name: 'Redefinir' }).click();
  await expect(toast(page, 'Verificação em duas etapas redefinida.')).toBeVisible();
  await expect(row.getByText('Duas etapas: pendente (sem acesso às ferramentas)')).toBeVisible();
  // The editor's session is refused the newsroom's tools until a new app is set up.
  expect(await api().request('GET', '/api/tags', { token: editor.token })).toMatchObject({ status: 403, body: { code: 'MFA_REQUIRED' } });
});
