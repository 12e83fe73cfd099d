// The reader's side of the payments API (lambdas/payments): the subscription, the two checkouts,
// Stripe's Customer Portal and the cancellation of a Mercado Pago subscription. The admin list is
// with the other admin calls (features/admin/api/admin.ts).
import {
  PREMIUM_PLAN,
  PREMIUM_PRICE_BRL,
  type CheckoutStarted,
  type PaymentMethod,
  type SubscriptionCheck,
} from '../../../../../shared/payments';
import type { MercadoPagoCheckoutInput } from '../../../../../shared/payment-requests';
import { api } from '../../../lib/api';

export const paymentKeys = {
  /** The signed-in reader's subscription; removed with everything else on sign-out. */
  subscription: (userId: string | undefined) => ['subscription', userId ?? 'anonymous'] as const,
};

export const fetchSubscription = (signal?: AbortSignal) => api.get<SubscriptionCheck>('/subscription', { signal });

export const startStripeCheckout = () => api.post<CheckoutStarted>('/checkout/stripe');

export const startMercadoPagoCheckout = (method: PaymentMethod) =>
  api.post<CheckoutStarted>('/checkout/mercadopago', { priceAmount: PREMIUM_PRICE_BRL, plan: PREMIUM_PLAN, method } satisfies MercadoPagoCheckoutInput);

export const openCustomerPortal = () => api.post<CheckoutStarted>('/subscription/portal');

export const cancelSubscription = () => api.post<SubscriptionCheck>('/subscription/cancel');
