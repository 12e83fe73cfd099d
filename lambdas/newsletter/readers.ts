// What readers do themselves: sign up from a box (double opt-in, rate-limited per e-mail and per address, consent
// recorded), confirm through the signed link, unsubscribe in one click (RFC 8058 or the footer's
// page), and, signed in, switch the account's e-mail on or off in settings. A sign-up's answer never
// tells whether the address was known.
import { NEWSLETTER_CONSENT, NEWSLETTER_LIMITS, NEWSLETTER_MESSAGES as MESSAGES, type MyNewsletter } from '../../shared/newsletter';
import type { z } from 'zod';
import type { mySubscriptionSchema, signupSchema } from '../../shared/newsletter';
import { badRequest, notFound, tooManyRequests } from '../platform/errors';
import { timeOrderedId } from '../platform/ids';
import { accountOf } from '../users/public';
import type { Consent } from './items';
import { activatedFromSettings, confirmed, newSubscriber, requestedAgain, unsubscribed } from './lifecycle';
import * as store from './store';
import { readConfirmation, signingKey, verifyToken } from './tokens';

/** POST /api/newsletter/signup: 202 whatever the address's state; the confirmation e-mail follows from the item's change. */
export async function signup(input: z.output<typeof signupSchema>, address: string, now = new Date()): Promise<{ message: string }> {
  if (!(await store.countSignup(address, NEWSLETTER_LIMITS.signupsPerHour, now.getTime()))) throw tooManyRequests(MESSAGES.tooManySignups);
  // The person's own limit: each sign-up sends a confirmation, and nobody's inbox is a script's target.
  if (!(await store.countEmailSignup(input.email, NEWSLETTER_LIMITS.signupsPerEmailHour, now.getTime()))) throw tooManyRequests(MESSAGES.tooManySignups);
  const consent: Consent = { at: now.toISOString(), source: input.source, source_page: input.source_page, text_version: input.consent_version };
  const name = input.name?.trim() || null;
  const found = await store.findByEmail(input.email);
  if (found.subscriber) {
    await store.changeSubscriber(found.subscriber.id, (current) => requestedAgain(current, consent, name, now));
  } else {
    const record = newSubscriber({ id: timeOrderedId(now.getTime()), email: input.email, name, source: input.source, status: 'pending', consent }, now);
    // Lost to a sign-up of the same address a moment earlier: that one's e-mail is on its way.
    await store.insertSubscriber(record, found.staleId);
  }
  return { message: MESSAGES.signupSent };
}

/** POST /api/newsletter/confirm: pending becomes active; confirming again is fine. */
export async function confirm(token: string, now = new Date()): Promise<{ message: string; email: string }> {
  const verdict = readConfirmation(signingKey(), token, now.getTime());
  if (verdict === 'invalid') throw badRequest(MESSAGES.confirmInvalid, 'token');
  if (verdict === 'expired') throw badRequest(MESSAGES.confirmExpired, 'token');
  const record = await store.changeSubscriber(verdict.subscriberId, (current) => confirmed(current, now));
  // Forgotten (never confirmed in time), or left since: a new sign-up sends a new link.
  if (!record || record.status !== 'active') throw badRequest(MESSAGES.confirmExpired, 'token');
  return { message: MESSAGES.confirmed, email: record.email };
}

/** POST /api/newsletter/unsubscribe: the token from the address (one-click) or from our page's JSON body; idempotent. */
export async function unsubscribeByToken(token: string | undefined, now = new Date()): Promise<{ message: string }> {
  const payload = token ? verifyToken(signingKey(), token, 'unsubscribe') : undefined;
  if (!payload) throw badRequest(MESSAGES.unsubscribeInvalid, 'token');
  await store.changeSubscriber(payload.s, (current) => unsubscribed(current, now));
  return { message: MESSAGES.unsubscribed };
}

async function accountEmail(userId: string): Promise<string> {
  const account = await accountOf(userId);
  if (!account?.email) throw notFound(MESSAGES.subscriberNotFound);
  return account.email.trim().toLowerCase();
}

/** GET /api/newsletter/me */
export async function mine(userId: string): Promise<MyNewsletter> {
  const email = await accountEmail(userId);
  const { subscriber } = await store.findByEmail(email);
  return { email, status: subscriber?.status ?? null };
}

/** PUT /api/newsletter/me: on is active at once (source 'settings', consent recorded), off unsubscribes. */
export async function setMine(userId: string, input: z.output<typeof mySubscriptionSchema>, now = new Date()): Promise<MyNewsletter> {
  const email = await accountEmail(userId);
  const found = await store.findByEmail(email);
  if (!input.subscribed) {
    const record = found.subscriber && (await store.changeSubscriber(found.subscriber.id, (current) => unsubscribed(current, now)));
    return { email, status: record?.status ?? null };
  }
  const consent: Consent = { at: now.toISOString(), source: 'settings', source_page: '/settings', text_version: input.consent_version ?? NEWSLETTER_CONSENT.version };
  if (found.subscriber) {
    const record = await store.changeSubscriber(found.subscriber.id, (current) => activatedFromSettings(current, consent, now));
    return { email, status: record?.status ?? null };
  }
  const record = newSubscriber({ id: timeOrderedId(now.getTime()), email, name: null, source: 'settings', status: 'active', consent }, now);
  if (!(await store.insertSubscriber(record, found.staleId))) return mine(userId);
  return { email, status: record.status };
}
