// A subscriber's states and the moves between them, as plain functions (the store writes what they
// return): pending until the confirmation link is followed (and forgotten after confirmHours), active,
// unsubscribed, or suppressed by SES (bounced, complained). A function returns undefined when there is
// nothing to change, which makes every move idempotent.
import { NEWSLETTER_LIMITS, type SubscriberSource, type SubscriberStatus } from '../../shared/newsletter';
import type { Consent, SubscriberRecord } from './items';

const pendingExpiry = (now: Date) => Math.floor(now.getTime() / 1000) + NEWSLETTER_LIMITS.confirmHours * 3600;

export interface NewSubscriber {
  id: string;
  email: string;
  name: string | null;
  source: SubscriberSource;
  status: 'pending' | 'active';
  consent: Consent | null;
}

export function newSubscriber(input: NewSubscriber, now: Date): SubscriberRecord {
  const at = now.toISOString();
  const pending = input.status === 'pending';
  return {
    ...input,
    subscribed_at: at,
    // A master's addition is not a reader's confirmation; settings are (the account's e-mail is verified).
    confirmed_at: input.source === 'settings' ? at : null,
    unsubscribed_at: null,
    confirm_requested_at: pending ? at : null,
    updated_at: at,
    expires_at: pending ? pendingExpiry(now) : null,
  };
}

/** Suppressed addresses get no mail from a sign-up box (SES told us to stop); only the account's owner brings them back. */
export const isSuppressed = (status: SubscriberStatus) => status === 'bounced' || status === 'complained';

/** A new sign-up request of a known address: pending or unsubscribed ones get a new confirmation; active and suppressed ones nothing. */
export function requestedAgain(current: SubscriberRecord, consent: Consent, name: string | null, now: Date): SubscriberRecord | undefined {
  if (current.status !== 'pending' && current.status !== 'unsubscribed') return undefined;
  const at = now.toISOString();
  return { ...current, status: 'pending', name: name ?? current.name, consent, confirm_requested_at: at, updated_at: at, expires_at: pendingExpiry(now) };
}

/** The confirmation link followed: pending becomes active for good (no more TTL). */
export function confirmed(current: SubscriberRecord, now: Date): SubscriberRecord | undefined {
  if (current.status !== 'pending') return undefined;
  const at = now.toISOString();
  return { ...current, status: 'active', confirmed_at: at, unsubscribed_at: null, updated_at: at, expires_at: null };
}

/** Unsubscribed at once; suppressed addresses stay as they are (already out of every audience). */
export function unsubscribed(current: SubscriberRecord, now: Date): SubscriberRecord | undefined {
  if (current.status === 'unsubscribed' || isSuppressed(current.status)) return undefined;
  const at = now.toISOString();
  // Kept (no TTL): the record of the opt-out outlives the sign-up.
  return { ...current, status: 'unsubscribed', unsubscribed_at: at, updated_at: at, expires_at: null };
}

/** SES's verdict: a permanent bounce or a complaint takes the address out of the audience. */
export function suppressed(current: SubscriberRecord, status: 'bounced' | 'complained', now: Date): SubscriberRecord | undefined {
  if (current.status === status || current.status === 'complained') return undefined;
  return { ...current, status, updated_at: now.toISOString(), expires_at: null };
}

/** A signed-in reader's switch: the account's e-mail is theirs, so it is active at once. */
export function activatedFromSettings(current: SubscriberRecord, consent: Consent, now: Date): SubscriberRecord | undefined {
  if (current.status === 'active') return undefined;
  const at = now.toISOString();
  return { ...current, status: 'active', consent, confirmed_at: at, unsubscribed_at: null, confirm_requested_at: null, updated_at: at, expires_at: null };
}
