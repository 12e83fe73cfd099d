// Two-step verification for the newsroom: an editor without an authenticator app is pointed from a
// staff screen to /settings, sets the app up there (reading the key the page shows), signs out, signs
// in again with password and code, and reaches the staff screen.
import { enterTotpCode, expect, expectSignedIn, header, setUpTotp, signIn, signOut, test, toast } from './fixtures';
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
