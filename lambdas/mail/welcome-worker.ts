// Sends the welcome e-mail once per account, whatever the number of deliveries of UserSignedUp
// (once.ts: Powertools idempotency keyed by the user id), and the notice of a sign-up with an e-mail
// that already has an account to its owner, once per notice (SignUpWithKnownEmail).
import { makeIdempotent } from '@aws-lambda-powertools/idempotency';
import type { EventDetail } from '../platform/domain-events';
import { USER_EVENTS } from '../users/public';
import { env } from '../platform/env';
import { logger, metrics, MetricUnit } from '../platform/observability';
import { eventWorker } from '../platform/sqs-worker';
import { mailIdempotency } from './once';
import { sendMail, type Mail } from './transport';
import { knownEmailMail, welcomeMail } from './templates/welcome';

export type SendMail = (mail: Mail) => Promise<void>;

// Runs only when a delivery finds the mail already sent.
const once = mailIdempotency('user_id', (response) => {
  logger.info('welcome mail already sent', { sent: response });
  return response;
});

const sendOnce = makeIdempotent(
  async (user: EventDetail<typeof USER_EVENTS, 'UserSignedUp'>, send: SendMail) => {
    await send(await welcomeMail(user, env('SITE_URL')));
    metrics.addMetric('WelcomeMailsSent', MetricUnit.Count, 1);
    logger.info('welcome mail sent', { userId: user.user_id });
    return { user_id: user.user_id, sent_at: new Date().toISOString() };
  },
  { persistenceStore: once.persistenceStore, config: once.config, keyPrefix: 'welcome-mail' },
);

const onceNotice = mailIdempotency('notice_id');

const sendNoticeOnce = makeIdempotent(
  async (notice: EventDetail<typeof USER_EVENTS, 'SignUpWithKnownEmail'>, send: SendMail) => {
    await send(await knownEmailMail(notice, env('SITE_URL')));
    logger.info('known e-mail notice sent');
    return { sent_at: new Date().toISOString() };
  },
  { persistenceStore: onceNotice.persistenceStore, config: onceNotice.config, keyPrefix: 'signup-notice-mail' },
);

/** The worker with its transport as a parameter: SES by default, another one in tests. */
export function welcomeWorker(send: SendMail = sendMail) {
  return eventWorker(USER_EVENTS, ['UserSignedUp', 'SignUpWithKnownEmail'], async (event, context) => {
    if ('notice_id' in event) {
      onceNotice.registerContext(context);
      return void (await sendNoticeOnce(event, send));
    }
    // An approved applicant's account: the approval e-mail (application-worker.ts) is their welcome.
    if (event.origin === 'application') return;
    once.registerContext(context);
    await sendOnce(event, send);
  });
}

export const handler = welcomeWorker();
