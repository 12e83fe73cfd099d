// HTTP routes of the payments context, as its contract declares them. The webhooks answer at once;
// the sync worker applies what they announce.
import { httpHandler, json } from '../platform/http';
import { withSecret } from '../platform/secrets';
import { contract } from './contract';
import * as payments from './service';
import { receiveMercadoPago, receiveStripe } from './webhooks';

export const handler = httpHandler(contract, {
  'GET /api/subscription': async (request) => json(200, await payments.check(request.userId)),
  'POST /api/checkout/stripe': async (request) => json(200, await payments.startStripeCheckout(request.userId)),
  'POST /api/checkout/mercadopago': async (request) => json(200, await payments.startMercadoPagoCheckout(request.userId, request.body)),
  'POST /api/subscription/portal': async (request) => json(200, await payments.openPortal(request.userId)),
  'POST /api/subscription/cancel': async (request) => json(200, await payments.cancel(request.userId)),
  'GET /api/admin/subscriptions': async (request) => json(200, await payments.adminList(request.userId, request.query.cursor)),
  'POST /api/webhooks/stripe': async (request) => json(200, await receiveStripe(request.rawBody, request.event.headers['stripe-signature'])),
  'POST /api/webhooks/mercadopago': async (request) =>
    json(200, await receiveMercadoPago(request.body, request.event.queryStringParameters ?? {}, request.event.headers)),
}).use(withSecret(payments.PAYMENTS_SECRET, 'PAYMENTS_SECRET_ID'));
