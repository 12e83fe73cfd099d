// Webhook delivery for both providers. Each attempt is signed when it is sent, with the wall clock (as
// the real providers sign at delivery time, so a receiver's tolerance window holds), and retried like
// the real providers do, compressed: after 1 s, 2 s, 4 s, 8 s and 16 s, then given up. Deliveries can
// also be duplicated, held and released out of order, to exercise a receiver's idempotency.
import { createHmac, randomUUID } from 'node:crypto';
import type { Store } from './store';

export type Provider = 'stripe' | 'mercadopago';
export type WebhookMode = 'normal' | 'duplicate' | 'hold';
export const WEBHOOK_MODES: readonly WebhookMode[] = ['normal', 'duplicate', 'hold'];

export const RETRY_DELAYS_MS = [1000, 2000, 4000, 8000, 16000];
const ATTEMPT_TIMEOUT_MS = 10_000;
/** Finished deliveries beyond this are dropped from the log, oldest first, to keep the state file small. */
const LOG_LIMIT = 1000;

export interface Delivery {
  id: number;
  provider: Provider;
  event_id: string;
  type: string;
  /** The final URL (Mercado Pago's carries ?data.id=&type=). */
  url: string;
  body: string;
  /** Mercado Pago signs data.id; Stripe signs the body. */
  data_id: string | null;
  state: 'held' | 'sending' | 'retrying' | 'delivered' | 'failed';
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
}

export interface WebhookState {
  mode: WebhookMode;
  nextId: number;
  deliveries: Delivery[];
}

export const emptyWebhookState = (): WebhookState => ({ mode: 'normal', nextId: 1, deliveries: [] });

export interface OutgoingEvent {
  provider: Provider;
  event_id: string;
  type: string;
  url: string;
  body: string;
  data_id?: string;
}

/** Stripe's scheme: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">. */
export function stripeSignatureHeader(body: string, secret: string, timestamp: number): string {
  const signature = createHmac('sha256', secret).update(`${timestamp}.${body}`, 'utf8').digest('hex');
  return `t=${timestamp},v1=${signature}`;
}

/** Mercado Pago's scheme: ts=<unix seconds>,v1=<hex HMAC-SHA256 of "id:<data.id>;request-id:<x-request-id>;ts:<ts>;">. */
export function mercadoPagoSignatureHeader(dataId: string, requestId: string, secret: string, timestamp: number): string {
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const manifest = `id:${id};request-id:${requestId};ts:${timestamp};`;
  return `ts=${timestamp},v1=${createHmac('sha256', secret).update(manifest, 'utf8').digest('hex')}`;
}

export interface DeliveryView {
  id: number;
  provider: Provider;
  event_id: string;
  type: string;
  url: string;
  state: Delivery['state'];
  attempts: number;
  last_status: number | null;
  last_error: string | null;
  created_at: string;
  last_attempt_at: string | null;
}

const view = ({ body: _body, data_id: _dataId, ...rest }: Delivery): DeliveryView => rest;

export class WebhookDispatcher {
  // One chain per provider: first attempts go out one after another, in the order the events happened.
  private readonly chains: Record<Provider, Promise<void>> = { stripe: Promise.resolve(), mercadopago: Promise.resolve() };
  private readonly timers = new Set<NodeJS.Timeout>();
  private readonly abort = new AbortController();
  private closed = false;
  /** Events emitted since start (clock/advance reports how many it queued). */
  emitted = 0;

  constructor(
    private readonly store: Store,
    private readonly secrets: Record<Provider, string>,
    private readonly log: (line: string) => void,
  ) {}

  private get state(): WebhookState {
    return this.store.state.webhooks;
  }

  get mode(): WebhookMode {
    return this.state.mode;
  }

  set mode(mode: WebhookMode) {
    this.state.mode = mode;
    this.store.save();
  }

  emit(event: OutgoingEvent): void {
    this.emitted += 1;
    const copies = this.state.mode === 'duplicate' ? 2 : 1;
    for (let copy = 0; copy < copies; copy += 1) {
      const delivery = this.record(event, this.state.mode === 'hold' ? 'held' : 'sending');
      if (delivery.state === 'sending') void this.enqueue(delivery);
    }
  }

  /** Sends the held deliveries one by one (in the order they were queued, or reversed) and resolves once each got its first answer. */
  async release(order: 'sent' | 'reverse'): Promise<DeliveryView[]> {
    const held = this.state.deliveries.filter((delivery) => delivery.state === 'held');
    if (order === 'reverse') held.reverse();
    for (const delivery of held) delivery.state = 'sending';
    for (const delivery of held) await this.enqueue(delivery);
    return held.map(view);
  }

  /** A replay: the same event body again, with a fresh signature. */
  async resend(eventId: string): Promise<DeliveryView | null> {
    const original = this.state.deliveries.findLast((delivery) => delivery.event_id === eventId);
    if (!original) return null;
    const delivery = this.record({ ...original, data_id: original.data_id ?? undefined }, 'sending');
    await this.enqueue(delivery);
    return view(delivery);
  }

  list(): DeliveryView[] {
    return this.state.deliveries.map(view);
  }

  /** After a restart: deliveries that were still being tried go out again. */
  resume(): void {
    for (const delivery of this.state.deliveries) {
      if (delivery.state === 'sending' || delivery.state === 'retrying') void this.enqueue(delivery);
    }
  }

  /** Pending retries are dropped (a reset of the sandbox's state). */
  cancelRetries(): void {
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    this.abort.abort();
    await Promise.all(Object.values(this.chains));
  }

  private record(event: OutgoingEvent, state: Delivery['state']): Delivery {
    const delivery: Delivery = {
      id: this.state.nextId++,
      provider: event.provider,
      event_id: event.event_id,
      type: event.type,
      url: event.url,
      body: event.body,
      data_id: event.data_id ?? null,
      state,
      attempts: 0,
      last_status: null,
      last_error: null,
      created_at: new Date().toISOString(),
      last_attempt_at: null,
    };
    this.state.deliveries.push(delivery);
    while (this.state.deliveries.length > LOG_LIMIT) {
      const index = this.state.deliveries.findIndex((entry) => entry.state === 'delivered' || entry.state === 'failed');
      if (index < 0) break;
      this.state.deliveries.splice(index, 1);
    }
    this.store.save();
    return delivery;
  }

  private enqueue(delivery: Delivery): Promise<void> {
    const next = this.chains[delivery.provider].then(() => this.attempt(delivery));
    this.chains[delivery.provider] = next;
    return next;
  }

  private headers(delivery: Delivery): Record<string, string> {
    const timestamp = Math.floor(Date.now() / 1000);
    if (delivery.provider === 'stripe') {
      return {
        'content-type': 'application/json; charset=utf-8',
        'user-agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
        'stripe-signature': stripeSignatureHeader(delivery.body, this.secrets.stripe, timestamp),
      };
    }
    const requestId = randomUUID();
    return {
      'content-type': 'application/json',
      'user-agent': 'MercadoPago WebHook v1.0',
      'x-request-id': requestId,
      'x-signature': mercadoPagoSignatureHeader(delivery.data_id ?? '', requestId, this.secrets.mercadopago, timestamp),
    };
  }

  private async attempt(delivery: Delivery): Promise<void> {
    if (this.closed) return;
    delivery.attempts += 1;
    delivery.state = 'sending';
    delivery.last_attempt_at = new Date().toISOString();
    try {
      const response = await fetch(delivery.url, {
        method: 'POST',
        headers: this.headers(delivery),
        body: delivery.body,
        signal: AbortSignal.any([this.abort.signal, AbortSignal.timeout(ATTEMPT_TIMEOUT_MS)]),
      });
      await response.arrayBuffer().catch(() => undefined);
      delivery.last_status = response.status;
      delivery.last_error = null;
      if (response.ok) delivery.state = 'delivered';
    } catch (error) {
      delivery.last_status = null;
      delivery.last_error = (error as Error).cause ? String((error as Error).cause) : (error as Error).message;
    }
    if (this.closed) return;
    if (delivery.state !== 'delivered') this.retryLater(delivery);
    this.store.save();
  }

  private retryLater(delivery: Delivery): void {
    const delay = RETRY_DELAYS_MS[delivery.attempts - 1];
    const outcome = delivery.last_status ?? delivery.last_error;
    if (delay === undefined) {
      delivery.state = 'failed';
      this.log(`[payments-sandbox] webhook ${delivery.provider} ${delivery.type} ${delivery.event_id} abandonado após ${delivery.attempts} tentativas (${outcome})`);
      return;
    }
    delivery.state = 'retrying';
    this.log(`[payments-sandbox] webhook ${delivery.provider} ${delivery.type} ${delivery.event_id} falhou (${outcome}); nova tentativa em ${delay / 1000} s`);
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      void this.attempt(delivery);
    }, delay);
    this.timers.add(timer);
  }
}
