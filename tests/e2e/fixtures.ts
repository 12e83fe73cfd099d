// Shared fixtures and steps of the e2e specs.
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import { ENTRY_ATTRIBUTE, ISLANDS_READY_ATTRIBUTE } from '../../shared/boot-script';
import { CONSENT_VERSION } from '../../shared/privacy';
import { startRuntime } from '../support/runtime';
import { totpCode } from '../support/totp';

export const test = base.extend<{ consentDecided: boolean }, { runtime: void }>({
  // One runtime per worker, started empty as the worker starts (files run one after another on it):
  // what the specs read of it is in the environment. Not when E2E_BASE_URL names a server already.
  runtime: [
    // eslint-disable-next-line no-empty-pattern
    async ({}, use) => {
      if (process.env.E2E_BASE_URL) return use();
      // Ads switched on (PORTAL_ADS=1, as `portal:ads` on AWS): the CSP admits Google's ad tag, which loads
      // only with the reader's consent (24-privacy); every other spec browses as a reader who refused it.
      const runtime = await startRuntime({ empty: true, env: { PORTAL_ADS: '1' } });
      Object.assign(process.env, {
        E2E_BASE_URL: runtime.baseUrl,
        E2E_MAIL_API_URL: runtime.mailApiUrl,
        // Specs that are not about paying or about the admin grant roles and subscriptions in the table.
        E2E_DYNAMODB_PORT: String(runtime.ports.dynamodb),
        // The payment providers' sandboxes (their clock, for a subscription that must end).
        E2E_STRIPE_URL: `http://127.0.0.1:${runtime.ports.stripe}`,
      });
      try {
        await use();
      } finally {
        await runtime.stop();
      }
    },
    { scope: 'worker', auto: true, timeout: 150_000 },
  ],
  // Every spec but the privacy one browses as a reader who already answered the consent banner (with
  // "Rejeitar": no third-party script), so the banner never sits over what a test clicks.
  consentDecided: [true, { option: true }],
  // The runtime's URL is only known once the worker has started it.
  baseURL: async ({ runtime: _ }, use) => {
    const url = process.env.E2E_BASE_URL;
    if (!url) throw new Error('E2E_BASE_URL is not set: run through tests/e2e/playwright.config.ts (each worker starts its runtime)');
    await use(url);
  },
  // The gateway serves the production Content-Security-Policy: anything it blocks fails the test.
  // A server-rendered page starts its app once it has loaded (shared/boot-script.ts): the steps act
  // the way a reader does once the page answers, so goto and reload return when React holds the page.
  page: async ({ page, consentDecided }, use) => {
    if (consentDecided) {
      const choice = JSON.stringify({ ads: false, personalization: false, version: CONSENT_VERSION, at: new Date().toISOString() });
      await page.addInitScript((value) => {
        try {
          if (!window.localStorage.getItem('portal-consent')) window.localStorage.setItem('portal-consent', value);
        } catch {
          // about:blank and other opaque origins have no storage.
        }
      }, choice);
    }
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args) => {
      const response = await goto(...args);
      await appStarted(page);
      return response;
    };
    page.reload = async (...args) => {
      const response = await reload(...args);
      await appStarted(page);
      return response;
    };
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
    });
    await use(page);
    expect(violations, 'the page broke its Content-Security-Policy').toEqual([]);
  },
});

export { expect };

/**
 * True at once on a page without a server-rendered document; else once its islands are mounted
 * (web/src/islands/boot.ts) or, where a signed-in reader gets the app, once React has taken #root.
 */
export async function appStarted(page: Page) {
  await page.waitForFunction(
    ({ entryAttribute, readyAttribute }) => {
      const html = document.documentElement;
      if (!html.hasAttribute(entryAttribute) || html.hasAttribute(readyAttribute)) return true;
      const root = document.getElementById('root');
      return Boolean(root && Object.keys(root).some((key) => key.startsWith('__reactContainer')));
    },
    { entryAttribute: ENTRY_ATTRIBUTE, readyAttribute: ISLANDS_READY_ATTRIBUTE },
  );
}

export const PASSWORD = 'Plural2026';

/** A unique address per test (timestamp + random suffix). */
export function uniqueEmail(prefix: string): string {
  return `${prefix}.${Date.now()}.${randomUUID().slice(0, 6)}@exemplo.com.br`;
}

export interface Account {
  fullName: string;
  email: string;
  password: string;
  /** Set once the account has an authenticator app (staff): sign-in then asks for its code. */
  totpSecret?: string;
}

export function newAccount(prefix: string, fullName: string): Account {
  return { fullName, email: uniqueEmail(prefix), password: PASSWORD };
}

/** A toast (Mantine notification, role alert) containing the text. */
export function toast(page: Page, text: string) {
  return page.getByRole('alert').filter({ hasText: text });
}

export function header(page: Page) {
  return page.locator('header');
}

export async function expectSignedIn(page: Page) {
  await expect(header(page).getByRole('button', { name: 'Sair' })).toBeVisible();
  await expect(header(page).getByRole('link', { name: 'Login' })).toHaveCount(0);
}

export async function expectSignedOut(page: Page) {
  await expect(header(page).getByRole('link', { name: 'Login' })).toBeVisible();
  await expect(header(page).getByRole('button', { name: 'Sair' })).toHaveCount(0);
}

export async function fillSignUp(page: Page, account: Account) {
  await page.getByLabel('Nome completo').fill(account.fullName);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
}

/** Signs up through /auth's Cadastrar tab and waits for the home page, signed in. */
export async function signUp(page: Page, account: Account) {
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Cadastrar' }).click();
  await fillSignUp(page, account);
  await page.getByRole('button', { name: 'Cadastrar' }).click();
  await expect(toast(page, 'Cadastro realizado com sucesso! Você já está logado.')).toBeVisible();
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
}

/** Creates the account through the API (faster), without signing in. */
export async function createAccount(page: Page, account: Account) {
  const response = await page.request.post('/api/auth/sign-up', {
    data: { fullName: account.fullName, email: account.email, password: account.password },
  });
  expect(response.status(), await response.text()).toBe(201);
}

/** Signs in through /auth; an account with an authenticator app answers the code step as its owner would. */
export async function signIn(page: Page, account: Pick<Account, 'email' | 'password' | 'totpSecret'>) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Senha').fill(account.password);
  await page.getByRole('button', { name: 'Entrar' }).click();
  if (account.totpSecret) await enterTotpCode(page, account.totpSecret);
}

/** The sign-in's second step: the code the authenticator app shows now. */
export async function enterTotpCode(page: Page, secret: string) {
  const field = page.getByLabel('Código de verificação');
  await expect(field).toBeVisible();
  await field.fill(totpCode(secret));
  await page.getByRole('button', { name: 'Confirmar' }).click();
}

export async function signOut(page: Page) {
  await header(page).getByRole('button', { name: 'Sair' }).click();
  await expect(toast(page, 'Logout realizado com sucesso')).toBeVisible();
  await expectSignedOut(page);
}

/**
 * Sets up an authenticator app in /settings as its owner would: reads the key shown beside the QR
 * code, types the code the app computes from it; returns the key.
 */
export async function setUpTotp(page: Page): Promise<string> {
  await page.goto('/settings');
  const section = page.getByRole('region', { name: 'Verificação em duas etapas' });
  await section.getByRole('button', { name: 'Ativar verificação em duas etapas' }).click();
  await expect(section.getByRole('img', { name: 'QR code para o aplicativo autenticador' })).toBeVisible();
  const secret = (await section.getByLabel('Chave secreta').innerText()).replace(/\s/g, '');
  await section.getByLabel('Código de verificação').fill(totpCode(secret));
  await section.getByRole('button', { name: 'Confirmar código' }).click();
  await expect(section.getByText('Verificação em duas etapas ativada', { exact: true })).toBeVisible();
  return secret;
}
