// The signed tokens of the newsletter's links: confirm a sign-up, unsubscribe, count an open, follow
// a tracked link. A token is its payload (base64url JSON) and an HMAC-SHA256 of it under the
// newsletter secret's signing key; a click's token also signs the address it leads to, which travels
// beside it. Verification is timing-safe; only a confirmation expires.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { NEWSLETTER_LIMITS } from '../../shared/newsletter';
import { secretValue } from '../platform/secrets';

/** The secret's name for withSecret / secretValue (SECRET_NAMES.newsletter on AWS). */
export const NEWSLETTER_SECRET = 'newsletter';

export const signingKey = (): string => secretValue<{ signing_key: string }>(NEWSLETTER_SECRET).signing_key;

export type TokenPayload =
  /** A sign-up request: the subscriber and when it was asked for (ms), which dates the link. */
  | { k: 'confirm'; s: string; t: number }
  | { k: 'unsubscribe'; s: string }
  /** d: the send, s: the subscriber. */
  | { k: 'open'; d: string; s: string }
  | { k: 'click'; d: string; s: string };

type Kind = TokenPayload['k'];
type PayloadOf<K extends Kind> = Extract<TokenPayload, { k: K }>;

const mac = (key: string, body: string, bound: string) => createHmac('sha256', key).update(`${body}\n${bound}`).digest();

/** `bound` is signed but not carried (a click's address, which the link carries itself). */
export function signToken(key: string, payload: TokenPayload, bound = ''): string {
  const body = Buffer.from(JSON.stringify(payload)).toString('base64url');
  return `${body}.${mac(key, body, bound).toString('base64url')}`;
}

/** The payload when the token is ours, of that kind and (for a click) signed with that address; else undefined. */
export function verifyToken<K extends Kind>(key: string, token: string, kind: K, bound = ''): PayloadOf<K> | undefined {
  const [body, signature, extra] = token.split('.');
  if (!body || !signature || extra !== undefined) return undefined;
  const expected = mac(key, body, bound);
  const given = Buffer.from(signature, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return undefined;
  try {
    const payload = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (payload.k !== kind || typeof payload.s !== 'string') return undefined;
    if ('d' in payload && typeof payload.d !== 'string') return undefined;
    return payload as PayloadOf<K>;
  } catch {
    return undefined;
  }
}

export type Confirmation = { subscriberId: string; requestedAt: number } | 'invalid' | 'expired';

/** A confirmation token's verdict: forged, expired (NEWSLETTER_LIMITS.confirmHours after the request), or whose request. */
export function readConfirmation(key: string, token: string, now = Date.now()): Confirmation {
  const payload = verifyToken(key, token, 'confirm');
  if (!payload || typeof payload.t !== 'number') return 'invalid';
  if (now - payload.t > NEWSLETTER_LIMITS.confirmHours * 3600 * 1000) return 'expired';
  return { subscriberId: payload.s, requestedAt: payload.t };
}
