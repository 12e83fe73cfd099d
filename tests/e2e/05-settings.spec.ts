// Spec 2 "Settings", 5 "Profile", 8 "Settings".
import { createAccount, expect, newAccount, signedIn, test, toast } from './fixtures';

test.describe('settings', () => {
  test('/settings saves the profile', async ({ page }) => {
    const account = newAccount('perfil', 'Paula Perfil');
    await createAccount(page, account);
    await signedIn(page, account, '/settings');
    await expect(page.getByLabel('Email')).toHaveValue(account.email);
    await expect(page.getByLabel('Email')).toHaveAttribute('readonly', '');
    await expect(page.getByText('Sem papéis atribuídos')).toBeVisible();
    await expect(page.getByLabel('Nome completo')).toHaveValue('Paula Perfil');

    await page.getByLabel('Nome completo').fill('');
    await page.getByRole('button', { name: 'Salvar' }).click();
    await expect(toast(page, 'Nome é obrigatório')).toBeVisible();

    await page.getByLabel('Nome completo').fill('Paula Perfil Souza');
    await page.getByLabel('URL do avatar').fill('https://exemplo.com.br/paula.png');
    await page.getByLabel('Bio').fill('Repórter de cidades.');
    await expect(page.getByText('20/500')).toBeVisible();
    await page.getByLabel('Conta de pagamento').fill('PIX paula@exemplo.com.br');
    await page.getByRole('button', { name: 'Salvar' }).click();
    const saved = toast(page, 'Configurações salvas com sucesso.');
    await expect(saved).toBeVisible();
    await expect(saved).toContainText('Sucesso!');

    await page.reload();
    await expect(page.getByLabel('Nome completo')).toHaveValue('Paula Perfil Souza');
    await expect(page.getByLabel('URL do avatar')).toHaveValue('https://exemplo.com.br/paula.png');
    await expect(page.getByLabel('Bio')).toHaveValue('Repórter de cidades.');
    await expect(page.getByLabel('Conta de pagamento')).toHaveValue('PIX paula@exemplo.com.br');

    await page.getByRole('button', { name: 'Cancelar' }).click();
    await expect(page).toHaveURL(/\/dashboard$/);
    await expect(page.getByRole('heading', { name: 'Olá, Paula Perfil Souza!' })).toBeVisible();
  });
});
