// @vitest-environment jsdom
// The islands' session helpers (web/src/islands/lib/session.ts): tokens read and renewed as Amplify
// keeps them, the session cleared when Cognito refuses it; and the header's buttons drawn as Mantine
// draws them (web/src/islands/lib/button.ts).
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Button, MantineProvider } from '@mantine/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mantineButton } from '../../web/src/islands/lib/button';
import { theme } from '../../web/src/theme';

const CLIENT = 'client123';
const BASE = `CognitoIdentityServiceProvider.${CLIENT}.user-1.`;

function jwt(claims: Record<string, unknown>): string {
  const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none' })}.${encode(claims)}.sig`;
}

const now = () => Math.floor(Date.now() / 1000);

function storeSession(accessExp: number, drift = 0) {
  localStorage.setItem(`CognitoIdentityServiceProvider.${CLIENT}.LastAuthUser`, 'user-1');
  localStorage.setItem(`${BASE}accessToken`, jwt({ exp: accessExp, iat: accessExp - 3600 }));
  localStorage.setItem(`${BASE}idToken`, jwt({ exp: accessExp, iat: accessExp - 3600 }));
  localStorage.setItem(`${BASE}refreshToken`, 'refresh-1');
  localStorage.setItem(`${BASE}clockDrift`, String(drift));
}

function answer(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** A fresh copy of the module (its per-page caches start empty). */
async function sessionModule() {
  vi.resetModules();
  return import('../../web/src/islands/lib/session');
}

describe('islands session', () => {
  let calls: { url: string; target: string | null; body: unknown }[];
  let cognito: () => Response;

  beforeEach(() => {
    localStorage.clear();
    document.documentElement.className = 'has-session';
    calls = [];
    cognito = () => answer(500, {});
    vi.stubGlobal(
      'fetch',
      vi.fn((url: string, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        calls.push({ url: String(url), target: headers.get('x-amz-target'), body: init?.body ? JSON.parse(String(init.body)) : null });
        if (String(url).endsWith('/config.json')) {
          return Promise.resolve(answer(200, { region: 'sa-east-1', userPoolId: 'sa-east-1_abc', userPoolClientId: CLIENT, apiBase: '/api', mediaBase: '/media', userPoolEndpoint: '/cognito' }));
        }
        if (String(url).includes('/cognito')) return Promise.resolve(cognito());
        return Promise.resolve(answer(200, { profile: {}, roles: ['author'], subscription: { subscribed: true } }));
      }),
    );
  });
  afterEach(() => vi.unstubAllGlobals());

  it('uses a valid stored token as it is', async () => {
    storeSession(now() + 3600);
    const { accessToken } = await sessionModule();
    expect(await accessToken()).toBe(localStorage.getItem(`${BASE}accessToken`));
    expect(calls.filter((call) => call.target)).toEqual([]);
  });

  it('renews a token that Amplify would count as expired (its clock drift included) and writes the new ones back', async () => {
    // Valid for an hour by this clock, expired by the drift Amplify measured.
    storeSession(now() + 3600, 2 * 3600 * 1000);
    const fresh = jwt({ exp: now() + 3600, iat: now() });
    cognito = () => answer(200, { AuthenticationResult: { AccessToken: fresh, IdToken: fresh, RefreshToken: 'refresh-2' } });
    const { accessToken } = await sessionModule();
    expect(await accessToken()).toBe(fresh);
    const refresh = calls.find((call) => call.target);
    expect(refresh).toMatchObject({ url: 'http://localhost:3000/cognito', target: 'AWSCognitoIdentityProviderService.GetTokensFromRefreshToken', body: { ClientId: CLIENT, RefreshToken: 'refresh-1' } });
    expect(localStorage.getItem(`${BASE}accessToken`)).toBe(fresh);
    expect(localStorage.getItem(`${BASE}idToken`)).toBe(fresh);
    expect(localStorage.getItem(`${BASE}refreshToken`)).toBe('refresh-2');
    expect(Math.abs(Number(localStorage.getItem(`${BASE}clockDrift`)))).toBeLessThan(2000);
  });

  it('drops the session when Cognito refuses the refresh token, and keeps it on a passing failure', async () => {
    storeSession(now() - 10);
    cognito = () => answer(500, { __type: 'InternalErrorException' });
    let module = await sessionModule();
    expect(await module.accessToken()).toBeNull();
    expect(module.hasSession()).toBe(true);

    cognito = () => answer(400, { __type: 'NotAuthorizedException', message: 'Refresh Token has been revoked' });
    module = await sessionModule();
    expect(await module.accessToken()).toBeNull();
    expect(module.hasSession()).toBe(false);
    expect(localStorage.getItem(`${BASE}refreshToken`)).toBeNull();
    expect(document.documentElement.classList.contains('has-session')).toBe(false);
  });

  it('reads /api/me with the token and keeps the premium hint', async () => {
    storeSession(now() + 3600);
    const { loadMe } = await sessionModule();
    const me = await loadMe();
    expect(me?.roles).toEqual(['author']);
    expect(localStorage.getItem('portal.premium')).toBe('1');
    expect(document.documentElement.hasAttribute('data-premium')).toBe(true);
  });

  it('signs out globally, then clears the session and the hints', async () => {
    storeSession(now() + 3600);
    localStorage.setItem('portal.premium', '1');
    cognito = () => answer(200, {});
    const { signOut, hasSession } = await sessionModule();
    const signedOut = vi.fn();
    window.addEventListener('portal:signed-out', signedOut);
    expect(await signOut()).toBe(true);
    expect(calls.find((call) => call.target)?.target).toBe('AWSCognitoIdentityProviderService.GlobalSignOut');
    expect(hasSession()).toBe(false);
    expect(localStorage.getItem(`${BASE}accessToken`)).toBeNull();
    expect(localStorage.getItem('portal.premium')).toBeNull();
    expect(signedOut).toHaveBeenCalledOnce();
  });
});

describe('island buttons', () => {
  const mantine = (props: Record<string, unknown>, label: string) => {
    const html = renderToStaticMarkup(createElement(MantineProvider, { theme }, createElement(Button as unknown as string, props, label)));
    const holder = document.createElement('div');
    holder.innerHTML = html;
    return holder.querySelector('.mantine-Button-root')?.outerHTML;
  };

  it.each([
    ['filled', { component: 'a', href: '/create' }, '/create'],
    ['subtle', { component: 'a', href: '/dashboard', variant: 'subtle' }, '/dashboard'],
    ['default', { component: 'a', href: '/auth', variant: 'default' }, '/auth'],
    ['default', { variant: 'default' }, undefined],
  ] as const)('draws a %s button as Mantine does', (variant, props, href) => {
    expect(mantineButton('Rótulo', variant, href).outerHTML).toBe(mantine(props, 'Rótulo'));
  });
});
