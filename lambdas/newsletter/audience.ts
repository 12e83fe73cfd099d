// Splits a send's audience into batches: the active subscribers when it runs, read page by page from
// the status index, BATCH_LIMITS.recipients to a batch item (whose insert queues it). Once every batch
// is written the audience is fixed on the send. A redelivery finds it fixed and does nothing.
import { BATCH_LIMITS, type Recipient } from './items';
import * as sends from './send-store';
import { activeRecipients } from './store';

export async function queueAudience(sendId: string, now = new Date()): Promise<void> {
  const send = await sends.getSend(sendId, true);
  if (!send || send.batches_total !== null) return;
  const at = now.toISOString();
  let batches = 0;
  let audience = 0;
  let pending: Recipient[] = [];
  const flush = async (all: boolean) => {
    const writes: Promise<void>[] = [];
    while (pending.length >= BATCH_LIMITS.recipients || (all && pending.length)) {
      const recipients = pending.slice(0, BATCH_LIMITS.recipients);
      pending = pending.slice(BATCH_LIMITS.recipients);
      batches += 1;
      writes.push(sends.insertBatch({ send_id: sendId, number: batches, recipients, created_at: at, done_at: null, runs: 0 }));
    }
    await Promise.all(writes);
  };
  for await (const page of activeRecipients()) {
    audience += page.length;
    pending.push(...page);
    await flush(false);
  }
  await flush(true);
  await sends.setAudience(sendId, audience, batches, at);
  // No one left to send to, or every batch already done: the send is over.
  await sends.finishIfDone(sendId, at);
}
