// /cognito as anyone on the network reaches it: only the calls the web app makes through Amplify,
// answered as Cognito answers a caller without AWS credentials.
import { randomUUID } from 'node:crypto';
import {
  AssociateSoftwareTokenCommand,
  CognitoIdentityProviderClient,
  InitiateAuthCommand,
  RespondToAuthChallengeCommand,
  SetUserMFAPreferenceCommand,
  VerifySoftwareTokenCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import { beforeAll, describe, expect, it } from 'vitest';
import { PortalClient, uniqueEmail, type Session } from '../support/api';
import { totpCode } from '../support/totp';
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

describe('two-step verification (TOTP), through the AWS SDK as Amplify calls it', () => {
  // The SDK's client calls need no AWS credentials; it is given dummy ones so it never looks for real ones.
  const sdk = new CognitoIdentityProviderClient({
    endpoint: `${workerRuntime().baseUrl}/cognito`,
    region: 'us-east-1',
    credentials: { accessKeyId: 'nenhuma', secretAccessKey: 'nenhuma' },
  });
  const failure = (promise: Promise<unknown>) => promise.then(() => 'accepted', (error: Error) => error.name);
  const passwordStep = (username: string) =>
    sdk.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: username, PASSWORD: 'Senha123' } }));
  const codeStep = (username: string, session: string | undefined, code: string) =>
    sdk.send(
      new RespondToAuthChallengeCommand({ ChallengeName: 'SOFTWARE_TOKEN_MFA', ClientId: clientId, Session: session, ChallengeResponses: { USERNAME: username, SOFTWARE_TOKEN_MFA_CODE: code } }),
    );
  const now = () => Math.floor(Date.now() / 1000);

  let email: string;
  let secret: string;
  let other: Session;
  beforeAll(async () => {
    const session = await portal.newUser('totp');
    email = session.email;
    other = await portal.newUser('totp-outra');
    const associated = await sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: session.accessToken }));
    secret = associated.SecretCode ?? '';
    // Base32, as authenticator apps read it.
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    // The code is checked against the secret (RFC 6238): a wrong one, or one of another secret, is refused.
    expect(await failure(sdk.send(new VerifySoftwareTokenCommand({ AccessToken: session.accessToken, UserCode: '000000' })))).toBe('CodeMismatchException');
    expect(await failure(sdk.send(new VerifySoftwareTokenCommand({ AccessToken: session.accessToken, UserCode: totpCode('JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP') })))).toBe(
      'CodeMismatchException',
    );
    const verified = await sdk.send(new VerifySoftwareTokenCommand({ AccessToken: session.accessToken, UserCode: totpCode(secret), FriendlyDeviceName: 'celular' }));
    expect(verified.Status).toBe('SUCCESS');
    await sdk.send(new SetUserMFAPreferenceCommand({ AccessToken: session.accessToken, SoftwareTokenMfaSettings: { Enabled: true, PreferredMfa: true } }));
  });

  it('asks for the code after the password, and gives no tokens before it', async () => {
    const step = await passwordStep(email);
    expect(step.ChallengeName).toBe('SOFTWARE_TOKEN_MFA');
    expect(step.AuthenticationResult).toBeUndefined();
    expect(step.Session).toBeTruthy();
    // Another reader, without an authenticator, signs in with the password alone.
    expect((await passwordStep(other.email)).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses a wrong code, and a code older than the allowed clock drift', async () => {
    const { Session } = await passwordStep(email);
    expect(await failure(codeStep(email, Session, '123456'))).toBe('CodeMismatchException');
    expect(await failure(codeStep(email, Session, totpCode(secret, now() - 120)))).toBe('CodeMismatchException');
  });

  it('signs in with the current code (or the previous 30 s step) within the password step’s session', async () => {
    const first = await passwordStep(email);
    const signedIn = await codeStep(email, first.Session, totpCode(secret));
    const token = signedIn.AuthenticationResult?.AccessToken ?? '';
    expect((await portal.request('GET', '/api/me', { token })).status).toBe(200);
    const second = await passwordStep(email);
    expect((await codeStep(email, second.Session, totpCode(secret, now() - 30))).AuthenticationResult?.AccessToken).toBeTruthy();
  });

  it('refuses a right code without the password step: no session, a made-up one, a used one, or another user’s', async () => {
    expect(await failure(codeStep(email, undefined, totpCode(secret)))).toBe('NotAuthorizedException');
    expect(await failure(codeStep(email, randomUUID(), totpCode(secret)))).toBe('NotAuthorizedException');
    const used = await passwordStep(email);
    await codeStep(email, used.Session, totpCode(secret));
    expect(await failure(codeStep(email, used.Session, totpCode(secret)))).toBe('NotAuthorizedException');
    // The other reader's password step does not open this user's code step.
    const theirs = await sdk.send(new InitiateAuthCommand({ AuthFlow: 'USER_PASSWORD_AUTH', ClientId: clientId, AuthParameters: { USERNAME: other.email, PASSWORD: 'Senha123' } }));
    expect(await failure(codeStep(email, theirs.Session ?? randomUUID(), totpCode(secret)))).toBe('NotAuthorizedException');
  });

  it('refuses the set-up calls with a forged access token', async () => {
    const [header, payload] = other.accessToken.split('.');
    const forged = `${header}.${payload}.${Buffer.from('assinatura falsa').toString('base64url')}`;
    expect(await failure(sdk.send(new AssociateSoftwareTokenCommand({ AccessToken: forged })))).toBe('NotAuthorizedException');
    expect(await failure(sdk.send(new VerifySoftwareTokenCommand({ AccessToken: forged, UserCode: '123456' })))).toBe('NotAuthorizedException');
    expect(await failure(sdk.send(new SetUserMFAPreferenceCommand({ AccessToken: forged, SoftwareTokenMfaSettings: { Enabled: true } })))).toBe('NotAuthorizedException');
  });
});
