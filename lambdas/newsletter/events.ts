// Domain events of the newsletter context (EVENTS.md beside this file), read from its items' changes:
// a sign-up waiting for its confirmation e-mail, a send asked for, a batch of recipients queued.
// No e-mail address travels in them: the workers read the items.
import { z } from 'zod';
import { domainEvent, type ChangeMapper, type EventCatalogue } from '../platform/domain-events';
import { BATCH_ENTITY, SEND_ENTITY, SUBSCRIBER_ENTITY } from './items';

export const NEWSLETTER_EVENTS = {
  NewsletterSignupRequested: {
    source: 'portal.newsletter',
    description: 'A reader asked to subscribe (a new address, or a pending or unsubscribed one again): it waits for the confirmation e-mail.',
    detail: z.object({
      subscriber_id: z.string(),
      /** Which request: each gets its own e-mail, once. */
      requested_at: z.string(),
    }),
  },
  NewsletterSendRequested: {
    source: 'portal.newsletter',
    description: 'A master sent an edition to the active subscribers.',
    detail: z.object({ send_id: z.string(), sent_by: z.string(), sent_at: z.string() }),
  },
  NewsletterBatchQueued: {
    source: 'portal.newsletter',
    description: 'A batch of recipients of a send was written, to be e-mailed by the batch worker.',
    detail: z.object({ send_id: z.string(), batch: z.number().int(), recipients: z.number().int() }),
  },
} as const satisfies EventCatalogue;

/** SES's own events (event publishing, on the default bus) that the suppression worker reads. */
export const SES_EVENTS = ['Email Bounced', 'Email Complaint Received'] as const;

const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const newsletterEvents: ChangeMapper = (change) => {
  const next = change.newImage;
  if (!next || change.eventName === 'REMOVE') return [];
  const inserted = change.eventName === 'INSERT';
  if (next.entity === SUBSCRIBER_ENTITY) {
    const requestedAt = text(next.confirm_requested_at);
    const newRequest = inserted || text(change.oldImage?.confirm_requested_at) !== requestedAt;
    if (next.status !== 'pending' || !requestedAt || !newRequest) return [];
    return [domainEvent(NEWSLETTER_EVENTS, 'NewsletterSignupRequested', { subscriber_id: text(next.id), requested_at: requestedAt })];
  }
  if (inserted && next.entity === SEND_ENTITY) {
    return [domainEvent(NEWSLETTER_EVENTS, 'NewsletterSendRequested', { send_id: text(next.id), sent_by: text(next.sent_by), sent_at: text(next.sent_at) })];
  }
  if (inserted && next.entity === BATCH_ENTITY) {
    const recipients = Array.isArray(next.recipients) ? next.recipients.length : 0;
    return [domainEvent(NEWSLETTER_EVENTS, 'NewsletterBatchQueued', { send_id: text(next.send_id), batch: Number(next.number), recipients })];
  }
  return [];
};
