// /cognito as anyone on the network reaches it: only the calls the web app makes through Amplify,
// answered as Cognito answers a caller without AWS credentials.
import { beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, uniqueEmail, type Session } from '../support/api';
import { workerRuntime } from '../support/worker-runtime';

const portal = new PortalClient(workerRuntime().baseUrl);
const INCORRECT = { __type: 'NotAuthorizedException', message: 'Incorrect username or password.' };

let clientId: string;
let userPoolId: string;
let email: string;
beforeAll(async () => {
  ({ userPoolClientId: clientId, userPoolId } = await portal.config());
  email = uniqueEmail('cognito');
  expect((await portal.signUp('Clara Cognito', email)).status).toBe(201);
});

const refresh = (refreshToken: string) => portal.cognito('GetTokensFromRefreshToken', { ClientId: clientId, RefreshToken: refreshToken });
const refreshByInitiateAuth = (refreshToken: string) =>
  portal.cognito('InitiateAuth', { AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: clientId, AuthParameters: { REFRESH_TOKEN: refreshToken } });

describe('calls the web app never makes', () => {
  it('refuses ListUsers without listing anyone', async () => {
    const answer = await portal.cognito('ListUsers', { UserPoolId: userPoolId });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('AccessDeniedException');
    expect(answer.text).not.toContain(email);
  });

  it('refuses AdminSetUserPassword, and the password stays as it was', async () => {
    const answer = await portal.cognito('AdminSetUserPassword', { UserPoolId: userPoolId, Username: email, Password: 'Tomada123', Permanent: true });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('AccessDeniedException');
    await expect(portal.signIn(email, 'Tomada123')).rejects.toThrow(/NotAuthorized/);
    await expect(portal.signIn(email)).resolves.toMatchObject({ email });
  });

  it('refuses AdminCreateUser, and no account is created', async () => {
    const intruder = uniqueEmail('intruso');
    const answer = await portal.cognito('AdminCreateUser', {
      UserPoolId: userPoolId,
      Username: intruder,
      TemporaryPassword: 'Intruso123',
      MessageAction: 'SUPPRESS',
      UserAttributes: [{ Name: 'email', Value: intruder }],
    });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('AccessDeniedException');
    expect((await portal.signUp('Pessoa Legítima', intruder)).status).toBe(201);
  });

  it('refuses a direct SignUp as a pool with admin-only sign-up does', async () => {
    const direct = uniqueEmail('direto');
    const answer = await portal.cognito('SignUp', { ClientId: clientId, Username: direct, Password: 'x' });
    expect(answer).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException', message: 'SignUp is not permitted for this user pool' } });
    expect((await portal.signUp('Pessoa Legítima', direct)).status).toBe(201);
  });

  it('answers only POST on /cognito itself', async () => {
    expect((await portal.request('GET', '/cognito/')).status).toBeGreaterThanOrEqual(400);
    expect((await portal.request('GET', `/cognito/${userPoolId}/.well-known/jwks.json`)).status).toBeGreaterThanOrEqual(400);
    expect((await portal.cognito('InitiateAuth', {}, `/cognito/${userPoolId}`)).status).toBeGreaterThanOrEqual(400);
    expect((await portal.request('POST', '/cognito/', { body: {} })).status).toBe(400);
  });
});

describe('sign-in', () => {
  // An account of its own: the refusals above must not be what keeps its password.
  let email: string;
  beforeAll(async () => {
    ({ email } = await portal.newUser('entrada'));
  });

  it('answers a wrong password and an unknown e-mail identically', async () => {
    const signIn = (username: string, password: string) =>
      portal.cognito('InitiateAuth', { AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: password } });
    const wrongPassword = await signIn(email, 'Errada123');
    const unknownEmail = await signIn(uniqueEmail('ninguem'), 'Errada123');
    expect(wrongPassword).toMatchObject({ status: 400, body: INCORRECT });
    expect(unknownEmail).toMatchObject({ status: 400, body: INCORRECT });
    expect(unknownEmail.text).toBe(wrongPassword.text);
  });

  it('signs in, reads the user with GetUser and refreshes both ways Amplify may', async () => {
    const session = await portal.signIn(email);
    const user = await portal.cognito('GetUser', { AccessToken: session.accessToken });
    expect(user.status).toBe(200);
    expect(user.body.UserAttributes).toContainEqual({ Name: 'email', Value: email });
    for (const refreshed of [await refresh(session.refreshToken), await refreshByInitiateAuth(session.refreshToken)]) {
      expect(refreshed.status).toBe(200);
      expect((await portal.request('GET', '/api/me', { token: refreshed.body.AuthenticationResult.AccessToken })).status).toBe(200);
    }
  });

  it('refuses GetUser with a forged access token', async () => {
    const session = await portal.signIn(email);
    const [header, payload] = session.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('assinatura falsa').toString('base64url')}`;
    const answer = await portal.cognito('GetUser', { AccessToken: forged });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('NotAuthorizedException');
  });
});

describe('sign-out', () => {
  let email: string;
  let first: Session;
  let second: Session;
  beforeAll(async () => {
    first = await portal.newUser('saida');
    email = first.email;
    second = await portal.signIn(email);
  });

  it('GlobalSignOut revokes every refresh token of the user', async () => {
    const signedOut = await portal.cognito('GlobalSignOut', { AccessToken: first.accessToken });
    expect(signedOut.status).toBe(200);
    for (const token of [first.refreshToken, second.refreshToken]) {
      expect((await refresh(token)).body.__type).toBe('NotAuthorizedException');
      expect((await refreshByInitiateAuth(token)).body.__type).toBe('NotAuthorizedException');
    }
    const again = await portal.signIn(email);
    expect((await refresh(again.refreshToken)).status).toBe(200);
  });

  it('RevokeToken revokes that refresh token only', async () => {
    const revoked = await portal.signIn(email);
    const kept = await portal.signIn(email);
    expect((await portal.cognito('RevokeToken', { ClientId: clientId, Token: revoked.refreshToken })).status).toBe(200);
    expect(await refresh(revoked.refreshToken)).toMatchObject({ status: 400, body: { __type: 'NotAuthorizedException' } });
    expect((await refresh(kept.refreshToken)).status).toBe(200);
  });

  it('refuses GlobalSignOut with a forged access token', async () => {
    const session = await portal.signIn(email);
    const [header, payload] = session.accessToken.split('.');
    const answer = await portal.cognito('GlobalSignOut', { AccessToken: `${header}.${payload}.${Buffer.from('x').toString('base64url')}` });
    expect(answer.status).toBe(400);
    expect(answer.body.__type).toBe('NotAuthorizedException');
    expect((await refresh(session.refreshToken)).status).toBe(200);
  });
});
