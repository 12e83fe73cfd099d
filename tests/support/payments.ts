// The payment providers' sandboxes as tests drive them: their control API (complete a checkout, move
// the clock, hold, duplicate or replay webhooks) and their real APIs with this runtime's keys (read
// from its data folder, where the runtime made them). Signatures here are computed independently of
// the product's verification code, as the providers compute them.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { RuntimePorts } from './runtime';

export interface PaymentKeys {
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  mercadoPagoAccessToken: string;
  mercadoPagoWebhookSecret: string;
}

export const paymentKeys = (dataDir: string): PaymentKeys => JSON.parse(readFileSync(path.join(dataDir, 'payment-keys.json'), 'utf8')) as PaymentKeys;

async function call(url: string, method: string, body?: unknown, headers: Record<string, string> = {}): Promise<Record<string, unknown>> {
  const response = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`${method} ${url}: ${response.status} ${text}`);
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

export class Sandbox {
  readonly stripeUrl: string;
  readonly mercadoPagoUrl: string;
  readonly keys: PaymentKeys;

  constructor(
    ports: RuntimePorts,
    dataDir: string,
    readonly gatewayUrl: string,
  ) {
    this.stripeUrl = `http://127.0.0.1:${ports.stripe}`;
    this.mercadoPagoUrl = `http://127.0.0.1:${ports.mercadoPago}`;
    this.keys = paymentKeys(dataDir);
  }

  control(path: string, body: unknown = {}) {
    return call(`${this.stripeUrl}/_sandbox/${path}`, 'POST', body);
  }

  completeStripe(sessionId: string, outcome: 'approved' | 'declined' = 'approved') {
    return this.control('checkout/complete', { provider: 'stripe', session_id: sessionId, outcome });
  }

  completeMercadoPago(body: { preference_id: string; method: 'pix' | 'boleto' } | { preapproval_id: string; outcome: 'approved' | 'declined' }) {
    return this.control('checkout/complete', { provider: 'mercadopago', ...body });
  }

  advanceClock(days: number) {
    return this.control('clock/advance', { days });
  }

  webhookMode(mode: 'normal' | 'duplicate' | 'hold') {
    return this.control('webhooks/mode', { mode });
  }

  releaseWebhooks(order: 'sent' | 'reverse') {
    return this.control('webhooks/release', { order });
  }

  async deliveries(): Promise<{ provider: string; event_id: string; type: string; attempts: number; last_status: number | null }[]> {
    return (await call(`${this.stripeUrl}/_sandbox/webhooks`, 'GET')) as never;
  }

  /** How many times Mercado Pago's API was called with `<METHOD> <path>` since the sandbox started. */
  async mercadoPagoCalls(route: string): Promise<number> {
    const calls = (await call(`${this.stripeUrl}/_sandbox/mercadopago/calls`, 'GET')) as Record<string, number>;
    return calls[route] ?? 0;
  }

  /** Stripe's REST API, form-encoded as the official client sends it. */
  async stripe(method: string, path: string, form: Record<string, string> = {}): Promise<Record<string, unknown>> {
    const response = await fetch(`${this.stripeUrl}/v1/${path}`, {
      method,
      headers: { authorization: `Bearer ${this.keys.stripeSecretKey}`, 'content-type': 'application/x-www-form-urlencoded' },
      body: method === 'GET' ? undefined : new URLSearchParams(form).toString(),
    });
    return (await response.json()) as Record<string, unknown>;
  }

  mercadoPago(method: string, path: string, body?: unknown) {
    return call(`${this.mercadoPagoUrl}${path}`, method, body, { authorization: `Bearer ${this.keys.mercadoPagoAccessToken}` });
  }

  /** Runs the daily reconciliation now, or as if at `time`. */
  async reconcile(eventsPort: number, time?: string) {
    return call(`http://127.0.0.1:${eventsPort}/schedules/payments-reconcile`, 'POST', time ? { time } : {});
  }

  /** A Stripe-Signature header over `payload`, as Stripe makes it. */
  stripeSignature(payload: string, { secret = this.keys.stripeWebhookSecret, at = Math.floor(Date.now() / 1000) } = {}): string {
    const v1 = createHmac('sha256', secret).update(`${at}.${payload}`).digest('hex');
    return `t=${at},v1=${v1}`;
  }

  /** Mercado Pago's x-signature over the manifest of data.id, request id and ts. */
  mercadoPagoSignature(dataId: string, requestId: string, { secret = this.keys.mercadoPagoWebhookSecret, ts = Math.floor(Date.now() / 1000) } = {}): string {
    const v1 = createHmac('sha256', secret).update(`id:${dataId};request-id:${requestId};ts:${ts};`).digest('hex');
    return `ts=${ts},v1=${v1}`;
  }
}
