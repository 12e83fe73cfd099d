// The providers' webhooks: verify the signature, record the event once, answer at once; the sync
// worker (sync.ts) does the rest.
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { badRequest } from '../platform/errors';
import { validMercadoPagoSignature } from './mercadopago';
import { secrets, stripe } from './providers';
import * as store from './store';
import { stripeSubscriptionOf, verifiedStripeEvent } from './stripe';

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

/**
 * POST /api/webhooks/mercadopago: x-signature checked against the manifest of data.id, x-request-id and
 * ts (at most 5 minutes old). The notification is named by what is signed, x-request-id and data.id
 * (the body's own id is not signed): a replay within the 5 minutes finds it recorded and changes nothing.
 */
export async function receiveMercadoPago(body: unknown, query: Record<string, string | undefined>, headers: Record<string, string | undefined>): Promise<WebhookAnswer> {
  const dataId = query['data.id'];
  const requestId = headers['x-request-id'];
  const valid = validMercadoPagoSignature({ signature: headers['x-signature'], requestId, dataId, secret: secrets().mercadopago_webhook_secret });
  if (!valid || !dataId || !requestId) throw badRequest(PAYMENT_MESSAGES.invalidSignature);
  const notification = (body ?? {}) as { type?: unknown };
  const topic = query.type ?? (typeof notification.type === 'string' ? notification.type : '');
  if (!MERCADO_PAGO_TOPICS.includes(topic)) return { received: true, ignored: true };
  const recorded = await store.recordNotification({
    provider: 'mercadopago',
    notification_id: `${requestId}:${dataId}`,
    topic,
    object_id: dataId,
    received_at: new Date().toISOString(),
  });
  return recorded ? { received: true } : { received: true, duplicate: true };
}
