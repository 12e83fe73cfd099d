// A Google service account's key as pasted by a master, and OAuth 2.0 for service accounts: an
// RS256-signed JWT exchanged at the key's token_uri for an access token (RFC 7523's JWT bearer grant,
// as https://developers.google.com/identity/protocols/oauth2/service-account describes it).
import { createHash, createPrivateKey, createSign, type KeyObject } from 'node:crypto';
import { ANALYTICS_SETTINGS_MESSAGES } from '../../../shared/analytics';
import { badRequest } from '../../platform/errors';
import { GoogleApiError, postForm } from './http';

export { GoogleApiError } from './http';

export interface ServiceAccountKey {
  client_email: string;
  private_key: string;
  token_uri: string;
  project_id?: string;
}

export const GOOGLE_TOKEN_URI = 'https://oauth2.googleapis.com/token';
/** Google accepts assertions valid for at most an hour. */
const ASSERTION_SECONDS = 3600;
/** A cached token is dropped this long before Google says it expires, so no call carries a dying one. */
const TOKEN_MARGIN_SECONDS = 120;

const isText = (value: unknown): value is string => typeof value === 'string' && value.trim() !== '';

/** The key file's JSON, or the spec's pt-BR messages: not JSON, or no client_email/private_key. */
export function parseServiceKey(text: string): ServiceAccountKey {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badRequest(ANALYTICS_SETTINGS_MESSAGES.invalidJson);
  }
  const fields = (parsed && typeof parsed === 'object' ? parsed : {}) as Record<string, unknown>;
  if (!isText(fields.client_email) || !isText(fields.private_key)) throw badRequest(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
  // The token is asked where the key says (Google's own endpoint unless it names another), over HTTP(S) only.
  const tokenUri = isText(fields.token_uri) ? fields.token_uri : GOOGLE_TOKEN_URI;
  if (!/^https?:\/\//i.test(tokenUri)) throw badRequest(ANALYTICS_SETTINGS_MESSAGES.invalidKey);
  return {
    client_email: fields.client_email,
    private_key: fields.private_key,
    token_uri: tokenUri,
    ...(isText(fields.project_id) ? { project_id: fields.project_id } : {}),
  };
}

const base64url = (value: string | Buffer) => Buffer.from(value).toString('base64url');

function signingKey(key: ServiceAccountKey): KeyObject {
  try {
    return createPrivateKey(key.private_key);
  } catch (error) {
    throw new GoogleApiError(`Chave privada inválida na chave de serviço (${(error as Error).message}).`);
  }
}

/** The signed assertion: {iss, scope, aud: token_uri, iat, exp} for an hour. */
export function signedAssertion(key: ServiceAccountKey, scope: string, now = Date.now()): string {
  const iat = Math.floor(now / 1000);
  const header = base64url(JSON.stringify({ alg: 'RS256', typ: 'JWT' }));
  const claims = base64url(JSON.stringify({ iss: key.client_email, scope, aud: key.token_uri, iat, exp: iat + ASSERTION_SECONDS }));
  const signature = createSign('RSA-SHA256').update(`${header}.${claims}`).sign(signingKey(key));
  return `${header}.${claims}.${base64url(signature)}`;
}

/**
 * Where the signed assertion may go: Google's token endpoint, or the host Google's APIs are pointed
 * at when they are (GOOGLE_ANALYTICS_DATA_URL, unset on AWS) — never any host a pasted key names.
 */
function tokenEndpoint(key: ServiceAccountKey): string {
  const allowed = [GOOGLE_TOKEN_URI, process.env.GOOGLE_ANALYTICS_DATA_URL].filter(isText).map((url) => new URL(url).origin);
  if (!allowed.includes(new URL(key.token_uri).origin)) throw new GoogleApiError(`O token_uri da chave não é o do Google (${key.token_uri}).`);
  return key.token_uri;
}

const tokens = new Map<string, { token: string; expiresAt: number }>();

/**
 * An access token for the account and scope, cached until shortly before it expires. The cache key
 * includes a digest of the private key and the token endpoint: a replaced key with the same e-mail
 * must be tried for itself, not answered with the old key's token.
 */
export async function accessToken(key: ServiceAccountKey, scope: string): Promise<string> {
  const digest = createHash('sha256').update(`${key.token_uri}\n${key.private_key}`).digest('hex');
  const cacheKey = `${key.client_email}\n${scope}\n${digest}`;
  const cached = tokens.get(cacheKey);
  if (cached && cached.expiresAt > Date.now()) return cached.token;
  const answer = await postForm(tokenEndpoint(key), {
    grant_type: 'urn:ietf:params:oauth:grant-type:jwt-bearer',
    assertion: signedAssertion(key, scope),
  });
  const token = typeof answer.access_token === 'string' ? answer.access_token : '';
  if (!token) throw new GoogleApiError('O Google não devolveu um token de acesso.');
  const seconds = typeof answer.expires_in === 'number' ? answer.expires_in : 3600;
  tokens.set(cacheKey, { token, expiresAt: Date.now() + Math.max(0, seconds - TOKEN_MARGIN_SECONDS) * 1000 });
  return token;
}
