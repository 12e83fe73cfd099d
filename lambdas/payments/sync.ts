// What a recorded notification leads to: the subscription or payment read again from its provider
// and its state applied. A read older than the stored one loses (synced_at); a Mercado Pago payment
// adds its month once and a refund takes it back once; nothing a notification says is trusted.
import { addMonths, isEntitled, type PaymentProvider } from '../../shared/payments';
import { logger } from '../platform/observability';
import type { SubscriptionRecord } from './items';
import { ownerOf, pendingPaymentOf, preapprovalState, ProviderError, type AuthorizedPayment } from './mercadopago';
import { mercadoPago, stripe } from './providers';
import type { ProviderState } from './state';
import * as store from './store';
import { stripeOwner, stripeState } from './stripe';

const sameState = (record: SubscriptionRecord, state: ProviderState) =>
  record.status === state.status &&
  record.payment_provider_id === state.payment_provider_id &&
  record.current_period_start === state.current_period_start &&
  record.current_period_end === state.current_period_end &&
  record.cancel_at_period_end === state.cancel_at_period_end;

/** Lands a provider's state read at `readAt`; a newer read already stored wins. */
async function applyState(record: SubscriptionRecord, state: ProviderState, readAt: Date, extra: Partial<SubscriptionRecord> = {}): Promise<void> {
  const changesExtra = Object.entries(extra).some(([field, value]) => record[field as keyof SubscriptionRecord] !== value);
  // Nothing new: no write, so no event and no e-mail.
  if (sameState(record, state) && !changesExtra) return;
  const next: SubscriptionRecord = { ...record, ...state, ...extra, synced_at: readAt.toISOString(), updated_at: new Date().toISOString() };
  const saved = await store.saveSynced(next);
  if (!saved) logger.info('a newer provider read was already applied', { subscriptionId: record.id });
}

export async function syncStripeSubscription(id: string): Promise<void> {
  const readAt = new Date();
  const subscription = await stripe().subscriptions.retrieve(id);
  const owner = stripeOwner(subscription);
  const record = owner && (await store.subscriptionById(owner.userId, owner.subscriptionId));
  if (!record) return void logger.warn('stripe subscription without ours', { id });
  await applyState(record, stripeState(subscription, readAt), readAt, {
    customer_id: typeof subscription.customer === 'string' ? subscription.customer : subscription.customer.id,
  });
}

/** A refunded Stripe charge (the 7-day guarantee): the subscription ends at once, at Stripe and here. */
async function refundStripeCharge(chargeId: string): Promise<void> {
  const client = stripe();
  const charge = await client.charges.retrieve(chargeId);
  if (!charge.refunded || typeof charge.customer !== 'string') return;
  const subscriptions = await client.subscriptions.list({ customer: charge.customer, status: 'all', limit: 10 });
  for (const subscription of subscriptions.data) {
    if (!stripeOwner(subscription)) continue;
    const ended = ['canceled', 'incomplete_expired'].includes(subscription.status) ? subscription : await client.subscriptions.cancel(subscription.id);
    const owner = stripeOwner(ended)!;
    const record = await store.subscriptionById(owner.userId, owner.subscriptionId);
    const readAt = new Date();
    // Whatever Stripe's period says, a refunded subscription ends now.
    if (record && isEntitled(record, readAt)) {
      await applyState(record, { ...stripeState(ended, readAt), status: 'cancelled', current_period_end: readAt.toISOString(), cancel_at_period_end: true }, readAt);
    }
  }
}

export async function syncPreapproval(id: string, charge?: AuthorizedPayment): Promise<void> {
  const readAt = new Date();
  const preapproval = await mercadoPago().preapproval(id);
  const owner = ownerOf(preapproval.external_reference);
  const record = owner && (await store.subscriptionById(owner.userId, owner.subscriptionId));
  if (!record) return void logger.warn('mercado pago preapproval without ours', { id });
  const chargedAt = charge && (charge.debit_date ?? charge.date_created);
  // An older charge read late says nothing new.
  const newCharge = chargedAt && (!record.last_charge_at || chargedAt > record.last_charge_at) ? { approved: charge.payment?.status === 'approved', at: chargedAt } : undefined;
  let state = preapprovalState(preapproval, newCharge, { start: record.current_period_start, end: record.current_period_end });
  // Without a new charge, an authorized preapproval whose next date has not moved is still owed.
  if (!newCharge && record.status === 'past_due' && state.status === 'active' && state.current_period_end === record.current_period_end) state = { ...state, status: 'past_due' };
  await applyState(record, state, readAt, newCharge ? { last_charge_at: newCharge.at } : {});
}

/** A one-off payment (PIX, boleto): an approved one adds a month, a refunded one takes its month back. */
export async function syncPayment(id: string): Promise<void> {
  const payment = await mercadoPago().payment(id);
  const preapprovalId = payment.metadata?.preapproval_id;
  if (typeof preapprovalId === 'string') return syncPreapproval(preapprovalId);
  const owner = ownerOf(payment.external_reference);
  const record = owner && (await store.subscriptionById(owner.userId, owner.subscriptionId));
  if (!record) return void logger.warn('mercado pago payment without ours', { id });
  const paymentId = String(payment.id);
  const now = new Date();
  if (payment.status === 'approved') {
    if (await store.paymentApplied(record.user_id, paymentId)) return;
    // Never later than now: a provider's clock ahead of ours must not stretch the month.
    const paidAt = new Date(Math.min(Date.parse(payment.date_approved ?? payment.date_created), now.getTime()));
    // A renewal paid before the end starts where the current month ends.
    const continues = isEntitled(record, paidAt) && record.current_period_end;
    const start = continues ? new Date(record.current_period_end!) : paidAt;
    const next: SubscriptionRecord = {
      ...record,
      status: 'active',
      payment_provider_id: paymentId,
      current_period_start: continues ? record.current_period_start : paidAt.toISOString(),
      current_period_end: addMonths(start).toISOString(),
      cancel_at_period_end: false,
      // Paid: nothing left to pay.
      pending_payment: record.pending_payment?.payment_id === paymentId ? null : record.pending_payment,
      synced_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await store.saveIncrement(next, record.updated_at, [store.appliedPaymentItem(record.user_id, paymentId, record.id, now.toISOString())]);
    return;
  }
  // Issued, not paid yet: kept on the subscription, so the reader sees how to pay it (its insert into
  // the record is what e-mails it, events.ts), until it is paid or expires.
  const pending = pendingPaymentOf(payment);
  if (pending) {
    if (record.pending_payment?.payment_id === paymentId || (await store.paymentApplied(record.user_id, paymentId))) return;
    await store.saveIncrement({ ...record, pending_payment: pending, updated_at: now.toISOString() }, record.updated_at);
    return;
  }
  // Expired or cancelled before being paid: no longer a way to pay.
  if ((payment.status === 'cancelled' || payment.status === 'rejected') && record.pending_payment?.payment_id === paymentId) {
    await store.saveIncrement({ ...record, pending_payment: null, updated_at: now.toISOString() }, record.updated_at);
    return;
  }
  if (payment.status === 'refunded' || payment.status === 'charged_back') {
    if (!(await store.paymentApplied(record.user_id, paymentId))) return;
    const end = record.current_period_end ? addMonths(new Date(record.current_period_end), -1) : now;
    const over = end.getTime() <= now.getTime();
    const next: SubscriptionRecord = {
      ...record,
      status: over ? 'cancelled' : record.status,
      current_period_end: over ? now.toISOString() : end.toISOString(),
      cancel_at_period_end: over || record.cancel_at_period_end,
      synced_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    // The refund is counted once: the marker moves in the same transaction.
    await store.saveRefund(next, record.updated_at, record.user_id, paymentId);
  }
}

export interface NotificationToSync {
  provider: PaymentProvider;
  topic: string;
  object_id: string;
}

/** The sync worker's work: read the object again from its provider and apply what it says now. */
export async function syncNotification(notification: NotificationToSync): Promise<void> {
  try {
    if (notification.provider === 'stripe') {
      if (notification.topic === 'charge.refunded') await refundStripeCharge(notification.object_id);
      else await syncStripeSubscription(notification.object_id);
      return;
    }
    if (notification.topic === 'payment') await syncPayment(notification.object_id);
    else if (notification.topic === 'subscription_preapproval') await syncPreapproval(notification.object_id);
    else if (notification.topic === 'subscription_authorized_payment') {
      const charge = await mercadoPago().authorizedPayment(notification.object_id);
      await syncPreapproval(charge.preapproval_id, charge);
    }
  } catch (error) {
    // An object the provider does not know (a notification of another account, a test ping) is dropped.
    if ((error instanceof ProviderError && error.status === 404) || (error as { statusCode?: number }).statusCode === 404) {
      return void logger.warn('payment notification about an unknown object', { ...notification });
    }
    throw error;
  }
}

