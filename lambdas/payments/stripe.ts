// Stripe through its official client: a Checkout Session in subscription mode (R$ 50.00 a month in
// BRL), the Customer Portal, and the subscription read back from Stripe whatever the event said.
// STRIPE_API_URL points the client elsewhere than api.stripe.com (the local sandbox), as the
// AWS_ENDPOINT_URL_* variables do for the AWS clients.
import Stripe from 'stripe';
import { PREMIUM_PRICE_BRL } from '../../shared/payments';
import { optionalEnv } from '../platform/env';
import type { ProviderState } from './state';

let cached: { key: string; client: Stripe } | undefined;

export function stripeClient(secretKey: string): Stripe {
  if (cached?.key === secretKey) return cached.client;
  const endpoint = new URL(optionalEnv('STRIPE_API_URL', 'https://api.stripe.com'));
  const client = new Stripe(secretKey, {
    host: endpoint.hostname,
    port: endpoint.port || (endpoint.protocol === 'http:' ? 80 : 443),
    protocol: endpoint.protocol === 'http:' ? 'http' : 'https',
    // A webhook is answered at once and the worker retries on its own: keep calls short.
    timeout: 10_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  cached = { key: secretKey, client };
  return client;
}

/** Stripe's tolerance for a signed webhook's timestamp (the package's default, stated). */
export const STRIPE_SIGNATURE_TOLERANCE_SECONDS = 300;

/** The verified event, or undefined when the signature is missing, forged or stale. */
export function verifiedStripeEvent(client: Stripe, rawBody: string, signature: string | undefined, secret: string): Stripe.Event | undefined {
  if (!signature) return undefined;
  try {
    return client.webhooks.constructEvent(rawBody, signature, secret, STRIPE_SIGNATURE_TOLERANCE_SECONDS);
  } catch {
    return undefined;
  }
}

export interface StripeCheckoutInput {
  customerId: string;
  userId: string;
  subscriptionId: string;
  siteUrl: string;
}

export async function createStripeCheckout(client: Stripe, input: StripeCheckoutInput): Promise<Stripe.Checkout.Session> {
  const metadata = { user_id: input.userId, subscription_id: input.subscriptionId };
  return client.checkout.sessions.create({
      mode: 'subscription',
      customer: input.customerId,
      client_reference_id: input.userId,
      line_items: [
        {
          quantity: 1,
          price_data: {
            currency: 'brl',
            unit_amount: PREMIUM_PRICE_BRL * 100,
            recurring: { interval: 'month' },
            product_data: { name: 'Portal Plural Premium' },
          },
        },
      ],
      metadata,
      subscription_data: { metadata },
      locale: 'pt-BR',
      success_url: `${input.siteUrl}/subscription-success?session_id={CHECKOUT_SESSION_ID}`,
      cancel_url: `${input.siteUrl}/pricing`,
  });
}

const iso = (seconds: number | null | undefined) => (typeof seconds === 'number' ? new Date(seconds * 1000).toISOString() : null);

/** Stripe's statuses on the spec's four. */
function statusOf(subscription: Stripe.Subscription): ProviderState['status'] {
  switch (subscription.status) {
    case 'active':
    case 'trialing':
      return subscription.cancel_at_period_end ? 'cancelled' : 'active';
    case 'past_due':
    case 'unpaid':
    case 'paused':
      return 'past_due';
    case 'canceled':
    case 'incomplete_expired':
      return 'cancelled';
    default:
      return 'incomplete';
  }
}

/** What a Stripe subscription says now, in our terms. */
export function stripeState(subscription: Stripe.Subscription, now: Date): ProviderState {
  const item = subscription.items.data[0];
  let end = iso(item?.current_period_end);
  // Ended at Stripe: access ends then, or now if Stripe's clock is ahead of ours.
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    const ended = Math.min(...[subscription.ended_at, subscription.canceled_at, Math.floor(now.getTime() / 1000)].filter((value): value is number => typeof value === 'number'));
    end = end && Date.parse(end) / 1000 < ended ? end : new Date(ended * 1000).toISOString();
  }
  return {
    status: statusOf(subscription),
    payment_provider_id: subscription.id,
    current_period_start: iso(item?.current_period_start),
    current_period_end: end,
    cancel_at_period_end: subscription.cancel_at_period_end || subscription.status === 'canceled',
  };
}

/** Our subscription's id and its owner, as the checkout wrote them on Stripe's subscription. */
export function stripeOwner(subscription: Stripe.Subscription): { userId: string; subscriptionId: string } | undefined {
  const userId = subscription.metadata?.user_id;
  const subscriptionId = subscription.metadata?.subscription_id;
  return userId && subscriptionId ? { userId, subscriptionId } : undefined;
}

/** The Stripe subscription an event is about, if any. */
export function stripeSubscriptionOf(event: Stripe.Event): string | undefined {
  const object = event.data.object as unknown as Record<string, unknown>;
  if (event.type.startsWith('customer.subscription.')) return String(object.id);
  if (event.type === 'checkout.session.completed' || event.type === 'checkout.session.async_payment_succeeded') {
    return typeof object.subscription === 'string' ? object.subscription : undefined;
  }
  if (event.type.startsWith('invoice.')) {
    const parent = object.parent as { subscription_details?: { subscription?: unknown } } | null | undefined;
    const subscription = parent?.subscription_details?.subscription;
    return typeof subscription === 'string' ? subscription : undefined;
  }
  return undefined;
}
