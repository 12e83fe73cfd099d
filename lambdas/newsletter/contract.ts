// The newsletter context: the master's /newsletter (subscribers, sends, composing an edition), the
// readers' sign-up with double opt-in, confirmation, one-click unsubscribe and settings switch, and
// the tracked opens and clicks. A send goes out through its own pipeline (EVENTS.md): the audience
// split into batches, each batch e-mailed through SES once per subscriber; SES's bounces and
// complaints, from the default bus, suppress addresses.
import {
  addSubscriberSchema,
  clickQuerySchema,
  editionSchema,
  mySubscriptionSchema,
  signupSchema,
  subscriberListQuery,
  tokenQuerySchema,
  tokenSchema,
} from '../../shared/newsletter';
import { awsEvents, consumes, defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { NEWSLETTER_EVENTS, newsletterEvents, SES_EVENTS } from './events';
import { BATCH_LIMITS } from './items';
import { NEWSLETTER_MESSAGES } from '../../shared/newsletter-rules';

// Who may use the gated routes (the permission matrix in shared/roles.ts, with this context's own refusal).
const managers = onlyFor('newsletter.manage', NEWSLETTER_MESSAGES.forbidden);

export const contract = defineContext({
  name: 'newsletter',
  routes: {
    // Masters.
    'GET /api/newsletter/overview': { auth: 'required', requires: managers },
    'GET /api/newsletter/subscribers': { auth: 'required', requires: managers, query: subscriberListQuery },
    'POST /api/newsletter/subscribers': { auth: 'required', requires: managers, body: addSubscriberSchema },
    'POST /api/newsletter/subscribers/{id}/unsubscribe': { auth: 'required', requires: managers },
    'GET /api/newsletter/sends': { auth: 'required', requires: managers },
    'GET /api/newsletter/sends/{id}': { auth: 'required', requires: managers },
    'GET /api/newsletter/articles': { auth: 'required', requires: managers },
    'POST /api/newsletter/preview': { auth: 'required', requires: managers, body: editionSchema },
    'POST /api/newsletter/test': { auth: 'required', requires: managers, body: editionSchema },
    'POST /api/newsletter/sends': { auth: 'required', requires: managers, body: editionSchema },
    // Anyone.
    'POST /api/newsletter/signup': { auth: 'none', body: signupSchema },
    'POST /api/newsletter/confirm': { auth: 'none', body: tokenSchema },
    // RFC 8058: mail clients post `List-Unsubscribe=One-Click` as a form; our page posts JSON { token }.
    'POST /api/newsletter/unsubscribe': { auth: 'none', query: tokenQuerySchema, rawBody: true },
    'GET /api/newsletter/open/{token}': { auth: 'none' },
    'GET /api/newsletter/click': { auth: 'none', query: clickQuerySchema },
    // A signed-in reader's settings.
    'GET /api/newsletter/me': { auth: 'required' },
    'PUT /api/newsletter/me': { auth: 'required', body: mySubscriptionSchema },
  },
  emits: { catalogue: NEWSLETTER_EVENTS, changes: newsletterEvents },
  workers: [
    {
      name: 'newsletter-confirmation',
      file: 'confirmation-worker',
      pattern: consumes(NEWSLETTER_EVENTS, ['NewsletterSignupRequested']),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
    },
    {
      name: 'newsletter-audience',
      file: 'audience-worker',
      pattern: consumes(NEWSLETTER_EVENTS, ['NewsletterSendRequested']),
      batchSize: 1,
      // A large audience is many pages of the index and many batch items.
      visibilityTimeoutSeconds: 600,
      maxReceiveCount: 5,
      permissions: [],
    },
    {
      name: 'newsletter-batch',
      file: 'batch-worker',
      pattern: consumes(NEWSLETTER_EVENTS, ['NewsletterBatchQueued']),
      batchSize: 1,
      // A batch at the worker's share of the send rate takes a while; the run stops short of its deadline.
      visibilityTimeoutSeconds: 900,
      maxReceiveCount: BATCH_LIMITS.maxReceives,
      maxConcurrency: BATCH_LIMITS.concurrency,
    },
    {
      name: 'newsletter-suppression',
      file: 'suppression-worker',
      bus: 'default',
      pattern: awsEvents('aws.ses', SES_EVENTS),
      batchSize: 10,
      visibilityTimeoutSeconds: 60,
      maxReceiveCount: 5,
      permissions: [],
    },
    // An account's deletion: the subscriber of its e-mail goes (the table only: no SES, no secret).
    { ...erasureWorker('newsletter'), permissions: [] },
  ],
  // The link-signing key (SECRET_NAMES.newsletter, JSON { signing_key }) and SES for the e-mails.
  permissions: [
    { service: 'ses', send: 'from-mail-sender' },
    { service: 'secrets', read: 'newsletter' },
  ],
  environment: ['TABLE_NAME', 'SITE_URL', 'MAIL_FROM', 'SES_CONFIGURATION_SET', 'MAIL_SEND_RATE', 'NEWSLETTER_SECRET_ID'],
});
