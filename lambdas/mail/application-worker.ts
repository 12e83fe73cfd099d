// Sends the applicant the decision on their author application, once per application whatever the
// number of deliveries (once.ts: Powertools idempotency keyed by the application id), and the notice of
// another application with their e-mail or CPF, once per notice.
import { makeIdempotent } from '@aws-lambda-powertools/idempotency';
import { APPLICATION_EVENTS } from '../applications/public';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { approvalMail, rejectionMail, repeatedMail } from './templates/application';
import { mailIdempotency } from './once';
import { sendMail, type Mail } from './transport';
import type { SendMail } from './welcome-worker';

const once = mailIdempotency('application_id');

const sendOnce = makeIdempotent(
  async (decision: { application_id: string; mail: Mail }, send: SendMail) => {
    await send(decision.mail);
    metrics.addMetric('ApplicationMailsSent', MetricUnit.Count, 1);
    logger.info('application decision mail sent', { applicationId: decision.application_id });
    return { application_id: decision.application_id, sent_at: new Date().toISOString() };
  },
  { persistenceStore: once.persistenceStore, config: once.config, keyPrefix: 'application-mail' },
);

const onceNotice = mailIdempotency('notice_id');

const sendNoticeOnce = makeIdempotent(
  async (notice: { notice_id: string; mail: Mail }, send: SendMail) => {
    await send(notice.mail);
    logger.info('repeated application notice sent');
    return { sent_at: new Date().toISOString() };
  },
  { persistenceStore: onceNotice.persistenceStore, config: onceNotice.config, keyPrefix: 'application-notice-mail' },
);

export function applicationWorker(send: SendMail = sendMail) {
  return eventWorker(APPLICATION_EVENTS, ['AuthorApplicationApproved', 'AuthorApplicationRejected', 'AuthorApplicationRepeated'], async (event, context) => {
    const siteUrl = env('SITE_URL');
    if ('notice_id' in event) {
      onceNotice.registerContext(context);
      return void (await sendNoticeOnce({ notice_id: event.notice_id, mail: await repeatedMail(event, siteUrl) }, send));
    }
    once.registerContext(context);
    const mail = await ('decided_by' in event ? approvalMail(event, siteUrl) : rejectionMail(event, siteUrl));
    await sendOnce({ application_id: event.application_id, mail }, send);
  });
}

export const handler = applicationWorker();
