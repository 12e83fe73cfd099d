// Premium subscriptions (spec 2 "Pricing", "Subscription success", 3 subscriptions, 5 functions
// check-subscription / create-checkout / create-mercadopago-checkout / customer-portal, 8 messages,
// 9 constants): the plan, the states, what the API answers and the pt-BR messages, shared by the
// payments context and the web app (without zod: /pricing stays light; the request schemas are in
// payment-requests.ts).
import type { SubscriptionState } from './api-types';

/** R$ 50 a month: what every checkout charges (spec 9). */
export const PREMIUM_PRICE_BRL = 50;
export const PREMIUM_PLAN = 'Premium';
/** The product a subscriber holds (check-subscription's product_id). */
export const PREMIUM_PRODUCT_ID = 'premium';
/** The spec's admin revenue estimate per active subscription (spec 9; it disagrees with the price: both are shown). */
export const ADMIN_ESTIMATE_PER_ACTIVE_BRL = 29.9;
/** The money-back guarantee (spec 2 "Pricing" FAQ). */
export const REFUND_GUARANTEE_DAYS = 7;
/** How long after the return from checkout the first check runs, and how often the app checks again (spec 9). */
export const SUCCESS_CHECK_DELAY_MS = 2000;
export const SUBSCRIPTION_POLL_MS = 60_000;
/** A PIX or boleto month: the renewal e-mail with a new payment link goes out this many days before it ends. */
export const RENEWAL_NOTICE_DAYS = 5;

export const SUBSCRIPTION_STATUSES = ['incomplete', 'active', 'past_due', 'cancelled'] as const;
export type SubscriptionStatus = (typeof SUBSCRIPTION_STATUSES)[number];

export const PAYMENT_PROVIDERS = ['stripe', 'mercadopago'] as const;
export type PaymentProvider = (typeof PAYMENT_PROVIDERS)[number];

/** Card recurs (Stripe subscription, Mercado Pago preapproval); PIX and boleto pay one month at a time. */
export const PAYMENT_METHODS = ['card', 'pix', 'boleto'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

export const STATUS_LABELS: Record<SubscriptionStatus, string> = {
  incomplete: 'Incompleta',
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  cancelled: 'Cancelada',
};
export const PROVIDER_LABELS: Record<PaymentProvider, string> = { stripe: 'Stripe', mercadopago: 'Mercado Pago' };
export const METHOD_LABELS: Record<PaymentMethod, string> = { card: 'Cartão', pix: 'PIX', boleto: 'Boleto' };

export const PAYMENT_MESSAGES = {
  signInTitle: 'Faça login',
  signIn: 'Você precisa estar logado para assinar.',
  alreadySubscribedTitle: 'Já é assinante',
  alreadySubscribed: 'Você já possui uma assinatura ativa.',
  checkoutError: 'Não foi possível iniciar o processo de assinatura.',
  portalError: 'Não foi possível abrir o portal de gerenciamento.',
  listError: 'Erro ao carregar assinaturas',
  wrongPrice: 'O valor da assinatura Premium é R$ 50,00 por mês.',
  wrongPlan: 'Plano inválido.',
  noSubscription: 'Você não possui uma assinatura.',
  notStripe: 'Esta assinatura é gerenciada pelo Mercado Pago.',
  alreadyCancelled: 'Esta assinatura já está cancelada.',
  cancelError: 'Não foi possível cancelar a assinatura.',
  invalidSignature: 'Assinatura do webhook inválida.',
  providerUnavailable: 'O provedor de pagamento não respondeu. Tente novamente em instantes.',
} as const;

/**
 * A PIX or boleto issued and not paid yet: what the reader needs to pay it, as Mercado Pago's payment
 * gives it (point_of_interaction.transaction_data for PIX, transaction_details for boleto).
 */
export interface PendingPayment {
  payment_id: string;
  method: 'pix' | 'boleto';
  amount: number;
  /** When it can no longer be paid (the payment's date_of_expiration), UTC. */
  expires_at: string | null;
  /** The provider's page of the boleto (external_resource_url) or the PIX (ticket_url). */
  url: string | null;
  /** Boleto: the digitable line; PIX: the copy-and-paste code. */
  code: string | null;
  /** PIX: the QR image, base64 (qr_code_base64). */
  qr_base64: string | null;
}

/** A subscription as its owner and the admin see it. */
export interface SubscriptionView {
  id: string;
  user_id: string;
  status: SubscriptionStatus;
  provider: PaymentProvider;
  method: PaymentMethod;
  payment_provider_id: string | null;
  current_period_start: string | null;
  current_period_end: string | null;
  /** Cancelled, or set to end with the paid period: access lasts until current_period_end. */
  cancel_at_period_end: boolean;
  /** A PIX or boleto waiting to be paid, until it is paid or expires. */
  pending_payment: PendingPayment | null;
  created_at: string;
  updated_at: string;
}

/** check-subscription (spec 5) plus the subscription behind it, for /settings and /pricing. */
export interface SubscriptionCheck extends SubscriptionState {
  subscription: SubscriptionView | null;
}

export interface CheckoutStarted {
  url: string;
}

export interface AdminSubscription extends SubscriptionView {
  full_name: string;
}

export interface AdminSubscriptionList {
  items: AdminSubscription[];
  next_cursor: string | null;
  counts: Record<SubscriptionStatus, number>;
  /** Spec 9's estimate: 29.9 per active subscription. */
  estimate: { per_active: number; total: number };
  /** What the active subscriptions really bring in a month at R$ 50. */
  monthly_revenue: { price: number; total: number };
}

/** What entitlement needs of a subscription. */
export type Entitling = Pick<SubscriptionView, 'status' | 'current_period_end'>;

/**
 * The rule of access: an active subscription, or a cancelled one, until the end of its paid period
 * (cancelling keeps access to the end; a refund or a provider's final end moves the end to that
 * moment). Past due and incomplete ones give none.
 */
export function isEntitled(subscription: Entitling, now = new Date()): boolean {
  if (subscription.status !== 'active' && subscription.status !== 'cancelled') return false;
  return subscription.current_period_end !== null && new Date(subscription.current_period_end).getTime() > now.getTime();
}

/** check-subscription: the subscription that entitles, the one ending last when several do. */
export function subscriptionState<S extends Entitling>(subscriptions: readonly S[], now = new Date()): SubscriptionState & { entitling: S | null } {
  const entitling = subscriptions
    .filter((subscription) => isEntitled(subscription, now))
    .sort((a, b) => String(b.current_period_end).localeCompare(String(a.current_period_end)))[0];
  return entitling
    ? { subscribed: true, product_id: PREMIUM_PRODUCT_ID, subscription_end: entitling.current_period_end, entitling }
    : { subscribed: false, product_id: null, subscription_end: null, entitling: null };
}

/** A pending payment that can still be paid (an expired boleto or PIX is no way to pay). */
export function payable(pending: PendingPayment | null | undefined, now = new Date()): PendingPayment | null {
  if (!pending) return null;
  return pending.expires_at && Date.parse(pending.expires_at) <= now.getTime() ? null : pending;
}

/**
 * The subscription /settings and /pricing show: the one that entitles, else the newest that is not
 * an abandoned checkout. An unfinished checkout (a Stripe session closed or expired, a card never
 * authorized, a boleto past its date) is no payment in progress; a boleto or PIX still payable is.
 */
export function shownSubscription<S extends Entitling & Pick<SubscriptionView, 'pending_payment'>>(subscriptions: readonly S[], now = new Date()): S | null {
  const { entitling } = subscriptionState(subscriptions, now);
  return entitling ?? subscriptions.findLast((subscription) => subscription.status !== 'incomplete' || payable(subscription.pending_payment, now) !== null) ?? null;
}

/** The same day `count` months on (the 31st becomes the month's last day), as providers bill monthly. */
export function addMonths(date: Date, count = 1): Date {
  const next = new Date(date.getTime());
  const day = next.getUTCDate();
  next.setUTCDate(1);
  next.setUTCMonth(next.getUTCMonth() + count);
  const last = new Date(Date.UTC(next.getUTCFullYear(), next.getUTCMonth() + 1, 0)).getUTCDate();
  next.setUTCDate(Math.min(day, last));
  return next;
}
