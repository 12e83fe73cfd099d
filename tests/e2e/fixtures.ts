// Shared fixtures and steps of the e2e specs.
import { randomUUID } from 'node:crypto';
import { test as base, expect, type Page } from '@playwright/test';
import type { Me } from '../../shared/api-types';
import { ENTRY_ATTRIBUTE, ISLANDS_READY_ATTRIBUTE, PREMIUM_HINT_KEY, STAFF_HINT_KEY } from '../../shared/boot-script';
import { CONSENT_VERSION } from '../../shared/privacy';
import { PortalClient } from '../support/api';
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

/**
 * Signs the account in without walking /auth, then opens `path`: Cognito's password step (and the TOTP
 * step for staff) called from here, and the browser left as the app's own sign-in leaves it: Amplify's
 * keys (tokens, clock drift, sign-in details) and the app's hints from /api/me in localStorage. For specs
 * that sign in to get somewhere; 03-sign-in, 27-two-step and the journeys that start at /auth walk the
 * form (a UI sign-in costs a page load, the form and the code step: seconds per test).
 */
export async function signedIn(page: Page, account: Pick<Account, 'email' | 'password' | 'totpSecret'>, path = '/') {
  const client = new PortalClient(process.env.E2E_BASE_URL ?? '');
  const { userPoolClientId } = await client.config();
  let answer = await client.cognito('InitiateAuth', {
    AuthFlow: 'USER_PASSWORD_AUTH',
    ClientId: userPoolClientId,
    AuthParameters: { USERNAME: account.email, PASSWORD: account.password },
  });
  if (answer.body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    if (!account.totpSecret) throw new Error(`${account.email} is asked for a TOTP code and has no secret`);
    answer = await client.cognito('RespondToAuthChallenge', {
      ChallengeName: 'SOFTWARE_TOKEN_MFA',
      ClientId: userPoolClientId,
      Session: answer.body.Session,
      ChallengeResponses: { USERNAME: account.email, SOFTWARE_TOKEN_MFA_CODE: totpCode(account.totpSecret) },
    });
  }
  const tokens = answer.body.AuthenticationResult;
  expect(tokens?.AccessToken, answer.text).toBeTruthy();
  const claims = JSON.parse(Buffer.from(tokens.AccessToken.split('.')[1] ?? '', 'base64url').toString()) as { username: string; iat: number };
  const me = await client.request('GET', '/api/me', { token: tokens.AccessToken });
  expect(me.status, me.text).toBe(200);
  const { roles, subscription } = me.body as unknown as Me;
  // Amplify's keys (its TokenStore), under the pool's app client and the user's Cognito username.
  const base = `CognitoIdentityServiceProvider.${userPoolClientId}`;
  const items: Record<string, string> = {
    [`${base}.LastAuthUser`]: claims.username,
    [`${base}.${claims.username}.accessToken`]: tokens.AccessToken,
    [`${base}.${claims.username}.idToken`]: tokens.IdToken,
    [`${base}.${claims.username}.refreshToken`]: tokens.RefreshToken,
    [`${base}.${claims.username}.clockDrift`]: String(claims.iat * 1000 - Date.now()),
    [`${base}.${claims.username}.signInDetails`]: JSON.stringify({ loginId: account.email, authFlowType: 'USER_PASSWORD_AUTH' }),
    ...(roles.length > 0 ? { [STAFF_HINT_KEY]: '1' } : {}),
    ...(subscription.subscribed ? { [PREMIUM_HINT_KEY]: '1' } : {}),
  };
  // Storage is per origin: written from a same-origin document that runs no script of the app.
  await page.goto('/config.json');
  await page.evaluate(
    ({ entries, hints }) => {
      for (const key of Object.keys(localStorage)) if (key.startsWith('CognitoIdentityServiceProvider.') || hints.includes(key)) localStorage.removeItem(key);
      for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value);
    },
    { entries: items, hints: [STAFF_HINT_KEY, PREMIUM_HINT_KEY] },
  );
  await page.goto(path);
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
