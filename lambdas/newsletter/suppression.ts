// SES's verdicts on our e-mails, from its event publishing on the default bus: a permanent bounce
// marks the address 'bounced', a complaint 'complained'; either takes it out of every audience.
// A transient bounce changes nothing (SES retried it already).
import { z } from 'zod';
import { logger } from '../platform/observability';
import { suppressed } from './lifecycle';
import * as store from './store';

const recipients = z.array(z.object({ emailAddress: z.string() })).catch([]);

const sesEvent = z.object({
  'detail-type': z.string(),
  detail: z.object({
    eventType: z.string().optional(),
    bounce: z.object({ bounceType: z.string(), bouncedRecipients: recipients }).optional(),
    complaint: z.object({ complainedRecipients: recipients }).optional(),
  }),
});

/** 'Fulano <a@b.com>' or 'A@B.com ' -> 'a@b.com' */
export const bareAddress = (address: string) => (/<([^>]+)>/.exec(address)?.[1] ?? address).trim().toLowerCase();

/** The addresses an SES event tells us to stop sending to, with the status each gets. */
export function verdictsOf(envelope: unknown): { email: string; status: 'bounced' | 'complained' }[] {
  const event = sesEvent.parse(envelope);
  const { bounce, complaint } = event.detail;
  if (event['detail-type'] === 'Email Bounced' && bounce?.bounceType === 'Permanent') {
    return bounce.bouncedRecipients.map((recipient) => ({ email: bareAddress(recipient.emailAddress), status: 'bounced' as const }));
  }
  if (event['detail-type'] === 'Email Complaint Received' && complaint) {
    return complaint.complainedRecipients.map((recipient) => ({ email: bareAddress(recipient.emailAddress), status: 'complained' as const }));
  }
  return [];
}

export async function applyVerdicts(envelope: unknown, now = new Date()): Promise<void> {
  for (const { email, status } of verdictsOf(envelope)) {
    const { subscriber } = await store.findByEmail(email);
    // Not a subscriber (a welcome e-mail bounced, say): nothing of ours to change.
    if (!subscriber) continue;
    await store.changeSubscriber(subscriber.id, (current) => suppressed(current, status, now));
    logger.info('newsletter address suppressed', { subscriberId: subscriber.id, status });
  }
}
