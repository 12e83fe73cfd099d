// A local sandbox for Stripe and Mercado Pago: it stands in for both providers the way DynamoDB Local
// stands in for DynamoDB. Each provider gets its own loopback server speaking its wire protocol, with
// hosted checkout/portal pages, signed webhooks, a sandbox clock that can be moved forward, and a
// sandbox-only control API under /_sandbox/ on both ports. It depends on none of the portal's code.
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { asString, parseJsonObject, readBody, sendJson } from './http';
import { emptyMercadoPagoState, MercadoPagoError, MercadoPagoSandbox } from './mercadopago';
import { Store, type SandboxState } from './store';
import { emptyStripeState, StripeError, StripeSandbox } from './stripe';
import { emptyWebhookState, WebhookDispatcher, WEBHOOK_MODES, type WebhookMode } from './webhooks';

export interface PaymentsSandboxOptions {
  stripePort: number;
  mercadoPagoPort: number;
  /** Where browsers reach the sandbox pages, e.g. http://localhost:3010 (hosted checkout/portal URLs use it). */
  stripePublicUrl: string;
  mercadoPagoPublicUrl: string;
  stripe: { secretKey: string; webhookSecret: string; webhookUrl: string };
  mercadoPago: { accessToken: string; webhookSecret: string; webhookUrl: string };
  /** JSON file where the state is persisted across restarts (write after each change; load at start if present). */
  stateFile: string;
  log?: (line: string) => void;
}

export interface PaymentsSandbox {
  /** The ports actually bound (useful when 0 asked for any free port). */
  stripePort: number;
  mercadoPagoPort: number;
  close(): Promise<void>;
}

const freshState = (): SandboxState => ({
  version: 1,
  clockOffsetMs: 0,
  counters: {},
  stripe: emptyStripeState(),
  mercadoPago: emptyMercadoPagoState(),
  webhooks: emptyWebhookState(),
});

class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export async function startPaymentsSandbox(options: PaymentsSandboxOptions): Promise<PaymentsSandbox> {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = Store.open(options.stateFile, freshState, log);
  const hooks = new WebhookDispatcher(store, { stripe: options.stripe.webhookSecret, mercadopago: options.mercadoPago.webhookSecret }, log);
  const stripe = new StripeSandbox(store, hooks, { publicUrl: options.stripePublicUrl.replace(/\/$/, ''), secretKey: options.stripe.secretKey, webhookUrl: options.stripe.webhookUrl });
  const mercadoPago = new MercadoPagoSandbox(store, hooks, {
    publicUrl: options.mercadoPagoPublicUrl.replace(/\/$/, ''),
    accessToken: options.mercadoPago.accessToken,
    webhookUrl: options.mercadoPago.webhookUrl,
  });

  const control = async (method: string, path: string, body: Record<string, unknown>): Promise<unknown> => {
    const route = `${method} ${path}`;
    let match: RegExpExecArray | null;
    if (route === 'GET /_sandbox/clock') return { now: new Date(store.now()).toISOString() };
    if (route === 'POST /_sandbox/clock/advance') {
      const days = Number(body.days ?? 0);
      const secondsToMove = Number(body.seconds ?? 0);
      if (!Number.isFinite(days) || !Number.isFinite(secondsToMove) || days < 0 || secondsToMove < 0) throw new ControlError(400, 'days and seconds must be non-negative numbers');
      const before = hooks.emitted;
      store.advance(days * 86_400_000 + secondsToMove * 1000);
      stripe.runDue();
      mercadoPago.runDue();
      return { now: new Date(store.now()).toISOString(), events: hooks.emitted - before };
    }
    if (route === 'GET /_sandbox/webhooks') return hooks.list();
    if (route === 'GET /_sandbox/mercadopago/calls') return Object.fromEntries(mercadoPago.calls);
    if (route === 'POST /_sandbox/webhooks/mode') {
      const mode = asString(body.mode);
      if (!WEBHOOK_MODES.includes(mode as WebhookMode)) throw new ControlError(400, `mode must be one of ${WEBHOOK_MODES.join(', ')}`);
      hooks.mode = mode as WebhookMode;
      return { mode };
    }
    if (route === 'POST /_sandbox/webhooks/release') {
      const order = body.order === 'reverse' ? 'reverse' : 'sent';
      return { order, released: await hooks.release(order) };
    }
    if (route === 'POST /_sandbox/webhooks/resend') {
      const eventId = asString(body.event_id);
      if (!eventId) throw new ControlError(400, 'event_id is required');
      const delivery = await hooks.resend(eventId);
      if (!delivery) throw new ControlError(404, `no delivery of event ${eventId}`);
      return delivery;
    }
    if (route === 'POST /_sandbox/reset') {
      hooks.cancelRetries();
      store.replace(freshState());
      return { reset: true, now: new Date(store.now()).toISOString() };
    }
    if (method === 'POST' && (match = /^\/_sandbox\/stripe\/subscriptions\/([^/]+)\/fail-next-renewal$/.exec(path))) return stripe.failNextRenewal(match[1] ?? '');
    if (method === 'POST' && (match = /^\/_sandbox\/stripe\/subscriptions\/([^/]+)\/refund$/.exec(path))) return stripe.refundLatestCharge(match[1] ?? '');
    if (method === 'POST' && (match = /^\/_sandbox\/mercadopago\/preapprovals\/([^/]+)\/fail-next-payment$/.exec(path))) return mercadoPago.failNextPayment(match[1] ?? '');
    if (method === 'POST' && (match = /^\/_sandbox\/mercadopago\/payments\/([^/]+)\/approve$/.exec(path))) return mercadoPago.approvePayment(match[1] ?? '');
    if (route === 'POST /_sandbox/checkout/complete') {
      const outcome = body.outcome === 'declined' ? 'declined' : 'approved';
      if (body.provider === 'stripe') {
        const sessionId = asString(body.session_id);
        if (!sessionId) throw new ControlError(400, 'session_id is required');
        return stripe.completeCheckout(sessionId, outcome, asString(body.email));
      }
      if (body.provider === 'mercadopago') {
        const preapprovalId = asString(body.preapproval_id);
        if (preapprovalId) return mercadoPago.completePreapproval(preapprovalId, outcome);
        const preferenceId = asString(body.preference_id);
        const methodName = asString(body.method);
        if (!preferenceId) throw new ControlError(400, 'preference_id or preapproval_id is required');
        if (methodName !== 'pix' && methodName !== 'boleto' && methodName !== 'card') throw new ControlError(400, 'method must be pix, boleto or card');
        return mercadoPago.payPreference(preferenceId, methodName, outcome, asString(body.email));
      }
      throw new ControlError(400, "provider must be 'stripe' or 'mercadopago'");
    }
    throw new ControlError(404, `no sandbox route ${route}`);
  };

  const handler = (provider: 'stripe' | 'mercadopago') => async (request: IncomingMessage, response: ServerResponse) => {
    const method = request.method ?? 'GET';
    try {
      const url = new URL(request.url ?? '/', 'http://sandbox.local');
      const raw = await readBody(request);
      if (url.pathname.startsWith('/_sandbox/')) {
        try {
          sendJson(response, 200, await control(method, url.pathname, parseJsonObject(raw)));
        } catch (error) {
          if (error instanceof ControlError) return sendJson(response, error.status, { error: error.message });
          if (error instanceof StripeError || error instanceof MercadoPagoError) return sendJson(response, error.status, { error: error.message });
          throw error;
        }
      } else if (provider === 'stripe') {
        await stripe.handle(request, response, url, raw);
      } else {
        await mercadoPago.handle(request, response, url, raw);
      }
    } catch (error) {
      log(`[payments-sandbox] ${provider} ${method} ${request.url}: ${(error as Error).stack ?? String(error)}`);
      if (!response.headersSent) {
        const message = 'Internal sandbox error';
        sendJson(response, 500, provider === 'stripe' ? { error: { type: 'api_error', message } } : { message, error: 'internal_error', status: 500, cause: [] });
      } else response.end();
    } finally {
      // Everything but reads may have changed the state; reads never do.
      if (method !== 'GET' && method !== 'HEAD') store.save();
    }
  };

  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve((server.address() as AddressInfo).port);
      });
    });
  const stripeServer = createServer((request, response) => void handler('stripe')(request, response));
  const mercadoPagoServer = createServer((request, response) => void handler('mercadopago')(request, response));
  const stripePort = await listen(stripeServer, options.stripePort);
  let mercadoPagoPort: number;
  try {
    mercadoPagoPort = await listen(mercadoPagoServer, options.mercadoPagoPort);
  } catch (error) {
    stripeServer.close();
    throw error;
  }
  store.save();
  hooks.resume();
  log(`[payments-sandbox] Stripe em http://127.0.0.1:${stripePort}, Mercado Pago em http://127.0.0.1:${mercadoPagoPort}`);

  const closeServer = (server: Server) =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      server.closeAllConnections();
    });
  return {
    stripePort,
    mercadoPagoPort,
    async close() {
      await hooks.close();
      await Promise.all([closeServer(stripeServer), closeServer(mercadoPagoServer)]);
      store.save();
    },
  };
}
