// Premium subscriptions: checkout with Stripe or Mercado Pago, the webhooks that say something
// changed, the worker that reads the provider's current state and applies it, management (Stripe's
// Customer Portal; our own cancel for Mercado Pago), the admin list and the daily reconciliation.
import { randomUUID } from 'node:crypto';
import {
  ADMIN_ESTIMATE_PER_ACTIVE_BRL,
  addMonths,
  isEntitled,
  PAYMENT_MESSAGES,
  PREMIUM_PRICE_BRL,
  PREMIUM_PRODUCT_ID,
  RENEWAL_NOTICE_DAYS,
  SUBSCRIPTION_STATUSES,
  subscriptionState,
  type AdminSubscriptionList,
  type CheckoutStarted,
  type PaymentMethod,
  type PaymentProvider,
  type SubscriptionCheck,
} from '../../shared/payments';
import type { MercadoPagoCheckoutInput } from '../../shared/payment-requests';
import { env } from '../platform/env';
import { AppError, badRequest, conflict, notFound } from '../platform/errors';
import { logger } from '../platform/observability';
import { secretValue } from '../platform/secrets';
import { accountOf, requireMaster } from '../users/public';
import { subscriptionFromItem, subscriptionView, type SubscriptionRecord } from './items';
import {
  createMercadoPagoCheckout,
  mercadoPagoApi,
  ownerOf,
  preapprovalState,
  ProviderError,
  validMercadoPagoSignature,
  type AuthorizedPayment,
} from './mercadopago';
import type { ProviderState } from './state';
import * as store from './store';
import { createStripeCheckout, stripeClient, stripeOwner, stripeState, stripeSubscriptionOf, verifiedStripeEvent } from './stripe';

/** The JSON secret with the providers' keys (Secrets Manager; PAYMENTS_SECRET_ID names it). */
export interface PaymentSecrets {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
  mercadopago_access_token: string;
  mercadopago_webhook_secret: string;
}
export const PAYMENTS_SECRET = 'payments';
const secrets = () => secretValue<PaymentSecrets>(PAYMENTS_SECRET);
const stripe = () => stripeClient(secrets().stripe_secret_key);
const mercadoPago = () => mercadoPagoApi(secrets().mercadopago_access_token);

const DAY_MS = 24 * 3600 * 1000;

/** A provider that fails or times out is not the reader's fault: 502 with a message, never a 500. */
async function provider<T>(call: () => Promise<T>, message: string = PAYMENT_MESSAGES.providerUnavailable): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('payment provider call failed', { error });
    throw new AppError(502, message);
  }
}

// check-subscription.

export async function check(userId: string): Promise<SubscriptionCheck> {
  const subscriptions = await store.subscriptionsOf(userId);
  const { entitling, ...state } = subscriptionState(subscriptions);
  const shown = entitling ?? subscriptions.at(-1) ?? null;
  return { ...state, subscription: shown && subscriptionView(shown) };
}

// Checkout.

/** A PIX or boleto month near its end may be paid again: the new month follows the current one. */
function renewable(current: SubscriptionRecord, provider: PaymentProvider, method: PaymentMethod, now: Date): boolean {
  if (provider !== 'mercadopago' || method === 'card' || current.provider !== 'mercadopago' || current.method === 'card') return false;
  return Date.parse(current.current_period_end ?? '') - now.getTime() <= RENEWAL_NOTICE_DAYS * DAY_MS;
}

/** The subscription a checkout pays for: a new one, the unfinished one of the same kind, or the month being renewed. */
async function subscriptionToPay(userId: string, provider: PaymentProvider, method: PaymentMethod): Promise<SubscriptionRecord> {
  const now = new Date();
  const subscriptions = await store.subscriptionsOf(userId);
  const { entitling } = subscriptionState(subscriptions, now);
  if (entitling) {
    if (renewable(entitling, provider, method, now)) return entitling;
    throw conflict(PAYMENT_MESSAGES.alreadySubscribed);
  }
  const unfinished = subscriptions.findLast((subscription) => subscription.status === 'incomplete' && subscription.provider === provider && subscription.method === method);
  if (unfinished) return unfinished;
  const account = await accountOf(userId);
  if (!account) throw notFound('Perfil não encontrado');
  const at = now.toISOString();
  const record: SubscriptionRecord = {
    id: randomUUID(),
    user_id: userId,
    status: 'incomplete',
    provider,
    method,
    product_id: PREMIUM_PRODUCT_ID,
    payment_provider_id: null,
    current_period_start: null,
    current_period_end: null,
    cancel_at_period_end: false,
    created_at: at,
    updated_at: at,
    email: account.email,
    full_name: account.full_name,
    customer_id: null,
    checkout_id: null,
    synced_at: null,
    last_charge_at: null,
  };
  await store.insertSubscription(record);
  return record;
}

/** create-checkout: a Stripe Checkout Session in subscription mode. */
export async function startStripeCheckout(userId: string): Promise<CheckoutStarted> {
  const record = await subscriptionToPay(userId, 'stripe', 'card');
  const client = stripe();
  const session = await provider(async () => {
    let customer = await store.stripeCustomerOf(userId);
    if (!customer) {
      customer = (await client.customers.create({ email: record.email, name: record.full_name, metadata: { user_id: userId } })).id;
      await store.saveStripeCustomer(userId, customer, new Date().toISOString());
    }
    return createStripeCheckout(client, { customerId: customer, userId, subscriptionId: record.id, siteUrl: env('SITE_URL') });
  }, PAYMENT_MESSAGES.checkoutError);
  if (!session.url) throw new AppError(502, PAYMENT_MESSAGES.checkoutError);
  await store.setCheckout(record, session.id, null, new Date().toISOString());
  return { url: session.url };
}

/** create-mercadopago-checkout: a card subscription (preapproval) or one month by PIX or boleto. */
export async function startMercadoPagoCheckout(userId: string, input: Required<MercadoPagoCheckoutInput>): Promise<CheckoutStarted> {
  const record = await subscriptionToPay(userId, 'mercadopago', input.method);
  const started = await provider(
    () => createMercadoPagoCheckout(mercadoPago(), { userId, subscriptionId: record.id, email: record.email, method: input.method, siteUrl: env('SITE_URL') }),
    PAYMENT_MESSAGES.checkoutError,
  );
  // A renewal keeps the month it extends; only a new subscription takes the checkout's ids.
  if (record.status === 'incomplete') await store.setCheckout(record, started.checkoutId, started.preapprovalId ?? null, new Date().toISOString());
  return { url: started.url };
}

// Management.

async function managed(userId: string): Promise<SubscriptionRecord> {
  const subscriptions = await store.subscriptionsOf(userId);
  const current = subscriptionState(subscriptions).entitling ?? subscriptions.findLast((subscription) => subscription.status !== 'incomplete');
  if (!current) throw notFound(PAYMENT_MESSAGES.noSubscription);
  return current;
}

/** customer-portal: Stripe's own page to cancel, change the card and see invoices. */
export async function openPortal(userId: string): Promise<CheckoutStarted> {
  const current = await managed(userId);
  if (current.provider !== 'stripe') throw conflict(PAYMENT_MESSAGES.notStripe);
  const customer = await store.stripeCustomerOf(userId);
  if (!customer) throw notFound(PAYMENT_MESSAGES.noSubscription);
  const session = await provider(() => stripe().billingPortal.sessions.create({ customer, return_url: `${env('SITE_URL')}/settings` }), PAYMENT_MESSAGES.portalError);
  return { url: session.url };
}

/** Cancels a Mercado Pago subscription: nothing more is charged, access stays to the end of the paid month. */
export async function cancel(userId: string): Promise<SubscriptionCheck> {
  const current = await managed(userId);
  if (current.provider !== 'mercadopago') throw conflict('Assinaturas por cartão internacional são gerenciadas no portal do Stripe.');
  if (current.status === 'cancelled') throw conflict(PAYMENT_MESSAGES.alreadyCancelled);
  const now = new Date().toISOString();
  if (current.method === 'card' && current.payment_provider_id) {
    const id = current.payment_provider_id;
    await provider(() => mercadoPago().updatePreapproval(id, { status: 'cancelled' }), PAYMENT_MESSAGES.cancelError);
    await syncPreapproval(id);
  } else {
    // PIX and boleto never recur: cancelling only stops the renewal notices.
    await store.saveIncrement({ ...current, status: 'cancelled', cancel_at_period_end: true, updated_at: now }, current.updated_at);
  }
  return check(userId);
}

// Admin.

export async function adminList(userId: string, cursor: string | undefined): Promise<AdminSubscriptionList> {
  await requireMaster(userId);
  const [page, ...counted] = await Promise.all([store.subscriptionsPage(cursor), ...SUBSCRIPTION_STATUSES.map((status) => store.countByStatus(status))]);
  const counts = Object.fromEntries(SUBSCRIPTION_STATUSES.map((status, index) => [status, counted[index] ?? 0])) as AdminSubscriptionList['counts'];
  const active = counts.active;
  return {
    items: page.items.map(subscriptionFromItem).map((record) => ({ ...subscriptionView(record), full_name: record.full_name })),
    next_cursor: page.cursor ?? null,
    counts,
    estimate: { per_active: ADMIN_ESTIMATE_PER_ACTIVE_BRL, total: Math.round(active * ADMIN_ESTIMATE_PER_ACTIVE_BRL * 100) / 100 },
    monthly_revenue: { price: PREMIUM_PRICE_BRL, total: active * PREMIUM_PRICE_BRL },
  };
}

// Webhooks: verify, record once, answer at once; the worker does the rest.

export interface WebhookAnswer {
  received: true;
  duplicate?: boolean;
  ignored?: boolean;
}

/** POST /api/webhooks/stripe: Stripe-Signature checked on the raw body (the official package, 5-minute tolerance). */
export async function receiveStripe(rawBody: string, signature: string | undefined): Promise<WebhookAnswer> {
  const keys = secrets();
  const event = verifiedStripeEvent(stripe(), rawBody, signature, keys.stripe_webhook_secret);
  if (!event) throw badRequest(PAYMENT_MESSAGES.invalidSignature);
  const object = event.data.object as unknown as { id?: unknown };
  const objectId = event.type === 'charge.refunded' ? String(object.id) : stripeSubscriptionOf(event);
  if (!objectId) return { received: true, ignored: true };
  const recorded = await store.recordNotification({
    provider: 'stripe',
    notification_id: event.id,
    topic: event.type,
    object_id: objectId,
    received_at: new Date().toISOString(),
  });
  return recorded ? { received: true } : { received: true, duplicate: true };
}

const MERCADO_PAGO_TOPICS = ['payment', 'subscription_preapproval', 'subscription_authorized_payment'];

/** POST /api/webhooks/mercadopago: x-signature checked against the manifest of data.id, x-request-id and ts. */
export async function receiveMercadoPago(body: unknown, query: Record<string, string | undefined>, headers: Record<string, string | undefined>): Promise<WebhookAnswer> {
  const dataId = query['data.id'];
  const valid = validMercadoPagoSignature({ signature: headers['x-signature'], requestId: headers['x-request-id'], dataId, secret: secrets().mercadopago_webhook_secret });
  if (!valid || !dataId) throw badRequest(PAYMENT_MESSAGES.invalidSignature);
  const notification = (body ?? {}) as { id?: unknown; type?: unknown };
  const topic = query.type ?? (typeof notification.type === 'string' ? notification.type : '');
  if (!MERCADO_PAGO_TOPICS.includes(topic)) return { received: true, ignored: true };
  const id = typeof notification.id === 'number' || typeof notification.id === 'string' ? String(notification.id) : `${topic}:${dataId}:${headers['x-request-id'] ?? ''}`;
  const recorded = await store.recordNotification({ provider: 'mercadopago', notification_id: id, topic, object_id: dataId, received_at: new Date().toISOString() });
  return recorded ? { received: true } : { received: true, duplicate: true };
}

// Sync: the provider's current state, applied.

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
async function syncPayment(id: string): Promise<void> {
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
      synced_at: now.toISOString(),
      updated_at: now.toISOString(),
    };
    await store.saveIncrement(next, record.updated_at, [store.appliedPaymentItem(record.user_id, paymentId, record.id, now.toISOString())]);
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

// The daily reconciliation.

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
