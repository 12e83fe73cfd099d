// Sends one batch of a send: one e-mail per recipient still active, each after claiming its delivery
// marker (a redelivered batch skips whoever was e-mailed), paced under the worker's share of SES's
// rate. SES refusing a recipient releases its claim and fails the batch (SQS runs it again, sending
// only to the rest); on the batch's last run a recipient SES keeps refusing is given up. An
// account-level refusal (throttling, a paused account) or the Lambda's deadline stops the run.
import type { Mail } from '../mail/public';
import { sendMail } from '../mail/public';
import { logger } from '../platform/observability';
import { editionCopies } from './edition';
import { signer } from './links';
import { BATCH_LIMITS } from './items';
import * as sends from './send-store';
import { statusesOf } from './store';

/** Stop sending when less is left of the invocation (the rest waits for the next run). */
const DEADLINE_MARGIN_MS = 5000;
/** E-mails of one run in flight at once. */
const IN_FLIGHT = 8;
const ACCOUNT_LEVEL = new Set(['TooManyRequestsException', 'LimitExceededException', 'ThrottlingException', 'SendingPausedException', 'AccountSuspendedException']);
const accountLevel = (error: unknown) => ACCOUNT_LEVEL.has((error as { name?: string } | null)?.name ?? '');

export interface DeliveryOptions {
  /** Awaited before each e-mail (pacer.ts). */
  pace: () => Promise<void>;
  /** Milliseconds left of the invocation. */
  remainingMs?: () => number;
  send?: (mail: Mail) => Promise<void>;
  now?: () => Date;
}

export interface RunReport {
  sent: number;
  /** Recipients left for a later run. */
  unsettled: number;
}

export async function deliverBatch(sendId: string, number: number, options: DeliveryOptions): Promise<RunReport> {
  const { pace, remainingMs = () => Infinity, send = sendMail, now = () => new Date() } = options;
  const [record, batch] = await Promise.all([sends.getSend(sendId, true), sends.getBatch(sendId, number)]);
  if (!record || !batch) return { sent: 0, unsettled: 0 };
  const lastRun = batch.runs + 1 >= BATCH_LIMITS.maxReceives;
  // Whoever unsubscribed or bounced since the send began gets nothing.
  const statuses = await statusesOf(batch.recipients.map((recipient) => recipient.id));
  const copyFor = await editionCopies({ subject: record.subject, intro: record.intro, articles: record.articles }, sendId, signer());
  let sent = 0;
  let unsettled = 0;
  let failure: unknown;
  let stopped = false;
  // A few e-mails in flight at once: one at a time, SES's and the table's round trips would bound the
  // worker below its share of the rate; the pacer still spaces the sends themselves.
  const queue = [...batch.recipients];
  const lane = async () => {
    for (let recipient = queue.shift(); recipient; recipient = queue.shift()) {
      if (!stopped && remainingMs() < DEADLINE_MARGIN_MS) stopped = true;
      if (stopped) {
        unsettled += 1;
        continue;
      }
      if (statuses.get(recipient.id) !== 'active') continue;
      if (!(await sends.claimDelivery(sendId, recipient.id))) continue;
      try {
        const mail = copyFor(recipient.id);
        await pace();
        await send({ to: recipient.email, subject: mail.subject, html: mail.html, text: mail.text, headers: mail.headers });
        sent += 1;
      } catch (error) {
        if (lastRun && !accountLevel(error)) {
          logger.warn('newsletter recipient given up', { sendId, subscriberId: recipient.id, error });
          await sends.failDelivery(sendId, recipient.id, (error as { name?: string }).name ?? 'Error');
          continue;
        }
        await sends.releaseDelivery(sendId, recipient.id);
        unsettled += 1;
        failure ??= error;
        if (accountLevel(error)) stopped = true;
      }
    }
  };
  await Promise.all(Array.from({ length: IN_FLIGHT }, lane));
  const at = now().toISOString();
  await sends.endRun(sendId, number, sent, unsettled === 0, at);
  if (unsettled === 0) await sends.finishIfDone(sendId, at);
  logger.info('newsletter batch run', { sendId, batch: number, sent, unsettled });
  if (unsettled) throw failure ?? new Error(`batch ${number} of send ${sendId} stopped before its deadline with ${unsettled} recipients left`);
  return { sent, unsettled };
}
