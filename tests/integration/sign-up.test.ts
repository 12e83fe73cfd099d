import { beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, eventually, mailsTo, uniqueEmail } from '../support/api';
import { workerRuntime } from '../support/worker-runtime';

const { baseUrl, mailApiUrl } = workerRuntime();
const portal = new PortalClient(baseUrl);
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

describe('POST /api/auth/sign-up', () => {
  it.each([
    [{ fullName: 'Ana Souza', email: 'não-é-email', password: 'Senha123' }, 'Email inválido'],
    [{ fullName: 'Ana Souza', email: `${'a'.repeat(250)}@x.com`, password: 'Senha123' }, 'Email muito longo'],
    [{ fullName: 'Ana Souza', email: 'ana@exemplo.com', password: 'Sen123' }, 'Senha deve ter pelo menos 8 caracteres'],
    [{ fullName: 'Ana Souza', email: 'ana@exemplo.com', password: `A1${'a'.repeat(99)}` }, 'Senha muito longa'],
    [{ fullName: 'Ana Souza', email: 'ana@exemplo.com', password: 'senha1234' }, 'Senha deve conter pelo menos uma letra maiúscula'],
    [{ fullName: 'Ana Souza', email: 'ana@exemplo.com', password: 'SenhaSemNumero' }, 'Senha deve conter pelo menos um número'],
    [{ fullName: ' A ', email: 'ana@exemplo.com', password: 'Senha123' }, 'Nome deve ter pelo menos 2 caracteres'],
    [{ fullName: 'A'.repeat(101), email: 'ana@exemplo.com', password: 'Senha123' }, 'Nome muito longo'],
  ])('rejects %j with "%s"', async (body, message) => {
    const response = await portal.request('POST', '/api/auth/sign-up', { body });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe(message);
  });

  it('accepts an 8-character password even though the placeholder says 6', async () => {
    const response = await portal.signUp('Bruno Lima', uniqueEmail('bruno'), 'Abcdefg1');
    expect(response.status).toBe(201);
  });

  it('rejects a body that is not JSON with a 400 and a pt-BR message', async () => {
    const response = await portal.request('POST', '/api/auth/sign-up', { rawBody: '{oops' });
    expect(response.status).toBe(400);
    expect(response.body.message).toBe('Corpo da requisição inválido');
  });

  it('creates an account that can sign in right away, with the e-mail trimmed and lower-cased', async () => {
    const email = uniqueEmail('Carla').toUpperCase();
    const created = await portal.signUp('  Carla Dias  ', `  ${email} `);
    expect(created.status).toBe(201);
    const session = await portal.signIn(email.toLowerCase());
    const me = await portal.request('GET', '/api/me', { token: session.accessToken });
    expect(me.status).toBe(200);
    expect(me.body.profile).toMatchObject({ email: email.toLowerCase(), full_name: 'Carla Dias', bio: '' });
    expect(me.body.roles).toEqual([]);
    expect(me.body.subscription).toEqual({ subscribed: false, product_id: null, subscription_end: null });
  });

  it('answers a sign-up with a known e-mail as it answers a new one, keeps the account as it was and tells its owner, once a day', async () => {
    const email = uniqueEmail('dup');
    const fresh = await portal.signUp('Primeira Pessoa', email);
    expect(fresh.status).toBe(201);
    const again = await portal.signUp('Segunda Pessoa', email, 'Outra1234');
    const third = await portal.signUp('Terceira Pessoa', email, 'Outra5678');
    // The same status and the same body (an id nobody holds): a stranger cannot tell the e-mail is registered.
    for (const answer of [again, third]) {
      expect(answer.status).toBe(fresh.status);
      expect(Object.keys(answer.body)).toEqual(Object.keys(fresh.body));
      expect(String(answer.body.user_id)).toMatch(UUID);
      expect(answer.body.user_id).not.toBe(fresh.body.user_id);
    }
    expect(String(fresh.body.user_id)).toMatch(UUID);
    // The account is untouched: its own password opens it, the stranger's does not.
    expect((await portal.signIn(email)).accessToken).toBeTruthy();
    await expect(portal.signIn(email, 'Outra1234')).rejects.toThrow(/NotAuthorized/);
    // The owner is the one told (once for the day, however many tries), without the stranger's name.
    const notices = await eventually(async () => {
      const found = (await mailsTo(mailApiUrl, email)).filter((mail) => mail.subject === 'Tentativa de cadastro com o seu e-mail');
      return found.length ? found : undefined;
    });
    expect(notices).toHaveLength(1);
    expect(notices[0]?.text).toContain('Já existe uma conta com este email');
    expect(notices[0]?.text).toContain('Olá!');
    expect(notices[0]?.text).not.toMatch(/Segunda|Terceira/);
  });

  it('sends one pt-BR welcome e-mail through the stream, EventBridge and the mail queue', async () => {
    const email = uniqueEmail('boasvindas');
    expect((await portal.signUp('Helena Rocha', email)).status).toBe(201);
    const mails = await eventually(async () => {
      const found = await mailsTo(mailApiUrl, email);
      return found.length ? found : undefined;
    });
    expect(mails).toHaveLength(1);
    expect(mails[0]?.subject).toBe('Bem-vindo ao Portal Plural!');
    expect(mails[0]?.text).toContain('Olá, Helena!');
  });
});

describe('sign-in', () => {
  let email: string;
  beforeAll(async () => {
    email = uniqueEmail('login');
    await portal.signUp('Igor Matos', email);
  });

  it('refuses a wrong password', async () => {
    await expect(portal.signIn(email, 'Errada123')).rejects.toThrow(/NotAuthorized/);
  });

  it('refreshes tokens through GetTokensFromRefreshToken, as Amplify does', async () => {
    const session = await portal.signIn(email);
    const { userPoolClientId } = await portal.config();
    const refreshed = await portal.cognito('GetTokensFromRefreshToken', { ClientId: userPoolClientId, RefreshToken: session.refreshToken });
    expect(refreshed.status).toBe(200);
    const token = refreshed.body.AuthenticationResult.AccessToken as string;
    expect(token).toBeTruthy();
    expect((await portal.request('GET', '/api/me', { token })).status).toBe(200);
  });

  it('answers the sign-out calls Amplify makes', async () => {
    const session = await portal.signIn(email);
    const { userPoolClientId } = await portal.config();
    expect((await portal.cognito('RevokeToken', { ClientId: userPoolClientId, Token: session.refreshToken })).status).toBe(200);
    expect((await portal.cognito('GlobalSignOut', { AccessToken: session.accessToken })).status).toBe(200);
  });
});
