// The payments context: Premium subscriptions with Stripe and Mercado Pago. Checkout, management,
// check-subscription, the admin list and the providers' signed webhooks (no JWT: the signature is
// the authentication). It emits PaymentNotificationReceived (consumed by its own sync worker) and
// the subscription events the mail context sends e-mails from (EVENTS.md).
import { mercadoPagoCheckoutSchema, subscriptionListQuerySchema } from '../../shared/payment-requests';
import { consumes, defineContext, onlyFor } from '../platform/contract';
import { erasureWorker } from '../privacy/public';
import { PAYMENT_EVENTS, paymentEvents } from './events';
import { ADMIN_MESSAGES } from '../../shared/admin';

export const contract = defineContext({
  name: 'payments',
  routes: {
    'GET /api/subscription': { auth: 'required' },
    'POST /api/checkout/stripe': { auth: 'required' },
    'POST /api/checkout/mercadopago': { auth: 'required', body: mercadoPagoCheckoutSchema },
    'POST /api/subscription/portal': { auth: 'required' },
    'POST /api/subscription/cancel': { auth: 'required' },
    'GET /api/admin/subscriptions': { auth: 'required', requires: onlyFor('admin.access', ADMIN_MESSAGES.accessDenied), query: subscriptionListQuerySchema },
    'POST /api/webhooks/stripe': { auth: 'none', rawBody: true },
    'POST /api/webhooks/mercadopago': { auth: 'none' },
  },
  emits: { catalogue: PAYMENT_EVENTS, changes: paymentEvents },
  workers: [
    {
      name: 'payments-sync',
      file: 'sync-worker',
      pattern: consumes(PAYMENT_EVENTS, ['PaymentNotificationReceived']),
      batchSize: 5,
      visibilityTimeoutSeconds: 60,
      // A provider down for a while: keep retrying before the DLQ (the daily reconciliation repairs the rest).
      maxReceiveCount: 8,
      permissions: [{ service: 'secrets', read: 'payments' }],
    },
    // An account's deletion starts here: its subscriptions cancelled at the provider, its payment records unlinked.
    erasureWorker('payments'),
  ],
  schedules: [
    {
      name: 'payments-reconcile',
      file: 'reconcile',
      description: 'Lê de novo cada assinatura viva no provedor, avisa renovações de PIX e boleto e fecha meses vencidos.',
      // Every day at 06:00 in Brasília (09:00 UTC).
      cron: { minute: '0', hour: '9' },
      timeoutSeconds: 300,
    },
  ],
  // The providers' keys (SECRET_NAMES.payments; its JSON: PaymentSecrets in service.ts).
  permissions: [{ service: 'secrets', read: 'payments' }],
  environment: ['TABLE_NAME', 'SITE_URL', 'PAYMENTS_SECRET_ID', 'STRIPE_API_URL', 'MERCADOPAGO_API_URL'],
});
