// The payments sandbox as the portal meets it: the official Stripe client and plain fetch for Mercado
// Pago against loopback servers, signed webhooks caught by a local receiver, the sandbox clock and the
// delivery modes (duplicate, hold and release out of order, retries of a failing receiver).
import { createHmac } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Stripe from 'stripe';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { startPaymentsSandbox, type PaymentsSandbox, type PaymentsSandboxOptions } from '../../infra/local/payments-sandbox';

const STRIPE_KEY = 'sk_test_sandbox_123456789';
const STRIPE_WEBHOOK_SECRET = 'whsec_sandbox_secret';
const MP_TOKEN = 'TEST-1234567890-sandbox';
const MP_WEBHOOK_SECRET = 'mp-webhook-secret';
const PUBLIC_STRIPE = 'http://localhost:3010';
const PUBLIC_MP = 'http://localhost:3011';

interface Received {
  provider: 'stripe' | 'mercadopago';
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

const received: Received[] = [];
/** The receiver answers 500 to this many more deliveries of events of this type. */
let failing: { type: string; left: number } | null = null;
let receiver: Server;
let sandbox: PaymentsSandbox;
let options: PaymentsSandboxOptions;
let stripe: Stripe;
let directory: string;

const stripeBase = () => `http://127.0.0.1:${sandbox.stripePort}`;
const mpBase = () => `http://127.0.0.1:${sandbox.mercadoPagoPort}`;

async function control<T = Record<string, unknown>>(route: string, body?: unknown): Promise<T> {
  const response = await fetch(`${stripeBase()}/_sandbox/${route}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  expect(response.status, await response.clone().text()).toBe(200);
  return (await response.json()) as T;
}

async function mp<T = Record<string, unknown>>(method: string, route: string, body?: unknown, token = MP_TOKEN): Promise<{ status: number; body: T }> {
  const response = await fetch(`${mpBase()}${route}`, {
    method,
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}

async function waitFor<T>(probe: () => T | undefined | false, timeoutMs = 5000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > deadline) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const stripeEvents = () => received.filter((entry) => entry.provider === 'stripe').map((entry) => JSON.parse(entry.body) as Stripe.Event);

async function subscribedCustomer(): Promise<{ customer: Stripe.Customer; subscription: string }> {
  const customer = await stripe.customers.create({ email: 'leitora@example.com', name: 'Leitora' });
  const session = await stripe.checkout.sessions.create({
    mode: 'subscription',
    customer: customer.id,
    line_items: [{ quantity: 1, price_data: { currency: 'brl', unit_amount: 5000, recurring: { interval: 'month' }, product_data: { name: 'Portal Plural Premium' } } }],
    success_url: 'http://localhost:3000/subscription-success?session_id={CHECKOUT_SESSION_ID}',
    cancel_url: 'http://localhost:3000/pricing',
    metadata: { user_id: 'u1' },
    subscription_data: { metadata: { user_id: 'u1', subscription_id: 's1' } },
  });
  const result = await control<{ subscription: string }>('checkout/complete', { provider: 'stripe', session_id: session.id, outcome: 'approved' });
  return { customer, subscription: result.subscription };
}

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      if (failing && failing.left > 0 && (JSON.parse(body) as { type: string }).type === failing.type) {
        failing.left -= 1;
        response.writeHead(500).end('falhou');
        return;
      }
      const url = request.url ?? '';
      received.push({ provider: url.startsWith('/stripe') ? 'stripe' : 'mercadopago', url, headers: request.headers, body });
      response.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`;
  directory = mkdtempSync(path.join(tmpdir(), 'payments-sandbox-'));
  options = {
    stripePort: 0,
    mercadoPagoPort: 0,
    stripePublicUrl: PUBLIC_STRIPE,
    mercadoPagoPublicUrl: PUBLIC_MP,
    stripe: { secretKey: STRIPE_KEY, webhookSecret: STRIPE_WEBHOOK_SECRET, webhookUrl: `${receiverUrl}/stripe` },
    mercadoPago: { accessToken: MP_TOKEN, webhookSecret: MP_WEBHOOK_SECRET, webhookUrl: `${receiverUrl}/mercadopago` },
    stateFile: path.join(directory, 'state.json'),
    log: () => undefined,
  };
  sandbox = await startPaymentsSandbox(options);
  stripe = new Stripe(STRIPE_KEY, { host: '127.0.0.1', port: sandbox.stripePort, protocol: 'http', maxNetworkRetries: 0, telemetry: false });
});

afterAll(async () => {
  await sandbox?.close();
  await new Promise((resolve) => receiver?.close(resolve));
  if (directory) rmSync(directory, { recursive: true, force: true });
});

beforeEach(async () => {
  failing = null;
  await control('webhooks/mode', { mode: 'normal' });
  received.length = 0;
});

describe('Stripe through the official client', () => {
  it('creates a customer and a subscription Checkout Session and reads it back', async () => {
    const customer = await stripe.customers.create({ email: 'leitor@example.com', name: 'Leitor', metadata: { user_id: 'u9' } });
    expect(customer.id).toMatch(/^cus_\w{14}$/);
    expect((await stripe.customers.retrieve(customer.id)) as Stripe.Customer).toMatchObject({ email: 'leitor@example.com', metadata: { user_id: 'u9' } });

    const session = await stripe.checkout.sessions.create({
      mode: 'subscription',
      customer: customer.id,
      client_reference_id: 'u9',
      line_items: [{ quantity: 1, price_data: { currency: 'brl', unit_amount: 5000, recurring: { interval: 'month' }, product_data: { name: 'Portal Plural Premium' } } }],
      success_url: 'http://localhost:3000/ok?session_id={CHECKOUT_SESSION_ID}',
      cancel_url: 'http://localhost:3000/pricing',
      locale: 'pt-BR',
    });
    expect(session).toMatchObject({ object: 'checkout.session', status: 'open', payment_status: 'unpaid', amount_total: 5000, currency: 'brl', subscription: null });
    expect(session.id).toMatch(/^cs_test_/);
    expect(session.url).toBe(`${PUBLIC_STRIPE}/c/pay/${session.id}`);
    expect((await stripe.checkout.sessions.retrieve(session.id)).id).toBe(session.id);

    const page = await (await fetch(`${stripeBase()}/c/pay/${session.id}`)).text();
    expect(page).toContain('R$ 50,00 / mês');
    expect(page).toContain('4242 4242 4242 4242');
    expect(page).toContain('leitor@example.com');

    await expect(stripe.checkout.sessions.retrieve('cs_test_nope')).rejects.toMatchObject({ statusCode: 404, code: 'resource_missing' });
    await expect(
      stripe.checkout.sessions.create({ mode: 'payment', line_items: [], success_url: 'http://localhost:3000/ok' }),
    ).rejects.toMatchObject({ statusCode: 400, type: 'StripeInvalidRequestError' });
    const stranger = new Stripe('sk_test_wrong', { host: '127.0.0.1', port: sandbox.stripePort, protocol: 'http', maxNetworkRetries: 0 });
    await expect(stranger.customers.retrieve(customer.id)).rejects.toMatchObject({ statusCode: 401 });
  });

  it('completing Checkout sends signed webhooks in order that constructEvent accepts', async () => {
    const { customer, subscription } = await subscribedCustomer();
    await waitFor(() => received.length >= 3);
    const events = stripeEvents();
    expect(events.map((event) => event.type)).toEqual(['checkout.session.completed', 'customer.subscription.created', 'invoice.paid']);

    const first = received[0]!;
    const signature = String(first.headers['stripe-signature']);
    const event = stripe.webhooks.constructEvent(first.body, signature, STRIPE_WEBHOOK_SECRET);
    expect(event.type).toBe('checkout.session.completed');
    expect(event.data.object).toMatchObject({ status: 'complete', payment_status: 'paid', customer: customer.id, subscription });
    expect(() => stripe.webhooks.constructEvent(first.body, signature, 'whsec_wrong')).toThrow();
    expect(await stripe.events.retrieve(event.id)).toMatchObject({ id: event.id, type: 'checkout.session.completed' });

    const read = await stripe.subscriptions.retrieve(subscription, { expand: ['latest_invoice'] });
    expect(read).toMatchObject({ status: 'active', cancel_at_period_end: false, metadata: { user_id: 'u1', subscription_id: 's1' } });
    const item = read.items.data[0]!;
    const start = new Date(item.current_period_start * 1000);
    const expectedEnd = new Date(start);
    expectedEnd.setUTCMonth(start.getUTCMonth() + 1);
    if (expectedEnd.getUTCDate() === start.getUTCDate()) expect(item.current_period_end).toBe(Math.floor(expectedEnd.getTime() / 1000));
    expect((read.latest_invoice as Stripe.Invoice).status).toBe('paid');
    const list = await stripe.subscriptions.list({ customer: customer.id, status: 'all', limit: 10 });
    expect(list.data.map((entry) => entry.id)).toEqual([subscription]);
  });

  it('ends a subscription set to cancel at period end once the clock passes the period', async () => {
    const { subscription } = await subscribedCustomer();
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await waitFor(() => stripeEvents().some((event) => event.type === 'customer.subscription.updated'));
    const periodEnd = (await stripe.subscriptions.retrieve(subscription)).items.data[0]!.current_period_end;

    const advanced = await control<{ now: string; events: number }>('clock/advance', { days: 32 });
    expect(advanced.events).toBeGreaterThanOrEqual(1);
    const ended = await stripe.subscriptions.retrieve(subscription);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    await waitFor(() => stripeEvents().some((event) => event.type === 'customer.subscription.deleted' && (event.data.object as Stripe.Subscription).id === subscription));
    expect(Date.parse((await control<{ now: string }>('clock')).now)).toBeGreaterThan(Date.now() + 31 * 86_400_000);
  });
});

describe('Mercado Pago over fetch', () => {
  it('authorizes a preapproval and signs its webhooks as Mercado Pago documents', async () => {
    expect(await mp('GET', '/preapproval/abc', undefined, 'wrong')).toMatchObject({ status: 401, body: { error: 'unauthorized', status: 401 } });
    const created = await mp<{ id: string; status: string; init_point: string }>('POST', '/preapproval', {
      reason: 'Portal Plural Premium',
      external_reference: 'u1:s2',
      payer_email: 'leitora@example.com',
      auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: 50, currency_id: 'BRL' },
      back_url: 'http://localhost:3000/subscription-success',
      status: 'pending',
    });
    expect(created.status).toBe(201);
    expect(created.body.id).toMatch(/^[0-9a-f]{32}$/);
    expect(created.body.init_point).toBe(`${PUBLIC_MP}/subscriptions/checkout?preapproval_id=${created.body.id}`);
    expect(await mp('GET', '/preapproval/0000', undefined)).toMatchObject({ status: 404, body: { error: 'not_found' } });

    const result = await control<{ redirect_url: string; authorized_payment_id: number; payment_id: number }>('checkout/complete', {
      provider: 'mercadopago',
      preapproval_id: created.body.id,
      outcome: 'approved',
    });
    expect(result.redirect_url).toBe(`http://localhost:3000/subscription-success?preapproval_id=${created.body.id}`);
    expect((await mp<{ status: string }>('GET', `/preapproval/${created.body.id}`)).body.status).toBe('authorized');
    expect((await mp('GET', `/authorized_payments/${result.authorized_payment_id}`)).body).toMatchObject({
      preapproval_id: created.body.id,
      status: 'processed',
      payment: { id: result.payment_id, status: 'approved' },
    });
    expect((await mp('GET', `/v1/payments/${result.payment_id}`)).body).toMatchObject({ metadata: { preapproval_id: created.body.id }, status: 'approved' });

    await waitFor(() => received.length >= 2);
    expect(received.map((entry) => JSON.parse(entry.body).type)).toEqual(['subscription_preapproval', 'subscription_authorized_payment']);
    for (const delivery of received) {
      const url = new URL(delivery.url, 'http://receiver');
      const dataId = url.searchParams.get('data.id') ?? '';
      expect(JSON.parse(delivery.body).data.id).toBe(dataId);
      const requestId = String(delivery.headers['x-request-id']);
      const [ts, v1] = String(delivery.headers['x-signature']).split(',').map((part) => part.split('=')[1]);
      const manifest = `id:${dataId.toLowerCase()};request-id:${requestId};ts:${ts};`;
      expect(v1).toBe(createHmac('sha256', MP_WEBHOOK_SECRET).update(manifest).digest('hex'));
    }
  });

  it('issues a PIX as Mercado Pago does: pending, with its code, QR image and ticket, until paid', async () => {
    const preference = await mp<{ id: string; init_point: string }>('POST', '/checkout/preferences', {
      items: [{ id: 'premium', title: 'Portal Plural Premium', quantity: 1, unit_price: 50, currency_id: 'BRL' }],
      payer: { email: 'leitora@example.com' },
      external_reference: 'u1:s3',
      back_urls: { success: 'http://localhost:3000/ok', pending: 'http://localhost:3000/pending', failure: 'http://localhost:3000/pricing' },
      auto_return: 'approved',
      payment_methods: { excluded_payment_types: [{ id: 'credit_card' }, { id: 'ticket' }] },
      metadata: { userId: 'u1' },
    });
    expect(preference.body.id).toMatch(/^\d+-[0-9a-f-]{36}$/);
    const page = await (await fetch(`${mpBase()}/checkout/v1/redirect?pref_id=${preference.body.id}`)).text();
    expect(page).toContain('Gerar código PIX');
    expect(page).not.toContain('Gerar boleto');
    const issued = await fetch(`${mpBase()}/checkout/v1/redirect?pref_id=${preference.body.id}`, { method: 'POST', body: new URLSearchParams({ method: 'pix' }), redirect: 'manual' });
    expect(issued.status).toBe(302);
    const location = new URL(issued.headers.get('location') ?? '');
    expect(location.origin + location.pathname).toBe('http://localhost:3000/pending');
    expect(location.searchParams.get('status')).toBe('pending');
    const paymentId = location.searchParams.get('payment_id');
    type Pix = { status: string; date_of_expiration: string; point_of_interaction: { transaction_data: { qr_code: string; qr_code_base64: string; ticket_url: string } } };
    const pending = (await mp<Pix>('GET', `/v1/payments/${paymentId}`)).body;
    expect(pending.status).toBe('pending');
    expect(Date.parse(pending.date_of_expiration)).toBeGreaterThan(Date.now());
    const { qr_code, qr_code_base64, ticket_url } = pending.point_of_interaction.transaction_data;
    expect(qr_code).toMatch(/^000201.*br\.gov\.bcb\.pix.*6304[0-9A-F]{4}$/);
    expect(Buffer.from(qr_code_base64, 'base64').subarray(0, 3).toString()).toBe('GIF');
    // The ticket's address is the sandbox's public one; this test reaches it on its own port.
    const ticketUrl = `${mpBase()}${new URL(ticket_url).pathname}`;
    const ticket = await (await fetch(ticketUrl)).text();
    expect(ticket).toContain(qr_code);
    expect(ticket).toContain(`data:image/png;base64,${qr_code_base64}`);
    // The payer pays in their bank's app (here, the ticket page's button): the payment is approved.
    await fetch(ticketUrl, { method: 'POST', redirect: 'manual' });
    expect((await mp<Pix>('GET', `/v1/payments/${paymentId}`)).body.status).toBe('approved');
    const search = await mp<{ results: { id: number; payment_method_id: string; metadata: Record<string, unknown> }[] }>('GET', '/v1/payments/search?external_reference=u1:s3&sort=date_created&criteria=desc');
    expect(search.body.results).toHaveLength(1);
    expect(search.body.results[0]).toMatchObject({ id: Number(location.searchParams.get('payment_id')), payment_method_id: 'pix', metadata: { user_id: 'u1' } });
  });
});

describe('webhook delivery modes', () => {
  it('duplicate delivers every event twice with the same id', async () => {
    const { subscription } = await subscribedCustomer();
    await waitFor(() => received.length >= 3);
    received.length = 0;
    await control('webhooks/mode', { mode: 'duplicate' });
    await stripe.subscriptions.update(subscription, { metadata: { marca: '1' } });
    await waitFor(() => received.length >= 2);
    const [first, second] = stripeEvents();
    expect(first?.id).toBe(second?.id);
    expect(first?.type).toBe('customer.subscription.updated');
  });

  it('hold queues events and release sends them in reverse order', async () => {
    const { subscription } = await subscribedCustomer();
    await waitFor(() => received.length >= 3);
    received.length = 0;
    await control('webhooks/mode', { mode: 'hold' });
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: true });
    await stripe.subscriptions.update(subscription, { cancel_at_period_end: false });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(received).toHaveLength(0);
    const released = await control<{ released: { event_id: string; state: string }[] }>('webhooks/release', { order: 'reverse' });
    expect(released.released).toHaveLength(2);
    const events = stripeEvents();
    expect(events.map((event) => (event.data.object as Stripe.Subscription).cancel_at_period_end)).toEqual([false, true]);

    // A replay of a delivered event: the same event, signed again.
    const replay = await control<{ event_id: string; state: string }>('webhooks/resend', { event_id: events[0]!.id });
    expect(replay).toMatchObject({ event_id: events[0]!.id, state: 'delivered' });
    expect(stripe.webhooks.constructEvent(received.at(-1)!.body, String(received.at(-1)!.headers['stripe-signature']), STRIPE_WEBHOOK_SECRET).id).toBe(events[0]!.id);
  });

  it('retries a failing receiver until it answers 2xx', async () => {
    const customer = await stripe.customers.create({ email: 'retry@example.com' });
    failing = { type: 'customer.subscription.created', left: 2 };
    await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price_data: { currency: 'brl', unit_amount: 5000, recurring: { interval: 'month' }, product: 'prod_premium' } }],
    });
    await waitFor(() => received.length >= 2, 8000);
    const log = await control<{ type: string; attempts: number; last_status: number; state: string }[]>('webhooks');
    const created = log.filter((entry) => entry.type === 'customer.subscription.created').at(-1);
    expect(created).toMatchObject({ attempts: 3, last_status: 200, state: 'delivered' });
  }, 15_000);
});

describe('persistence', () => {
  it('keeps the state across a restart', async () => {
    const customer = await stripe.customers.create({ email: 'persiste@example.com' });
    await sandbox.close();
    sandbox = await startPaymentsSandbox(options);
    const again = new Stripe(STRIPE_KEY, { host: '127.0.0.1', port: sandbox.stripePort, protocol: 'http', maxNetworkRetries: 0 });
    expect(((await again.customers.retrieve(customer.id)) as Stripe.Customer).email).toBe('persiste@example.com');
  });
});
