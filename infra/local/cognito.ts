// cognito-local as the user pool, plus the small shim for the calls Amplify makes that it lacks.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  CognitoIdentityProviderClient,
  CreateUserPoolClientCommand,
  CreateUserPoolCommand,
  DescribeUserPoolCommand,
  InitiateAuthCommand,
} from '@aws-sdk/client-cognito-identity-provider';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { localUrl, type LocalConfig } from './config';
import { proxy } from './proxy';
import { waitFor } from './wait';

export interface PoolIds {
  userPoolId: string;
  userPoolClientId: string;
}

export function startCognito(config: LocalConfig): ChildProcess {
  const cwd = path.join(config.dataDir, 'cognito');
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
    if (alive) return ids;
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

const TARGET_PREFIX = 'AWSCognitoIdentityProviderService.';

/**
 * The shim in front of cognito-local: Amplify refreshes with GetTokensFromRefreshToken and signs out
 * with RevokeToken/GlobalSignOut, which cognito-local lacks. Refresh becomes InitiateAuth
 * REFRESH_TOKEN_AUTH; the sign-out calls succeed (local tokens simply expire). A failed sign-in answers as
 * Cognito does with user-existence errors prevented. Everything else passes through.
 */
export async function cognitoShim(config: LocalConfig, target: string, body: string): Promise<{ status: number; body: string } | undefined> {
  const operation = target.startsWith(TARGET_PREFIX) ? target.slice(TARGET_PREFIX.length) : target;
  if (operation === 'GlobalSignOut' || operation === 'RevokeToken') return { status: 200, body: '{}' };
  if (operation === 'InitiateAuth') return initiateAuthAsAws(config, target, body);
  if (operation !== 'GetTokensFromRefreshToken') return undefined;
  const request = JSON.parse(body || '{}') as { RefreshToken?: string; ClientId?: string };
  try {
    const result = await cognitoClient(config).send(
      new InitiateAuthCommand({
        AuthFlow: 'REFRESH_TOKEN_AUTH',
        ClientId: request.ClientId,
        AuthParameters: { REFRESH_TOKEN: request.RefreshToken ?? '' },
      }),
    );
    const tokens = result.AuthenticationResult ?? {};
    return {
      status: 200,
      body: JSON.stringify({ AuthenticationResult: { ...tokens, RefreshToken: tokens.RefreshToken ?? request.RefreshToken } }),
    };
  } catch (error) {
    const name = (error as { name?: string }).name ?? 'NotAuthorizedException';
    return { status: 400, body: JSON.stringify({ __type: name, message: (error as Error).message }) };
  }
}

async function initiateAuthAsAws(config: LocalConfig, target: string, body: string) {
  const response = await fetch(localUrl(config.ports.cognito), {
    method: 'POST',
    headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': target },
    body,
  });
  const text = await response.text();
  const type = response.ok ? undefined : (JSON.parse(text || '{}') as { __type?: string }).__type;
  if (type === 'InvalidPasswordException' || type === 'UserNotFoundException') {
    return { status: 400, body: JSON.stringify({ __type: 'NotAuthorizedException', message: 'Incorrect username or password.' }) };
  }
  return { status: response.status, body: text };
}

/** /cognito: the user pool as the web app reaches it, through the shim. */
export async function serveCognito(config: LocalConfig, request: IncomingMessage, response: ServerResponse, url: URL, body: Buffer) {
  const shimmed = request.method === 'POST' ? await cognitoShim(config, String(request.headers['x-amz-target'] ?? ''), body.toString('utf8')) : undefined;
  if (shimmed) {
    response.writeHead(shimmed.status, { 'content-type': 'application/x-amz-json-1.1' });
    response.end(shimmed.body);
    return;
  }
  await proxy(localUrl(config.ports.cognito) + (url.pathname.slice('/cognito'.length) || '/') + url.search, request, response, body);
}
