// cognito-local as the user pool, plus the shim that opens to the browser only the calls the web app makes.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  SetUserPoolMfaConfigCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { verifyBearer } from '../../lambdas/platform/auth';
import { localUrl, type LocalConfig } from './config';
import { waitFor } from './wait';

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

const cognitoDir = (config: LocalConfig) => path.join(config.dataDir, 'cognito');

export function startCognito(config: LocalConfig): ChildProcess {
  const cwd = cognitoDir(config);
  mkdirSync(cwd, { recursive: true });
  const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('cognito-local/package.json')), 'lib/bin/start.js');
  // cognito-local keeps its data in ./.cognito of its working directory.
  return spawn(process.execPath, [entry], {
    cwd,
    env: { ...process.env, PORT: String(config.ports.cognito), HOST: '127.0.0.1' },
    stdio: ['ignore', 'ignore', 'pipe'],
  });
}

export function cognitoClient(config: LocalConfig): CognitoIdentityProviderClient {
  return new CognitoIdentityProviderClient({ endpoint: localUrl(config.ports.cognito), region: config.region });
}

export const issuerOf = (config: LocalConfig, poolId: string) => `${localUrl(config.ports.cognito)}/${poolId}`;

/** The pool and web client, created on the first start with the same settings as the CDK stack. */
export async function ensurePool(config: LocalConfig): Promise<PoolIds> {
  const client = cognitoClient(config);
  await waitFor('cognito-local', () => fetch(`${localUrl(config.ports.cognito)}/health`).then((r) => r.ok || Promise.reject(new Error(String(r.status)))), 30_000);
  const idsFile = path.join(config.dataDir, 'cognito-pool.json');
  if (existsSync(idsFile)) {
    const ids = JSON.parse(readFileSync(idsFile, 'utf8')) as PoolIds;
    const alive = await client.send(new DescribeUserPoolCommand({ UserPoolId: ids.userPoolId })).then(() => true, () => false);
    if (alive) {
      // A pool made before MFA was turned on gets it too.
      await optionalTotp(client, ids.userPoolId);
      return ids;
    }
  }
  const pool = await client.send(
    new CreateUserPoolCommand({
      PoolName: 'portal-users',
      UsernameAttributes: ['email'],
      AutoVerifiedAttributes: ['email'],
      Policies: {
        PasswordPolicy: { MinimumLength: 8, RequireUppercase: true, RequireNumbers: true, RequireLowercase: false, RequireSymbols: false },
      },
      AdminCreateUserConfig: { AllowAdminCreateUserOnly: true },
    }),
  );
  const userPoolId = pool.UserPool?.Id;
  if (!userPoolId) throw new Error('cognito-local não criou o user pool');
  await optionalTotp(client, userPoolId);
  const appClient = await client.send(
    new CreateUserPoolClientCommand({
      UserPoolId: userPoolId,
      ClientName: 'portal-web',
      ExplicitAuthFlows: ['ALLOW_USER_PASSWORD_AUTH', 'ALLOW_USER_SRP_AUTH', 'ALLOW_REFRESH_TOKEN_AUTH'],
      AccessTokenValidity: 1,
      RefreshTokenValidity: 30,
      TokenValidityUnits: { AccessToken: 'hours', IdToken: 'hours', RefreshToken: 'days' },
    }),
  );
  const userPoolClientId = appClient.UserPoolClient?.ClientId;
  if (!userPoolClientId) throw new Error('cognito-local não criou o app client');
  const ids = { userPoolId, userPoolClientId };
  writeFileSync(idsFile, JSON.stringify(ids, null, 2));
  return ids;
}

/** MFA as the CDK stack sets it (infra/constructs/auth.ts): optional, authenticator apps (TOTP) only, no SMS. */
async function optionalTotp(client: CognitoIdentityProviderClient, userPoolId: string): Promise<void> {
  await client.send(new SetUserPoolMfaConfigCommand({ UserPoolId: userPoolId, MfaConfiguration: 'OPTIONAL', SoftwareTokenMfaConfiguration: { Enabled: true } }));
}

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The calls the web app makes through Amplify: sign-in and refresh, the new password of an invited
 * user's first sign-in and the TOTP code of one with an authenticator app, sign-out, reading the
 * user, and the authenticator's set-up in /settings.
 */
const CLIENT_OPERATIONS = new Set([
  'InitiateAuth',
  'RespondToAuthChallenge',
  'GetTokensFromRefreshToken',
  'GlobalSignOut',
  'RevokeToken',
  'GetUser',
  'AssociateSoftwareToken',
  'VerifySoftwareToken',
  'SetUserMFAPreference',
]);

/** Calls made with the user's access token, which cognito-local only decodes: the shim checks its signature first, as Cognito does. */
const TOKEN_OPERATIONS = new Set(['GetUser', 'AssociateSoftwareToken', 'VerifySoftwareToken', 'SetUserMFAPreference']);

interface Answer {
  status: number;
  body: string;
}

interface CognitoRequest {
  ChallengeName?: string;
  Session?: string;
  ChallengeResponses?: Record<string, string>;
  AuthFlow?: string;
  ClientId?: string;
  AuthParameters?: Record<string, string>;
  RefreshToken?: string;
  AccessToken?: string;
}

const failure = (status: number, type: string, message: string): Answer => ({ status, body: JSON.stringify({ __type: type, message }) });
const INCORRECT_CREDENTIALS = failure(400, 'NotAuthorizedException', 'Incorrect username or password.');
const USER_DISABLED = failure(400, 'NotAuthorizedException', 'User is disabled.');
const INVALID_ACCESS_TOKEN = failure(400, 'NotAuthorizedException', 'Invalid Access Token');
/** What cognito-local answers for an unknown e-mail and for a wrong password, which Cognito does not tell apart. */
const SIGN_IN_FAILURES = new Set(['NotAuthorizedException', 'UserNotFoundException', 'InvalidPasswordException']);

function parse<T>(text: string): T | undefined {
  try {
    const value: unknown = JSON.parse(text || '{}');
    return value && typeof value === 'object' ? (value as T) : undefined;
  } catch {
    return undefined;
  }
}

async function forward(config: LocalConfig, operation: string, body: string): Promise<Answer> {
  const response = await fetch(localUrl(config.ports.cognito), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': TARGET_PREFIX + operation },
    body,
  });
  return { status: response.status, body: await response.text() };
}

/**
 * The user pool as a caller without AWS credentials reaches it: only the web app's calls, answered as
 * Cognito answers them where cognito-local differs. Admin calls, ListUsers, SignUp and the rest are
 * refused; the Lambdas and the seed keep their admin access by calling cognito-local directly.
 */
export async function cognitoShim(config: LocalConfig, target: string, body: string): Promise<Answer> {
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : '';
  // The pool allows admin-created accounts only: the portal's sign-up route is the way in.
  if (operation === 'SignUp') return failure(400, 'NotAuthorizedException', 'SignUp is not permitted for this user pool');
  if (!CLIENT_OPERATIONS.has(operation)) return failure(400, 'AccessDeniedException', `${operation || 'This call'} needs AWS credentials.`);
  const request = parse<CognitoRequest>(body);
  if (!request) return failure(400, 'SerializationException', 'The request body is not a JSON object.');
  switch (operation) {
    case 'InitiateAuth':
      return initiateAuth(config, request, body);
    case 'RespondToAuthChallenge':
      return respondToChallenge(config, request, body);
    case 'GetTokensFromRefreshToken':
      return refresh(config, request);
    case 'GlobalSignOut':
      return globalSignOut(config, request.AccessToken);
    default:
      if (TOKEN_OPERATIONS.has(operation) && !(await verifyBearer(`Bearer ${request.AccessToken ?? ''}`))) return INVALID_ACCESS_TOKEN;
      return forward(config, operation, body);
  }
}

/**
 * A password sign-in as Cognito answers it (a wrong password and an unknown user alike, a disabled
 * user refused): the Lambdas' own InitiateAuth (the password asked again before a deletion) goes
 * through it too.
 */
export async function passwordSignIn(config: LocalConfig, body: string): Promise<Answer> {
  return initiateAuth(config, parse<CognitoRequest>(body) ?? {}, body);
}

async function initiateAuth(config: LocalConfig, request: CognitoRequest, body: string): Promise<Answer> {
  if (request.AuthFlow === 'REFRESH_TOKEN_AUTH' || request.AuthFlow === 'REFRESH_TOKEN') return forward(config, 'InitiateAuth', body);
  if (request.AuthFlow !== 'USER_PASSWORD_AUTH') return failure(400, 'InvalidParameterException', `AuthFlow ${String(request.AuthFlow)} is not supported by the local user pool.`);
  // cognito-local signs a disabled user in: Cognito refuses them, whatever the password.
  const login = await storedUserByLogin(config, request.ClientId, request.AuthParameters?.USERNAME);
  if (login?.Enabled === false) return USER_DISABLED;
  const answer = await forward(config, 'InitiateAuth', body);
  const reply = parse<{ __type?: string; ChallengeName?: string; ChallengeParameters?: { USER_ID_FOR_SRP?: string } }>(answer.body) ?? {};
  if (SIGN_IN_FAILURES.has(reply.__type ?? '')) return INCORRECT_CREDENTIALS;
  // cognito-local asks a user still on a temporary password for a new one without checking the
  // password: check it here, as Cognito does, before passing the challenge on.
  if (answer.status === 200 && reply.ChallengeName === 'NEW_PASSWORD_REQUIRED') {
    const stored = await storedUser(config, request.ClientId, reply.ChallengeParameters?.USER_ID_FOR_SRP);
    if (!stored || stored.Password !== request.AuthParameters?.PASSWORD) return INCORRECT_CREDENTIALS;
  }
  if (answer.status === 200 && reply.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
    const { Session: session } = parse<{ Session?: string }>(answer.body) ?? {};
    const username = reply.ChallengeParameters?.USER_ID_FOR_SRP;
    if (session && username) mfaSessions.set(session, { username, login: String(request.AuthParameters?.USERNAME ?? '').toLowerCase(), clientId: request.ClientId ?? '', expires: Date.now() + MFA_SESSION_MS, misses: 0 });
  }
  return answer;
}

/**
 * The sessions of password sign-ins now waiting for their TOTP code. cognito-local answers
 * SOFTWARE_TOKEN_MFA with the username and a code alone, without the session: a code without the
 * password would sign anyone in. Cognito ties the code to the session of the password step, for
 * three minutes (the app client's default AuthSessionValidity), and ends it after a few wrong codes.
 */
const mfaSessions = new Map<string, { username: string; login: string; clientId: string; expires: number; misses: number }>();
const MFA_SESSION_MS = 3 * 60_000;
const MFA_SESSION_MISSES = 5;
const EXPIRED_SESSION = failure(400, 'NotAuthorizedException', 'Invalid session for the user, session is expired.');

function forgetExpiredSessions(now: number) {
  for (const [session, entry] of mfaSessions) if (entry.expires <= now) mfaSessions.delete(session);
}

/** The TOTP code of a password sign-in: only within the session its password step opened, for the same user. */
async function totpChallenge(config: LocalConfig, request: CognitoRequest): Promise<Answer> {
  const now = Date.now();
  forgetExpiredSessions(now);
  const entry = request.Session ? mfaSessions.get(request.Session) : undefined;
  const named = String(request.ChallengeResponses?.USERNAME ?? '').toLowerCase();
  if (!entry || entry.clientId !== request.ClientId || (named !== entry.username.toLowerCase() && named !== entry.login)) return EXPIRED_SESSION;
  const answer = await forward(config, 'RespondToAuthChallenge', JSON.stringify({ ...request, ChallengeResponses: { ...request.ChallengeResponses, USERNAME: entry.username } }));
  if (answer.status === 200) mfaSessions.delete(request.Session ?? '');
  else if (++entry.misses >= MFA_SESSION_MISSES) mfaSessions.delete(request.Session ?? '');
  return answer;
}

interface StoredUser {
  Password?: string;
  UserStatus?: string;
  Enabled?: boolean;
  Attributes?: { Name: string; Value: string }[];
}

/** The pool's users (cognito-local's file), found through the app client's pool. */
async function storedUsers(config: LocalConfig, clientId: string | undefined): Promise<Record<string, StoredUser> | undefined> {
  if (!clientId) return undefined;
  const ids = parse<PoolIds>(await readFile(path.join(config.dataDir, 'cognito-pool.json'), 'utf8'));
  if (ids?.userPoolClientId !== clientId) return undefined;
  const pool = parse<{ Users?: Record<string, StoredUser> }>(await readFile(path.join(cognitoDir(config), '.cognito/db', `${ids.userPoolId}.json`), 'utf8'));
  return pool?.Users;
}

/** The pool's record of a user by username. */
async function storedUser(config: LocalConfig, clientId: string | undefined, username: string | undefined) {
  return username ? (await storedUsers(config, clientId))?.[username] : undefined;
}

/** The pool's record of a user by what they sign in with: the e-mail (the pool's username attribute). */
async function storedUserByLogin(config: LocalConfig, clientId: string | undefined, login: string | undefined) {
  if (!login) return undefined;
  const users = Object.values((await storedUsers(config, clientId)) ?? {});
  return users.find((user) => user.Attributes?.some((attribute) => attribute.Name === 'email' && attribute.Value.toLowerCase() === login.toLowerCase()));
}

/**
 * The new password of a first sign-in (NEW_PASSWORD_REQUIRED): held to the pool's policy, as Cognito
 * does and cognito-local does not, then forwarded (cognito-local saves it and confirms the user).
 */
async function respondToChallenge(config: LocalConfig, request: CognitoRequest, body: string): Promise<Answer> {
  if (request.ChallengeName === 'SOFTWARE_TOKEN_MFA') return totpChallenge(config, request);
  if (request.ChallengeName !== 'NEW_PASSWORD_REQUIRED') return failure(400, 'InvalidParameterException', `ChallengeName ${String(request.ChallengeName)} is not supported by the local user pool.`);
  const password = request.ChallengeResponses?.NEW_PASSWORD ?? '';
  const broken = PASSWORD_POLICY.filter((rule) => !rule.test(password)).map((rule) => rule.message);
  if (broken.length > 0) return failure(400, 'InvalidPasswordException', `Password does not conform to policy: ${broken.join('; ')}`);
  return forward(config, 'RespondToAuthChallenge', body);
}

/** The pool's password policy (ensurePool and the CDK stack): 8+ characters, an uppercase letter, a digit. */
const PASSWORD_POLICY = [
  { test: (password: string) => password.length >= 8, message: 'Password not long enough' },
  { test: (password: string) => /[A-Z]/.test(password), message: 'Password must have uppercase characters' },
  { test: (password: string) => /[0-9]/.test(password), message: 'Password must have numeric characters' },
];

/** Amplify refreshes with GetTokensFromRefreshToken, which cognito-local lacks: InitiateAuth REFRESH_TOKEN_AUTH does the same. */
async function refresh(config: LocalConfig, request: CognitoRequest): Promise<Answer> {
  const answer = await forward(
    config,
    'InitiateAuth',
    JSON.stringify({ AuthFlow: 'REFRESH_TOKEN_AUTH', ClientId: request.ClientId, AuthParameters: { REFRESH_TOKEN: request.RefreshToken ?? '' } }),
  );
  if (answer.status !== 200) return answer;
  const tokens = parse<{ AuthenticationResult?: Record<string, unknown> }>(answer.body)?.AuthenticationResult ?? {};
  return { status: 200, body: JSON.stringify({ AuthenticationResult: { ...tokens, RefreshToken: tokens.RefreshToken ?? request.RefreshToken } }) };
}

/** cognito-local lacks GlobalSignOut: revoke each refresh token its pool file holds for the user, through its own RevokeToken. */
async function globalSignOut(config: LocalConfig, accessToken: string | undefined): Promise<Answer> {
  const claims = await verifyBearer(`Bearer ${accessToken ?? ''}`);
  if (!claims) return INVALID_ACCESS_TOKEN;
  const poolId = String(claims.iss).split('/').pop();
  const pool = parse<{ Users?: Record<string, { RefreshTokens?: string[] }> }>(
    await readFile(path.join(cognitoDir(config), '.cognito/db', `${poolId}.json`), 'utf8'),
  );
  for (const token of pool?.Users?.[String(claims.username)]?.RefreshTokens ?? []) {
    await forward(config, 'RevokeToken', JSON.stringify({ ClientId: claims.client_id, Token: token }));
  }
  return { status: 200, body: '{}' };
}

/**
 * AdminSetUserMFAPreference, which cognito-local lacks (the Lambdas' admin calls only): its
 * SetUserMFAPreference does the same for the user an access token names, and it only decodes that
 * token, so the stand-in hands it one naming the user. Answered as Cognito answers the admin call.
 */
export async function adminSetMfaPreference(config: LocalConfig, body: string): Promise<Answer> {
  const request = parse<{ UserPoolId?: string; Username?: string; SoftwareTokenMfaSettings?: unknown; SMSMfaSettings?: unknown }>(body) ?? {};
  const ids = parse<PoolIds>(await readFile(path.join(config.dataDir, 'cognito-pool.json'), 'utf8'));
  if (!ids || request.UserPoolId !== ids.userPoolId) return failure(400, 'ResourceNotFoundException', 'User pool does not exist.');
  if (!(await storedUser(config, ids.userPoolClientId, request.Username))) return failure(400, 'UserNotFoundException', 'User does not exist.');
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const token = `${part({ alg: 'none' })}.${part({ sub: request.Username, client_id: ids.userPoolClientId, token_use: 'access' })}.`;
  const answer = await forward(config, 'SetUserMFAPreference', JSON.stringify({ AccessToken: token, SoftwareTokenMfaSettings: request.SoftwareTokenMfaSettings, SMSMfaSettings: request.SMSMfaSettings }));
  return answer.status === 200 ? { status: 200, body: '{}' } : answer;
}

/** /cognito: the user pool as the web app reaches it, through the shim; nothing else of cognito-local. */
export async function serveCognito(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  let answer: Answer;
  if (url.pathname !== '/cognito' && url.pathname !== '/cognito/') answer = failure(404, 'ResourceNotFoundException', 'Not Found');
  else if (request.method !== 'POST') answer = failure(405, 'MethodNotAllowedException', 'Only POST is accepted.');
  else answer = await cognitoShim(config, String(request.headers['x-amz-target'] ?? ''), body.toString('utf8'));
  response.writeHead(answer.status, { 'content-type': 'application/x-amz-json-1.1', ...(answer.status === 405 ? { allow: 'POST' } : {}) });
  response.end(answer.body);
}
