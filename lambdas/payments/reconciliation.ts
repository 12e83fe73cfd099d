// The daily reconciliation: every live subscription read again from its provider (a webhook that
// never came is repaired within a day), PIX and boleto months about to end noticed with a new payment
// link, those past their end closed.
import { RENEWAL_NOTICE_DAYS, SUBSCRIPTION_STATUSES } from '../../shared/payments';
import { env } from '../platform/env';
import { logger } from '../platform/observability';
import type { SubscriptionRecord } from './items';
import { createMercadoPagoCheckout } from './mercadopago';
import { DAY_MS, mercadoPago, stripe } from './providers';
import * as store from './store';
import { syncPayment, syncPreapproval, syncStripeSubscription } from './sync';

/** Reads every live subscription again, so a webhook that never came is repaired within a day. */
async function refresh(record: SubscriptionRecord): Promise<void> {
  if (record.provider === 'stripe') {
    let id = record.payment_provider_id;
    if (!id && record.checkout_id) {
      const session = await stripe().checkout.sessions.retrieve(record.checkout_id);
      id = typeof session.subscription === 'string' ? session.subscription : (session.subscription?.id ?? null);
    }
    if (id) await syncStripeSubscription(id);
    return;
  }
  if (record.method === 'card') {
    if (record.payment_provider_id) await syncPreapproval(record.payment_provider_id);
    return;
  }
  const payments = await mercadoPago().searchPayments(`${record.user_id}:${record.id}`);
  for (const payment of payments.results) {
    if (['approved', 'refunded', 'charged_back'].includes(payment.status)) await syncPayment(String(payment.id));
  }
}

/** A PIX or boleto month about to end: a new payment link, e-mailed once (the notice's event). */
async function noticeRenewal(record: SubscriptionRecord, now: Date): Promise<boolean> {
  if (await store.renewalNoticed(record)) return false;
  const started = await createMercadoPagoCheckout(mercadoPago(), {
    userId: record.user_id,
    subscriptionId: record.id,
    email: record.email,
    method: record.method,
    siteUrl: env('SITE_URL'),
  });
  return store.recordRenewalNotice({ subscription: record, payment_url: started.url, created_at: now.toISOString() });
}

export interface ReconcileReport {
  checked: number;
  failed: number;
  renewal_notices: number;
  expired: number;
}

export async function reconcile(now: Date): Promise<ReconcileReport> {
  const report: ReconcileReport = { checked: 0, failed: 0, renewal_notices: 0, expired: 0 };
  for (const status of SUBSCRIPTION_STATUSES) {
    for (const record of await store.subscriptionsIn(status)) {
      const end = Date.parse(record.current_period_end ?? '');
      // Finished ones stay as they are; unfinished checkouts are looked at for a week.
      if (status === 'cancelled' && !(end > now.getTime() - DAY_MS)) continue;
      if (status === 'incomplete' && Date.parse(record.created_at) < now.getTime() - 7 * DAY_MS) continue;
      // A deleted account's payment record (PAYRECORD#, privacy.ts): cancelled at its provider, nobody to sync it for.
      if (!record.user_id) continue;
      try {
        await refresh(record);
        report.checked++;
        const fresh = (await store.subscriptionById(record.user_id, record.id)) ?? record;
        if (fresh.provider !== 'mercadopago' || fresh.method === 'card' || fresh.status !== 'active') continue;
        const left = Date.parse(fresh.current_period_end ?? '') - now.getTime();
        if (left <= 0) {
          await store.saveIncrement({ ...fresh, status: 'cancelled', cancel_at_period_end: true, updated_at: new Date().toISOString() }, fresh.updated_at);
          report.expired++;
        } else if (left <= RENEWAL_NOTICE_DAYS * DAY_MS && (await noticeRenewal(fresh, now))) {
          report.renewal_notices++;
        }
      } catch (error) {
        report.failed++;
        logger.error('reconciliation failed for a subscription', { error, subscriptionId: record.id });
      }
    }
  }
  logger.info('payments reconciled', { ...report });
  return report;
}
