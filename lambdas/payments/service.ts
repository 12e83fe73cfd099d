// Premium subscriptions as readers and masters use them: check-subscription, checkout with Stripe or
// Mercado Pago, management (Stripe's Customer Portal; our own cancel for Mercado Pago) and the admin
// list. The webhooks are in webhooks.ts, what they lead to in sync.ts, the daily job in reconciliation.ts.
import { randomUUID } from 'node:crypto';
import type { MercadoPagoCheckoutInput } from '../../shared/payment-requests';
import {
  ADMIN_ESTIMATE_PER_ACTIVE_BRL,
  PAYMENT_MESSAGES,
  PREMIUM_PRICE_BRL,
  PREMIUM_PRODUCT_ID,
  RENEWAL_NOTICE_DAYS,
  shownSubscription,
  SUBSCRIPTION_STATUSES,
  subscriptionState,
  type AdminSubscriptionList,
  type CheckoutStarted,
  type PaymentMethod,
  type PaymentProvider,
  type SubscriptionCheck,
} from '../../shared/payments';
import { env } from '../platform/env';
import { AppError, conflict, notFound } from '../platform/errors';
import { accountOf, requireMaster } from '../users/public';
import { subscriptionFromItem, subscriptionView, type SubscriptionRecord } from './items';
import { createMercadoPagoCheckout } from './mercadopago';
import { DAY_MS, mercadoPago, provider, stripe } from './providers';
import * as store from './store';
import { createStripeCheckout } from './stripe';
import { syncPreapproval } from './sync';

export { PAYMENTS_SECRET } from './providers';

// check-subscription.

export async function check(userId: string): Promise<SubscriptionCheck> {
  const subscriptions = await store.subscriptionsOf(userId);
  const now = new Date();
  const { subscribed, product_id, subscription_end } = subscriptionState(subscriptions, now);
  // Never an abandoned checkout: it is no payment in progress.
  const shown = shownSubscription(subscriptions, now);
  return { subscribed, product_id, subscription_end, subscription: shown && subscriptionView(shown) };
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
    pending_payment: null,
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

