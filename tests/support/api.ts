// A small HTTP client for the integration tests: the real API, the real Cognito stand-in (through
// the gateway's /cognito, as Amplify reaches it) and the mail catcher's REST API.
import { randomUUID } from 'node:crypto';
import type { RuntimeConfig } from '../../shared/api-types';

export interface Session {
  email: string;
  accessToken: string;
  refreshToken: string;
}

export function uniqueEmail(prefix = 'pessoa'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@exemplo.com.br`;
}

interface CognitoReply {
  AuthenticationResult: { AccessToken: string; RefreshToken: string; IdToken: string };
  ChallengeName?: string;
  ChallengeParameters?: Record<string, string>;
  Session?: string;
  Username?: string;
  UserAttributes?: { Name: string; Value: string }[];
  __type?: string;
  message?: string;
}

export class PortalClient {
  private configPromise: Promise<RuntimeConfig> | undefined;

  constructor(readonly baseUrl: string) {}

  async request(method: string, path: string, options: { body?: unknown; token?: string; rawBody?: string } = {}) {
    const response = await fetch(this.baseUrl + path, {
      method,
      headers: {
        'content-type': 'application/json',
        ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
      },
      body: options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    /** The body exactly as it came over the wire (for "this text is nowhere in the answer"). */
    const text = await response.text();
    let body: Record<string, unknown> = {};
    try {
      if (text) body = JSON.parse(text) as Record<string, unknown>;
    } catch {
      // Not JSON (a static file, say): `text` has it.
    }
    return { status: response.status, body, text, headers: response.headers };
  }

  config(): Promise<RuntimeConfig> {
    this.configPromise ??= fetch(`${this.baseUrl}/config.json`).then((response) => response.json() as Promise<RuntimeConfig>);
    return this.configPromise;
  }

  async cognito(target: string, body: Record<string, unknown>, path = '/cognito/') {
    const response = await fetch(this.baseUrl + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-amz-json-1.1', 'x-amz-target': `AWSCognitoIdentityProviderService.${target}` },
      body: JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text.startsWith('{') ? JSON.parse(text) : {}) as CognitoReply, text };
  }

  async signUp(fullName: string, email: string, password = 'Senha123') {
    return this.request('POST', '/api/auth/sign-up', { body: { fullName, email, password } });
  }

  /** Signs in as Amplify does; an account with an authenticator app answers the TOTP step with `totpCode()`. */
  async signIn(email: string, password = 'Senha123', totpCode?: () => string): Promise<Session> {
    const { userPoolClientId } = await this.config();
    let result = await this.cognito('InitiateAuth', {
      AuthFlow: 'USER_PASSWORD_AUTH',
      ClientId: userPoolClientId,
      AuthParameters: { USERNAME: email, PASSWORD: password },
    });
    if (result.status === 200 && result.body.ChallengeName === 'SOFTWARE_TOKEN_MFA') {
      if (!totpCode) throw new Error(`sign-in of ${email} asks for a TOTP code and the test gave none`);
      result = await this.cognito('RespondToAuthChallenge', {
        ChallengeName: 'SOFTWARE_TOKEN_MFA',
        ClientId: userPoolClientId,
        Session: result.body.Session,
        ChallengeResponses: { USERNAME: email, SOFTWARE_TOKEN_MFA_CODE: totpCode() },
      });
    }
    if (result.status !== 200 || !result.body.AuthenticationResult) throw new Error(`sign-in failed: ${JSON.stringify(result.body)}`);
    return { email, accessToken: result.body.AuthenticationResult.AccessToken, refreshToken: result.body.AuthenticationResult.RefreshToken };
  }

  /** Signs up a fresh account and signs it in. */
  async newUser(prefix = 'pessoa', fullName = 'Pessoa de Teste'): Promise<Session> {
    const email = uniqueEmail(prefix);
    const created = await this.signUp(fullName, email);
    if (created.status !== 201) throw new Error(`sign-up failed: ${JSON.stringify(created.body)}`);
    return this.signIn(email);
  }
}

export interface CaughtMail {
  subject: string;
  text: string;
  to: { address: string }[];
}

export async function mailsTo(mailApiUrl: string, address: string): Promise<CaughtMail[]> {
  const all = (await (await fetch(`${mailApiUrl}/email`)).json()) as CaughtMail[];
  return all.filter((mail) => mail.to.some((to) => to.address === address));
}

/**
 * The e-mails caught for an address once each one SES has accepted for it has reached the catcher:
 * the SES stand-in answers a send first and forwards the mail after, on its own.
 */
export async function deliveredMailsTo(ports: { ses: number }, mailApiUrl: string, address: string): Promise<CaughtMail[]> {
  const wanted = address.toLowerCase();
  return eventually(async () => {
    const { emails } = (await (await fetch(`http://127.0.0.1:${ports.ses}/store`)).json()) as { emails: { destination: { to: string[] } }[] };
    const accepted = emails.filter((email) => email.destination.to.some((to) => to.toLowerCase().includes(wanted))).length;
    const caught = await mailsTo(mailApiUrl, address);
    return caught.length >= accepted ? caught : undefined;
  });
}

export async function eventually<T>(probe: () => Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const value = await probe();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('condition not met in time');
}

/** A caught e-mail with its HTML and headers (maildev's header names are lower case). */
export interface CaughtMailWithHeaders extends CaughtMail {
  html: string;
  headers: Record<string, string | string[] | undefined>;
}

export async function caughtMailsTo(mailApiUrl: string, address: string): Promise<CaughtMailWithHeaders[]> {
  const all = (await (await fetch(`${mailApiUrl}/email`)).json()) as CaughtMailWithHeaders[];
  return all.filter((mail) => mail.to.some((to) => to.address.toLowerCase() === address.toLowerCase()));
}

/** Every caught e-mail, read once (for checks over many recipients). */
export async function caughtMails(mailApiUrl: string): Promise<CaughtMailWithHeaders[]> {
  return (await (await fetch(`${mailApiUrl}/email`)).json()) as CaughtMailWithHeaders[];
}
