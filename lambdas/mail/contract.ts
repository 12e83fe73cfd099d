// The mail context: e-mails the portal sends in reaction to events (no HTTP routes).
import { consumes, defineContext } from '../platform/contract';
import { APPLICATION_EVENTS } from '../applications/public';
import { PAYMENT_EVENTS } from '../payments/public';
import { USER_EVENTS } from '../users/public';

export const contract = defineContext({
  name: 'mail',
  routes: {},
  workers: [
    {
      name: 'welcome-mail',
      file: 'welcome-worker',
      pattern: consumes(USER_EVENTS, ['UserSignedUp', 'SignUpWithKnownEmail']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
    {
      name: 'application-mail',
      file: 'application-worker',
      pattern: consumes(APPLICATION_EVENTS, ['AuthorApplicationApproved', 'AuthorApplicationRejected', 'AuthorApplicationRepeated']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
    {
      name: 'subscription-mail',
      file: 'subscription-worker',
      pattern: consumes(PAYMENT_EVENTS, ['SubscriptionActivated', 'SubscriptionPaymentFailed', 'SubscriptionCancelled', 'SubscriptionPaymentPending', 'SubscriptionRenewalDue']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
  ],
  // The ses permission brings SES_CONFIGURATION_SET (and MAIL_SEND_RATE) with it.
  permissions: [{ service: 'ses', send: 'from-mail-sender' }],
  environment: ['TABLE_NAME', 'SITE_URL', 'MAIL_FROM'],
});
