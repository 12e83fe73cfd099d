// What the newsletter holds about a person, found from their e-mail's claim (the subscriber may have
// signed up before the account existed, or without it), and its removal: the subscriber, the claim
// and the confirmation-mail markers of the subscriber's partition. A send batch queued earlier still
// names the address until it expires (BATCH_KEEP_DAYS after it is done, items.ts), but the batch
// worker skips a recipient whose subscriber is gone (statusesOf).
import { getItem, query, type Item, type Key } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { emailClaimKey, SUBSCRIBER_ENTITY, subscriberFromItem, subscriberKey } from './items';

/** The claim and, when it still names one, the subscriber's partition (the item and its CONFIRMMAIL# markers). */
async function held(email: string): Promise<{ claim?: Item; subscriber?: Item; markers: Item[] }> {
  // Read even past its TTL: an expired item not yet deleted still holds the address.
  const claim = await getItem(emailClaimKey(email), true);
  if (!claim) return { markers: [] };
  const partition = await query({ partition: subscriberKey(String(claim.subscriber_id)).pk });
  // Only the subscriber of this very address (a stale claim may name one already gone).
  const subscriber = partition.find((item) => item.entity === SUBSCRIBER_ENTITY && item.email === email);
  const markers = partition.filter((item) => String(item.sk).startsWith('CONFIRMMAIL#'));
  return { claim, subscriber, markers: subscriber ? markers : [] };
}

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const { subscriber } = await held(subject.email);
  if (!subscriber) return { subscriber: null };
  const { email, name, status, source, subscribed_at, confirmed_at, unsubscribed_at, consent } = subscriberFromItem(subscriber);
  return { subscriber: { email, name, status, source, subscribed_at, confirmed_at, unsubscribed_at, consent } };
}

async function erase(subject: Subject): Promise<Record<string, number>> {
  const { claim, subscriber, markers } = await held(subject.email);
  const keys: Key[] = [claim, subscriber, ...markers].filter((item): item is Item => Boolean(item)).map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  if (keys.length) await batchDelete(keys);
  return { subscribers: subscriber ? 1 : 0, claims: claim ? 1 : 0, confirmation_markers: markers.length };
}

export const personalData: PersonalData = { context: 'newsletter', collect, erase };
