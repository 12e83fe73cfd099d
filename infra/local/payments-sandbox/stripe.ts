// Stripe's API as far as the portal uses it — customers, subscription Checkout, subscriptions, invoices,
// charges, the customer portal and events — in Stripe's wire format (form-encoded requests in bracket
// notation, JSON answers, Stripe's error shape, API version 2026-10-28 with the billing period on the
// subscription items), so the official client works against it unchanged.
import type { IncomingMessage, ServerResponse } from 'node:http';
import qs from 'qs';
import { asMetadata, asRecord, asString, bearer, redirect, sendHtml, sendJson } from './http';
import { formatDate, formatMoney, intervalLabel, messagePage, stripeCheckoutPage, stripePortalPage, type StripePortalSubscriptionView } from './pages';
import { addMonths, clone, randomToken, stripeId, type Store } from './store';
import type { WebhookDispatcher } from './webhooks';

export const STRIPE_API_VERSION = '2026-10-28.endive';
export const CARD_DECLINED_MESSAGE = 'Seu cartão foi recusado. Tente outro cartão.';
const SESSION_LIFETIME_SECONDS = 24 * 60 * 60;

type Metadata = Record<string, string>;
type Params = Record<string, unknown>;

export interface StripeList<T> {
  object: 'list';
  data: T[];
  has_more: boolean;
  url: string;
  total_count?: number;
}

export interface StripeCustomer {
  id: string;
  object: 'customer';
  address: null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: { custom_fields: null; default_payment_method: string | null; footer: null; rendering_options: null };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  phone: string | null;
  preferred_locales: string[];
  shipping: null;
  tax_exempt: 'none';
}

export interface StripeProduct {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  name: string;
  updated: number;
}

export interface StripePrice {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: string;
  livemode: false;
  lookup_key: null;
  metadata: Metadata;
  nickname: null;
  product: string;
  recurring: { interval: 'month' | 'year'; interval_count: number; meter: null; usage_type: 'licensed' };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface StripeCheckoutSession {
  id: string;
  object: 'checkout.session';
  amount_subtotal: number;
  amount_total: number;
  cancel_url: string | null;
  client_reference_id: string | null;
  created: number;
  currency: string;
  customer: string | null;
  customer_creation: 'always' | null;
  customer_details: { email: string | null; name: string | null; phone: null; tax_exempt: 'none' } | null;
  customer_email: string | null;
  expires_at: number;
  invoice: string | null;
  livemode: false;
  locale: string | null;
  metadata: Metadata;
  mode: 'subscription';
  payment_method_types: string[];
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  status: 'open' | 'complete' | 'expired';
  subscription: string | null;
  success_url: string;
  ui_mode: 'hosted';
  url: string | null;
}

export interface StripeSubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: StripePrice;
  quantity: number;
  subscription: string;
  tax_rates: unknown[];
}

export interface StripeSubscription {
  id: string;
  object: 'subscription';
  application: null;
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  cancellation_details: { comment: string | null; feedback: string | null; reason: string | null };
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  ended_at: number | null;
  items: StripeList<StripeSubscriptionItem>;
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: 'active' | 'past_due' | 'canceled' | 'incomplete' | 'trialing' | 'unpaid';
  trial_end: number | null;
  trial_start: number | null;
}

export interface StripeInvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: string;
  description: string;
  discountable: boolean;
  invoice: string;
  livemode: false;
  metadata: Metadata;
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: { invoice_item: null; proration: boolean; proration_details: { credited_items: null }; subscription: string; subscription_item: string };
  };
  period: { end: number; start: number };
  pricing: { type: 'price_details'; price_details: { price: string; product: string }; unit_amount_decimal: string };
  quantity: number;
}

export interface StripeInvoice {
  id: string;
  object: 'invoice';
  account_country: 'BR';
  account_name: string;
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle';
  collection_method: 'charge_automatically';
  created: number;
  currency: string;
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  hosted_invoice_url: string | null;
  lines: StripeList<StripeInvoiceLine>;
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: { type: 'subscription_details'; quote_details: null; subscription_details: { metadata: Metadata; subscription: string } };
  payments: StripeList<{
    id: string;
    object: 'invoice_payment';
    amount_paid: number | null;
    amount_requested: number;
    created: number;
    currency: string;
    invoice: string;
    is_default: boolean;
    livemode: false;
    payment: { type: 'charge'; charge: string };
    status: 'paid' | 'open';
    status_transitions: { canceled_at: null; paid_at: number | null };
  }>;
  period_end: number;
  period_start: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  status_transitions: { finalized_at: number; marked_uncollectible_at: null; paid_at: number | null; voided_at: null };
  subtotal: number;
  total: number;
}

export interface StripeCharge {
  id: string;
  object: 'charge';
  amount: number;
  amount_captured: number;
  amount_refunded: number;
  billing_details: { address: null; email: string | null; name: string | null; phone: null };
  captured: boolean;
  created: number;
  currency: string;
  customer: string;
  description: string;
  disputed: boolean;
  failure_code: null;
  failure_message: null;
  livemode: false;
  metadata: Metadata;
  outcome: { network_status: string; reason: null; risk_level: string; seller_message: string; type: string };
  paid: boolean;
  payment_method_details: { type: 'card'; card: { brand: string; country: string; exp_month: number; exp_year: number; funding: string; last4: string } };
  receipt_url: string | null;
  refunded: boolean;
  status: 'succeeded' | 'pending' | 'failed';
}

export interface StripePortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: null; idempotency_key: null };
  type: string;
}

export interface StripeState {
  customers: Record<string, StripeCustomer>;
  products: Record<string, StripeProduct>;
  sessions: Record<string, { session: StripeCheckoutSession; price: StripePrice; quantity: number; subscription_metadata: Metadata }>;
  /** cycle counts the periods since the anchor, so renewals keep the day of the month (31 Jan → 28 Feb → 31 Mar). */
  subscriptions: Record<string, { subscription: StripeSubscription; cycle: number; fail_next_renewal: boolean }>;
  invoices: Record<string, StripeInvoice>;
  charges: Record<string, { charge: StripeCharge; subscription: string | null }>;
  portalSessions: Record<string, StripePortalSession>;
  events: Record<string, StripeEvent>;
}

export const emptyStripeState = (): StripeState => ({
  customers: {},
  products: {},
  sessions: {},
  subscriptions: {},
  invoices: {},
  charges: {},
  portalSessions: {},
  events: {},
});

export class StripeError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly code?: string,
    readonly param?: string,
    readonly type = 'invalid_request_error',
  ) {
    super(message);
  }

  toJSON(): { error: Record<string, string> } {
    const error: Record<string, string> = { type: this.type, message: this.message };
    if (this.code) error.code = this.code;
    if (this.param) error.param = this.param;
    if (this.code) error.doc_url = `https://stripe.com/docs/error-codes/${this.code.replace(/_/g, '-')}`;
    return { error };
  }
}

const missingParam = (param: string) => new StripeError(400, `Missing required param: ${param}.`, 'parameter_missing', param);
const invalidParam = (param: string, message: string) => new StripeError(400, message, 'parameter_invalid', param);
const noSuch = (kind: string, id: string, param = 'id', status = 404) => new StripeError(status, `No such ${kind}: '${id}'`, 'resource_missing', param);

function parseBoolean(value: unknown, param: string): boolean {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  throw invalidParam(param, `Invalid boolean: ${String(value)}`);
}

function parseInteger(value: unknown, param: string, minimum: number): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : typeof value === 'number' ? value : Number.NaN;
  if (!Number.isInteger(number)) throw invalidParam(param, `Invalid integer: ${String(value)}`);
  if (number < minimum) throw invalidParam(param, `This value must be greater than or equal to ${minimum}.`);
  return number;
}

/** Stripe's metadata update: a key set to '' is removed; metadata='' clears them all. */
function mergeMetadata(current: Metadata, update: unknown): Metadata {
  if (update === '') return {};
  const merged = { ...current };
  for (const [key, value] of Object.entries(asMetadata(update))) {
    if (value === '') delete merged[key];
    else merged[key] = value;
  }
  return merged;
}

/** The top-level fields that changed, with their former values (an event's previous_attributes). */
function changes(before: object, after: object): Record<string, unknown> {
  const previous: Record<string, unknown> = {};
  const old = before as Record<string, unknown>;
  for (const [key, value] of Object.entries(after)) {
    if (JSON.stringify(value) !== JSON.stringify(old[key])) previous[key] = old[key] ?? null;
  }
  return previous;
}

const seconds = (ms: number) => Math.floor(ms / 1000);
const monthsOf = (price: StripePrice) => price.recurring.interval_count * (price.recurring.interval === 'year' ? 12 : 1);
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

const STATUS_LABELS: Record<StripeSubscription['status'], string> = {
  active: 'Ativa',
  past_due: 'Pagamento pendente',
  canceled: 'Cancelada',
  incomplete: 'Incompleta',
  trialing: 'Em período de teste',
  unpaid: 'Não paga',
};

export interface StripeSandboxConfig {
  publicUrl: string;
  secretKey: string;
  webhookUrl: string;
}

export interface StripeCheckoutResult {
  provider: 'stripe';
  outcome: 'approved' | 'declined';
  session_id: string;
  customer: string | null;
  subscription: string | null;
  invoice: string | null;
  charge: string | null;
  redirect_url: string | null;
  error?: string;
}

export class StripeSandbox {
  // Stripe replays the first answer to a repeated Idempotency-Key (the client sets one on its retries).
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();

  constructor(
    private readonly store: Store,
    private readonly hooks: WebhookDispatcher,
    private readonly config: StripeSandboxConfig,
  ) {}

  private get state(): StripeState {
    return this.store.state.stripe;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = request.method ?? 'GET';
    if (url.pathname.startsWith('/c/pay/') || url.pathname.startsWith('/p/session/')) return this.page(method, response, url, raw);
    const key = bearer(request);
    if (!key) {
      return sendJson(response, 401, {
        error: {
          type: 'invalid_request_error',
          message: "You did not provide an API key. You need to provide your API key in the Authorization header, using Bearer auth (e.g. 'Authorization: Bearer YOUR_SECRET_KEY').",
        },
      });
    }
    if (key !== this.config.secretKey) {
      return sendJson(response, 401, { error: { type: 'invalid_request_error', message: `Invalid API Key provided: ${key.slice(0, 8)}${'*'.repeat(Math.max(0, key.length - 12))}${key.slice(-4)}` } });
    }
    const idempotencyKey = method === 'POST' ? asString(request.headers['idempotency-key']) : undefined;
    const cached = idempotencyKey ? this.idempotent.get(`${key}:${idempotencyKey}`) : undefined;
    if (cached) return sendJson(response, cached.status, cached.body, { 'idempotent-replayed': 'true' });

    const parse = (text: string) => qs.parse(text, { depth: 10, arrayLimit: 100, parameterLimit: 2000 }) as Params;
    const params = { ...parse(url.search.slice(1)), ...(method === 'POST' ? parse(raw) : {}) };
    let status = 200;
    let body: unknown;
    try {
      body = this.route(method, url.pathname, params);
      const expand = params.expand;
      for (const path of Array.isArray(expand) ? expand : typeof expand === 'string' ? [expand] : []) {
        if (typeof path === 'string') body = this.expand(body, path.split('.'));
      }
    } catch (error) {
      if (!(error instanceof StripeError)) throw error;
      status = error.status;
      body = error.toJSON();
    }
    if (idempotencyKey) this.idempotent.set(`${key}:${idempotencyKey}`, { status, body });
    sendJson(response, status, body);
  }

  private route(method: string, path: string, params: Params): unknown {
    const match = (pattern: RegExp) => pattern.exec(path)?.[1];
    let id: string | undefined;
    if (path === '/v1/customers') {
      if (method === 'POST') return this.createCustomer(params);
      if (method === 'GET') return this.list('/v1/customers', Object.values(this.state.customers), params, (customer) => !params.email || customer.email === params.email);
    }
    if ((id = match(/^\/v1\/customers\/([^/]+)$/))) {
      if (method === 'GET') return this.customer(id);
      if (method === 'POST') return this.updateCustomer(id, params);
    }
    if (path === '/v1/products' && method === 'POST') {
      const name = asString(params.name);
      if (!name) throw missingParam('name');
      return this.createProduct(name, asString(params.id), params.metadata);
    }
    if ((id = match(/^\/v1\/products\/([^/]+)$/)) && method === 'GET') {
      const product = this.state.products[id];
      if (!product) throw noSuch('product', id);
      return product;
    }
    if (path === '/v1/checkout/sessions' && method === 'POST') return this.createCheckoutSession(params);
    if ((id = match(/^\/v1\/checkout\/sessions\/([^/]+)$/)) && method === 'GET') return this.sessionRecord(id).session;
    if ((id = match(/^\/v1\/checkout\/sessions\/([^/]+)\/expire$/)) && method === 'POST') return this.expireSession(id, true);
    if (path === '/v1/subscriptions') {
      if (method === 'POST') return this.createSubscription(params);
      if (method === 'GET') return this.listSubscriptions(params);
    }
    if ((id = match(/^\/v1\/subscriptions\/([^/]+)$/))) {
      if (method === 'GET') return this.subscriptionRecord(id).subscription;
      if (method === 'POST') return this.updateSubscription(id, params);
      if (method === 'DELETE') return this.cancelSubscription(id);
    }
    if (path === '/v1/invoices' && method === 'GET') {
      return this.list('/v1/invoices', Object.values(this.state.invoices), params, (invoice) =>
        (!params.customer || invoice.customer === params.customer) && (!params.subscription || invoice.parent.subscription_details.subscription === params.subscription),
      );
    }
    if ((id = match(/^\/v1\/invoices\/([^/]+)$/)) && method === 'GET') {
      const invoice = this.state.invoices[id];
      if (!invoice) throw noSuch('invoice', id);
      return invoice;
    }
    if ((id = match(/^\/v1\/charges\/([^/]+)$/)) && method === 'GET') {
      const charge = this.state.charges[id];
      if (!charge) throw noSuch('charge', id);
      return charge.charge;
    }
    if (path === '/v1/billing_portal/sessions' && method === 'POST') return this.createPortalSession(params);
    if (path === '/v1/events' && method === 'GET') {
      return this.list('/v1/events', Object.values(this.state.events), params, (event) => !params.type || event.type === params.type);
    }
    if ((id = match(/^\/v1\/events\/([^/]+)$/)) && method === 'GET') {
      const event = this.state.events[id];
      if (!event) throw noSuch('event', id);
      return event;
    }
    throw new StripeError(404, `Unrecognized request URL (${method}: ${path}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`);
  }

  /** A Stripe list: newest first, limit (default 10) and starting_after. */
  private list<T extends { id: string; created: number }>(url: string, items: T[], params: Params, keep: (item: T) => boolean): StripeList<T> {
    const limit = params.limit === undefined ? 10 : Math.min(100, parseInteger(params.limit, 'limit', 1));
    let sorted = items.filter(keep).reverse();
    sorted = sorted.sort((a, b) => b.created - a.created);
    const after = asString(params.starting_after);
    if (after) sorted = sorted.slice(sorted.findIndex((item) => item.id === after) + 1);
    return { object: 'list', data: sorted.slice(0, limit), has_more: sorted.length > limit, url };
  }

  private lookup(id: string): unknown {
    if (id.startsWith('cus_')) return this.state.customers[id];
    if (id.startsWith('sub_')) return this.state.subscriptions[id]?.subscription;
    if (id.startsWith('in_')) return this.state.invoices[id];
    if (id.startsWith('ch_')) return this.state.charges[id]?.charge;
    if (id.startsWith('cs_')) return this.state.sessions[id]?.session;
    if (id.startsWith('prod_')) return this.state.products[id];
    return undefined;
  }

  /** expand[]=subscription, expand[]=data.customer, expand[]=latest_invoice.customer… */
  private expand(value: unknown, path: string[]): unknown {
    const [head, ...rest] = path;
    const record = asRecord(value);
    if (!head || !record || !(head in record)) return value;
    const resolve = (child: unknown): unknown => {
      const found = typeof child === 'string' ? this.lookup(child) : undefined;
      return this.expand(found === undefined ? child : clone(found), rest);
    };
    const child = record[head];
    return { ...record, [head]: Array.isArray(child) ? child.map(resolve) : resolve(child) };
  }

  private emit(type: string, object: unknown, previous?: Record<string, unknown>): StripeEvent {
    const event: StripeEvent = {
      id: stripeId('evt_1', 23),
      object: 'event',
      api_version: STRIPE_API_VERSION,
      created: this.store.seconds(),
      data: previous ? { object: clone(object), previous_attributes: clone(previous) } : { object: clone(object) },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
    this.state.events[event.id] = event;
    this.hooks.emit({ provider: 'stripe', event_id: event.id, type, url: this.config.webhookUrl, body: JSON.stringify(event, null, 2) });
    return event;
  }

  // Customers and products

  private customer(id: string, param?: string): StripeCustomer {
    const customer = this.state.customers[id];
    if (!customer) throw param ? noSuch('customer', id, param, 400) : noSuch('customer', id);
    return customer;
  }

  private createCustomer(params: Params): StripeCustomer {
    const email = asString(params.email) || null;
    if (email && !EMAIL.test(email)) throw invalidParam('email', `Invalid email address: ${email}`);
    const customer: StripeCustomer = {
      id: stripeId('cus_', 14),
      object: 'customer',
      address: null,
      balance: 0,
      created: this.store.seconds(),
      currency: null,
      default_source: null,
      delinquent: false,
      description: asString(params.description) ?? null,
      email,
      invoice_prefix: randomToken(8, 'ABCDEF0123456789'),
      invoice_settings: { custom_fields: null, default_payment_method: null, footer: null, rendering_options: null },
      livemode: false,
      metadata: asMetadata(params.metadata),
      name: asString(params.name) || null,
      phone: asString(params.phone) || null,
      preferred_locales: Array.isArray(params.preferred_locales) ? params.preferred_locales.filter((locale): locale is string => typeof locale === 'string') : [],
      shipping: null,
      tax_exempt: 'none',
    };
    this.state.customers[customer.id] = customer;
    return customer;
  }

  private updateCustomer(id: string, params: Params): StripeCustomer {
    const customer = this.customer(id);
    const email = asString(params.email);
    if (email !== undefined) {
      if (email && !EMAIL.test(email)) throw invalidParam('email', `Invalid email address: ${email}`);
      customer.email = email || null;
    }
    if (params.name !== undefined) customer.name = asString(params.name) || null;
    if (params.description !== undefined) customer.description = asString(params.description) || null;
    if (params.metadata !== undefined) customer.metadata = mergeMetadata(customer.metadata, params.metadata);
    return customer;
  }

  private createProduct(name: string, id?: string, metadata?: unknown): StripeProduct {
    const now = this.store.seconds();
    const product: StripeProduct = { id: id ?? stripeId('prod_', 14), object: 'product', active: true, created: now, description: null, livemode: false, metadata: asMetadata(metadata), name, updated: now };
    this.state.products[product.id] = product;
    return product;
  }

  /** A price from price_data: currency, unit_amount, recurring[interval], and product or product_data[name]. */
  private priceFrom(value: unknown, param: string): StripePrice {
    const data = asRecord(value);
    if (!data) throw missingParam(param);
    const currency = asString(data.currency)?.toLowerCase();
    if (!currency) throw missingParam(`${param}[currency]`);
    if (!/^[a-z]{3}$/.test(currency)) throw invalidParam(`${param}[currency]`, `Invalid currency: ${currency}.`);
    if (data.unit_amount === undefined) throw missingParam(`${param}[unit_amount]`);
    const unitAmount = parseInteger(data.unit_amount, `${param}[unit_amount]`, 1);
    const recurring = asRecord(data.recurring);
    const interval = asString(recurring?.interval);
    if (!interval) throw missingParam(`${param}[recurring][interval]`);
    if (interval !== 'month' && interval !== 'year') {
      throw invalidParam(`${param}[recurring][interval]`, `This sandbox bills monthly or yearly; interval '${interval}' is not served.`);
    }
    const intervalCount = recurring?.interval_count === undefined ? 1 : parseInteger(recurring.interval_count, `${param}[recurring][interval_count]`, 1);
    let productId = asString(data.product);
    if (productId) {
      // A product id the sandbox never saw (one configured for the real account) is adopted as is.
      if (!this.state.products[productId]) this.createProduct(productId, productId);
    } else {
      const productData = asRecord(data.product_data);
      const name = asString(productData?.name);
      if (!name) throw missingParam(`${param}[product_data][name]`);
      productId = this.createProduct(name, undefined, productData?.metadata).id;
    }
    return {
      id: stripeId('price_1', 23),
      object: 'price',
      active: false,
      billing_scheme: 'per_unit',
      created: this.store.seconds(),
      currency,
      livemode: false,
      lookup_key: null,
      metadata: {},
      nickname: null,
      product: productId,
      recurring: { interval, interval_count: intervalCount, meter: null, usage_type: 'licensed' },
      tax_behavior: 'unspecified',
      type: 'recurring',
      unit_amount: unitAmount,
      unit_amount_decimal: String(unitAmount),
    };
  }

  private productName(productId: string): string {
    return this.state.products[productId]?.name ?? productId;
  }

  // Checkout

  private sessionRecord(id: string): StripeState['sessions'][string] {
    const record = this.state.sessions[id];
    if (!record) throw noSuch('checkout.session', id);
    return record;
  }

  private createCheckoutSession(params: Params): StripeCheckoutSession {
    const mode = asString(params.mode);
    if (!mode) throw missingParam('mode');
    if (mode !== 'subscription') throw invalidParam('mode', `This sandbox serves Checkout in subscription mode only (got '${mode}').`);
    const successUrl = asString(params.success_url);
    if (!successUrl) throw missingParam('success_url');
    const customerId = asString(params.customer);
    const customerEmail = asString(params.customer_email);
    if (customerId && customerEmail) throw new StripeError(400, 'You may only specify one of these parameters: customer, customer_email.', 'parameter_invalid', 'customer_email');
    if (customerId) this.customer(customerId, 'customer');
    if (customerEmail && !EMAIL.test(customerEmail)) throw invalidParam('customer_email', `Invalid email address: ${customerEmail}`);
    const lineItems = params.line_items;
    if (!Array.isArray(lineItems) || lineItems.length === 0) throw missingParam('line_items');
    if (lineItems.length > 1) throw invalidParam('line_items', 'This sandbox serves one line item per Checkout Session.');
    const line = asRecord(lineItems[0]);
    if (!line) throw invalidParam('line_items[0]', 'Invalid line item.');
    if (line.price !== undefined) throw noSuch('price', String(line.price), 'line_items[0][price]', 400);
    const price = this.priceFrom(line.price_data, 'line_items[0][price_data]');
    const quantity = line.quantity === undefined ? 1 : parseInteger(line.quantity, 'line_items[0][quantity]', 1);
    const now = this.store.seconds();
    const id = `cs_test_a1${randomToken(56)}`;
    const amount = price.unit_amount * quantity;
    const session: StripeCheckoutSession = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: asString(params.cancel_url) ?? null,
      client_reference_id: asString(params.client_reference_id) ?? null,
      created: now,
      currency: price.currency,
      customer: customerId ?? null,
      customer_creation: customerId ? null : 'always',
      customer_details: null,
      customer_email: customerEmail ?? null,
      expires_at: now + SESSION_LIFETIME_SECONDS,
      invoice: null,
      livemode: false,
      locale: asString(params.locale) ?? null,
      metadata: asMetadata(params.metadata),
      mode: 'subscription',
      payment_method_types: ['card'],
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      ui_mode: 'hosted',
      url: `${this.config.publicUrl}/c/pay/${id}`,
    };
    this.state.sessions[id] = { session, price, quantity, subscription_metadata: asMetadata(asRecord(params.subscription_data)?.metadata) };
    return session;
  }

  private expireSession(id: string, explicit: boolean): StripeCheckoutSession {
    const { session } = this.sessionRecord(id);
    if (session.status !== 'open') {
      if (explicit) throw new StripeError(400, `Only Checkout Sessions with a status in ["open"] can be expired. This Checkout Session has a status of "${session.status}".`);
      return session;
    }
    session.status = 'expired';
    session.url = null;
    this.emit('checkout.session.expired', session);
    return session;
  }

  /** What paying on the hosted page does: approved starts the subscription; declined changes nothing. */
  completeCheckout(id: string, outcome: 'approved' | 'declined', email?: string): StripeCheckoutResult {
    const record = this.sessionRecord(id);
    const { session } = record;
    if (session.status !== 'open') throw new StripeError(400, `This Checkout Session is ${session.status}; only open sessions can be paid.`, 'checkout_session_not_open');
    const result: StripeCheckoutResult = { provider: 'stripe', outcome, session_id: id, customer: session.customer, subscription: null, invoice: null, charge: null, redirect_url: null };
    if (outcome === 'declined') return { ...result, error: CARD_DECLINED_MESSAGE };
    const payerEmail = (email && EMAIL.test(email) ? email : null) ?? session.customer_email;
    const customer = session.customer ? this.customer(session.customer) : this.createCustomer({ email: payerEmail ?? undefined });
    const { subscription, invoice, charge } = this.startSubscription(customer, record.price, record.quantity, record.subscription_metadata, 'Subscription creation');
    Object.assign(session, {
      customer: customer.id,
      customer_details: { email: customer.email ?? payerEmail, name: customer.name, phone: null, tax_exempt: 'none' },
      invoice: invoice.id,
      payment_status: 'paid',
      status: 'complete',
      subscription: subscription.id,
      url: null,
    } satisfies Partial<StripeCheckoutSession>);
    this.emit('checkout.session.completed', session);
    this.emit('customer.subscription.created', subscription);
    this.emit('invoice.paid', invoice);
    const redirectUrl = session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id);
    return { ...result, customer: customer.id, subscription: subscription.id, invoice: invoice.id, charge: charge?.id ?? null, redirect_url: redirectUrl };
  }

  // Subscriptions, invoices and charges

  private subscriptionRecord(id: string): StripeState['subscriptions'][string] {
    const record = this.state.subscriptions[id];
    if (!record) throw noSuch('subscription', id);
    return record;
  }

  private startSubscription(customer: StripeCustomer, price: StripePrice, quantity: number, metadata: Metadata, description: string) {
    const now = this.store.seconds();
    const id = stripeId('sub_1', 23);
    const item: StripeSubscriptionItem = {
      id: stripeId('si_', 14),
      object: 'subscription_item',
      created: now,
      current_period_end: seconds(addMonths(now * 1000, monthsOf(price))),
      current_period_start: now,
      discounts: [],
      metadata: {},
      price,
      quantity,
      subscription: id,
      tax_rates: [],
    };
    const subscription: StripeSubscription = {
      id,
      object: 'subscription',
      application: null,
      billing_cycle_anchor: now,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      cancellation_details: { comment: null, feedback: null, reason: null },
      collection_method: 'charge_automatically',
      created: now,
      currency: price.currency,
      customer: customer.id,
      default_payment_method: null,
      description: null,
      ended_at: null,
      items: { object: 'list', data: [item], has_more: false, total_count: 1, url: `/v1/subscription_items?subscription=${id}` },
      latest_invoice: null,
      livemode: false,
      metadata,
      start_date: now,
      status: 'active',
      trial_end: null,
      trial_start: null,
    };
    this.state.subscriptions[id] = { subscription, cycle: 0, fail_next_renewal: false };
    const { invoice, charge } = this.bill(subscription, 'subscription_create', true, description);
    return { subscription, invoice, charge };
  }

  /** The invoice for the subscription's current period, paid with a charge or left open (a failed renewal). */
  private bill(subscription: StripeSubscription, reason: StripeInvoice['billing_reason'], paid: boolean, description: string) {
    const item = subscription.items.data[0];
    if (!item) throw new StripeError(500, 'Subscription without items.', undefined, undefined, 'api_error');
    const customer = this.state.customers[subscription.customer];
    const at = item.current_period_start;
    const amount = item.price.unit_amount * item.quantity;
    const invoiceId = stripeId('in_1', 23);
    let charge: StripeCharge | null = null;
    if (paid) {
      charge = {
        id: stripeId('ch_3', 23),
        object: 'charge',
        amount,
        amount_captured: amount,
        amount_refunded: 0,
        billing_details: { address: null, email: customer?.email ?? null, name: customer?.name ?? null, phone: null },
        captured: true,
        created: at,
        currency: item.price.currency,
        customer: subscription.customer,
        description,
        disputed: false,
        failure_code: null,
        failure_message: null,
        livemode: false,
        metadata: {},
        outcome: { network_status: 'approved_by_network', reason: null, risk_level: 'normal', seller_message: 'Payment complete.', type: 'authorized' },
        paid: true,
        payment_method_details: { type: 'card', card: { brand: 'visa', country: 'US', exp_month: 12, exp_year: 2034, funding: 'credit', last4: '4242' } },
        receipt_url: null,
        refunded: false,
        status: 'succeeded',
      };
      this.state.charges[charge.id] = { charge, subscription: subscription.id };
    }
    const number = this.store.next(`stripe-invoice:${subscription.customer}`, 1);
    const invoice: StripeInvoice = {
      id: invoiceId,
      object: 'invoice',
      account_country: 'BR',
      account_name: 'Portal Plural',
      amount_due: amount,
      amount_paid: paid ? amount : 0,
      amount_remaining: paid ? 0 : amount,
      attempt_count: 1,
      attempted: true,
      billing_reason: reason,
      collection_method: 'charge_automatically',
      created: at,
      currency: item.price.currency,
      customer: subscription.customer,
      customer_email: customer?.email ?? null,
      customer_name: customer?.name ?? null,
      hosted_invoice_url: null,
      lines: {
        object: 'list',
        data: [
          {
            id: stripeId('il_1', 23),
            object: 'line_item',
            amount,
            currency: item.price.currency,
            description: `${item.quantity} × ${this.productName(item.price.product)} (at ${formatMoney(item.price.unit_amount / 100, item.price.currency)} / ${item.price.recurring.interval})`,
            discountable: true,
            invoice: invoiceId,
            livemode: false,
            metadata: {},
            parent: {
              type: 'subscription_item_details',
              invoice_item_details: null,
              subscription_item_details: { invoice_item: null, proration: false, proration_details: { credited_items: null }, subscription: subscription.id, subscription_item: item.id },
            },
            period: { end: item.current_period_end, start: item.current_period_start },
            pricing: { type: 'price_details', price_details: { price: item.price.id, product: item.price.product }, unit_amount_decimal: item.price.unit_amount_decimal },
            quantity: item.quantity,
          },
        ],
        has_more: false,
        url: `/v1/invoices/${invoiceId}/lines`,
      },
      livemode: false,
      metadata: {},
      next_payment_attempt: null,
      number: `${customer?.invoice_prefix ?? 'SANDBOX'}-${String(number).padStart(4, '0')}`,
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: clone(subscription.metadata), subscription: subscription.id } },
      payments: {
        object: 'list',
        data: charge
          ? [
              {
                id: stripeId('inpay_1', 23),
                object: 'invoice_payment',
                amount_paid: amount,
                amount_requested: amount,
                created: at,
                currency: item.price.currency,
                invoice: invoiceId,
                is_default: true,
                livemode: false,
                payment: { type: 'charge', charge: charge.id },
                status: 'paid',
                status_transitions: { canceled_at: null, paid_at: at },
              },
            ]
          : [],
        has_more: false,
        url: `/v1/invoice_payments?invoice=${invoiceId}`,
      },
      period_end: item.current_period_end,
      period_start: item.current_period_start,
      status: paid ? 'paid' : 'open',
      status_transitions: { finalized_at: at, marked_uncollectible_at: null, paid_at: paid ? at : null, voided_at: null },
      subtotal: amount,
      total: amount,
    };
    this.state.invoices[invoiceId] = invoice;
    subscription.latest_invoice = invoiceId;
    return { invoice, charge };
  }

  /** A subscription started directly, as with a card already saved on the customer. */
  private createSubscription(params: Params): StripeSubscription {
    const customerId = asString(params.customer);
    if (!customerId) throw missingParam('customer');
    const customer = this.customer(customerId, 'customer');
    const items = params.items;
    if (!Array.isArray(items) || items.length === 0) throw missingParam('items');
    if (items.length > 1) throw invalidParam('items', 'This sandbox serves one item per subscription.');
    const item = asRecord(items[0]);
    if (!item) throw invalidParam('items[0]', 'Invalid item.');
    if (item.price !== undefined) throw noSuch('price', String(item.price), 'items[0][price]', 400);
    const price = this.priceFrom(item.price_data, 'items[0][price_data]');
    const quantity = item.quantity === undefined ? 1 : parseInteger(item.quantity, 'items[0][quantity]', 1);
    const { subscription, invoice } = this.startSubscription(customer, price, quantity, asMetadata(params.metadata), 'Subscription creation');
    this.emit('customer.subscription.created', subscription);
    this.emit('invoice.paid', invoice);
    return subscription;
  }

  private listSubscriptions(params: Params): StripeList<StripeSubscription> {
    const status = asString(params.status);
    return this.list(
      '/v1/subscriptions',
      Object.values(this.state.subscriptions).map((record) => record.subscription),
      params,
      (subscription) =>
        (!params.customer || subscription.customer === params.customer) &&
        (status === 'all' ? true : status ? subscription.status === status : subscription.status !== 'canceled'),
    );
  }

  private setCancelAtPeriodEnd(subscription: StripeSubscription, cancel: boolean): void {
    const end = subscription.items.data[0]?.current_period_end ?? null;
    subscription.cancel_at_period_end = cancel;
    subscription.cancel_at = cancel ? end : null;
    // Stripe stamps canceled_at when the cancellation is requested, not when the period ends.
    subscription.canceled_at = cancel ? this.store.seconds() : null;
    subscription.cancellation_details = { ...subscription.cancellation_details, reason: cancel ? 'cancellation_requested' : null };
  }

  updateSubscription(id: string, params: Params): StripeSubscription {
    const { subscription } = this.subscriptionRecord(id);
    const before = clone(subscription);
    if (subscription.status === 'canceled' && Object.keys(params).some((key) => !['metadata', 'cancellation_details', 'expand'].includes(key))) {
      throw new StripeError(400, 'A canceled subscription can only update its cancellation_details and metadata.');
    }
    if (params.cancel_at_period_end !== undefined) this.setCancelAtPeriodEnd(subscription, parseBoolean(params.cancel_at_period_end, 'cancel_at_period_end'));
    if (params.metadata !== undefined) subscription.metadata = mergeMetadata(subscription.metadata, params.metadata);
    const details = asRecord(params.cancellation_details);
    if (details) {
      if (details.comment !== undefined) subscription.cancellation_details.comment = asString(details.comment) || null;
      if (details.feedback !== undefined) subscription.cancellation_details.feedback = asString(details.feedback) || null;
    }
    const previous = changes(before, subscription);
    if (Object.keys(previous).length > 0) this.emit('customer.subscription.updated', subscription, previous);
    return subscription;
  }

  private cancelSubscription(id: string): StripeSubscription {
    const { subscription } = this.subscriptionRecord(id);
    if (subscription.status === 'canceled') throw new StripeError(400, `This subscription has already been canceled: '${id}'`);
    const now = this.store.seconds();
    Object.assign(subscription, {
      status: 'canceled',
      canceled_at: now,
      ended_at: now,
      cancel_at: null,
      cancellation_details: { ...subscription.cancellation_details, reason: 'cancellation_requested' },
    } satisfies Partial<StripeSubscription>);
    this.emit('customer.subscription.deleted', subscription);
    return subscription;
  }

  /** Control API: the next renewal of this subscription is declined. */
  failNextRenewal(id: string): { subscription: string; fail_next_renewal: true } {
    this.subscriptionRecord(id).fail_next_renewal = true;
    return { subscription: id, fail_next_renewal: true };
  }

  /** Control API: the subscription's latest unrefunded charge is refunded in full. */
  refundLatestCharge(id: string): { charge: StripeCharge; event_id: string } {
    this.subscriptionRecord(id);
    const record = Object.values(this.state.charges)
      .filter((entry) => entry.subscription === id && !entry.charge.refunded)
      .at(-1);
    if (!record) throw new StripeError(400, `Subscription ${id} has no charge left to refund.`);
    const { charge } = record;
    const previous = { amount_refunded: charge.amount_refunded, refunded: charge.refunded };
    charge.amount_refunded = charge.amount;
    charge.refunded = true;
    const event = this.emit('charge.refunded', charge, previous);
    return { charge, event_id: event.id };
  }

  /** What the sandbox clock's advance brings due: expired sessions, ends of cancelled subscriptions, renewals. */
  runDue(): void {
    const now = this.store.seconds();
    for (const { session } of Object.values(this.state.sessions)) {
      if (session.status === 'open' && session.expires_at <= now) this.expireSession(session.id, false);
    }
    for (const record of Object.values(this.state.subscriptions)) {
      const { subscription } = record;
      const item = subscription.items.data[0];
      while (item && (subscription.status === 'active' || subscription.status === 'trialing') && item.current_period_end <= now) {
        if (subscription.cancel_at_period_end) {
          subscription.status = 'canceled';
          subscription.ended_at = item.current_period_end;
          this.emit('customer.subscription.deleted', subscription);
          break;
        }
        const before = clone(subscription);
        record.cycle += 1;
        item.current_period_start = item.current_period_end;
        item.current_period_end = seconds(addMonths(subscription.billing_cycle_anchor * 1000, (record.cycle + 1) * monthsOf(item.price)));
        if (record.fail_next_renewal) {
          record.fail_next_renewal = false;
          const { invoice } = this.bill(subscription, 'subscription_cycle', false, 'Subscription update');
          subscription.status = 'past_due';
          this.emit('invoice.payment_failed', invoice);
          this.emit('customer.subscription.updated', subscription, changes(before, subscription));
          break;
        }
        const { invoice } = this.bill(subscription, 'subscription_cycle', true, 'Subscription update');
        this.emit('invoice.paid', invoice);
        this.emit('customer.subscription.updated', subscription, changes(before, subscription));
      }
    }
  }

  // Customer portal

  private createPortalSession(params: Params): StripePortalSession {
    const customerId = asString(params.customer);
    if (!customerId) throw missingParam('customer');
    this.customer(customerId, 'customer');
    const id = stripeId('bps_1', 23);
    const session: StripePortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: 'bpc_1sandbox000000000000000',
      created: this.store.seconds(),
      customer: customerId,
      flow: null,
      livemode: false,
      locale: asString(params.locale) ?? null,
      on_behalf_of: null,
      return_url: asString(params.return_url) ?? null,
      url: `${this.config.publicUrl}/p/session/${id}`,
    };
    this.state.portalSessions[id] = session;
    return session;
  }

  // Hosted pages

  private page(method: string, response: ServerResponse, url: URL, raw: string): void {
    const form = new URLSearchParams(raw);
    const checkoutId = /^\/c\/pay\/([^/]+)$/.exec(url.pathname)?.[1];
    if (checkoutId) {
      const record = this.state.sessions[checkoutId];
      if (!record) return sendHtml(response, 404, messagePage('stripe', 'Sessão não encontrada', 'Este link de pagamento não existe ou expirou.'));
      const { session } = record;
      const render = (status: number, error?: string) => {
        const customer = session.customer ? this.state.customers[session.customer] : undefined;
        sendHtml(
          response,
          status,
          stripeCheckoutPage({
            productName: this.productName(record.price.product),
            priceLabel: `${formatMoney(session.amount_total / 100, session.currency)} / ${intervalLabel(record.price.recurring.interval, record.price.recurring.interval_count)}`,
            email: form.get('email') ?? customer?.email ?? session.customer_email ?? '',
            postUrl: `/c/pay/${session.id}`,
            cancelUrl: session.cancel_url,
            error,
            done: session.status === 'complete' ? { successUrl: session.success_url.replaceAll('{CHECKOUT_SESSION_ID}', session.id) } : undefined,
          }),
        );
      };
      if (session.status === 'expired') return sendHtml(response, 410, messagePage('stripe', 'Sessão expirada', 'Esta sessão de pagamento expirou. Volte ao site e tente novamente.'));
      if (method !== 'POST' || session.status !== 'open') return render(200);
      const outcome = form.get('outcome') === 'declined' ? 'declined' : 'approved';
      const result = this.completeCheckout(session.id, outcome, form.get('email') ?? undefined);
      if (!result.redirect_url) return render(402, result.error);
      return redirect(response, 303, result.redirect_url);
    }
    const portalId = /^\/p\/session\/([^/]+)$/.exec(url.pathname)?.[1];
    const portal = portalId ? this.state.portalSessions[portalId] : undefined;
    if (!portal) return sendHtml(response, 404, messagePage('stripe', 'Sessão não encontrada', 'Este link do portal não existe ou expirou.'));
    if (method === 'POST') {
      const subscriptionId = form.get('subscription') ?? '';
      const record = this.state.subscriptions[subscriptionId];
      const action = form.get('action');
      let notice = '';
      if (record && record.subscription.customer === portal.customer && record.subscription.status !== 'canceled') {
        if (action === 'cancel' && !record.subscription.cancel_at_period_end) {
          this.updateSubscription(subscriptionId, { cancel_at_period_end: 'true' });
          notice = 'cancelled';
        } else if (action === 'reactivate' && record.subscription.cancel_at_period_end) {
          this.updateSubscription(subscriptionId, { cancel_at_period_end: 'false' });
          notice = 'reactivated';
        }
      }
      return redirect(response, 303, `/p/session/${portal.id}${notice ? `?notice=${notice}` : ''}`);
    }
    const subscriptions: StripePortalSubscriptionView[] = Object.values(this.state.subscriptions)
      .map((record) => record.subscription)
      .filter((subscription) => subscription.customer === portal.customer)
      .sort((a, b) => b.created - a.created)
      .map((subscription) => {
        const item = subscription.items.data[0];
        const end = item?.current_period_end ?? subscription.created;
        const live = subscription.status !== 'canceled';
        return {
          id: subscription.id,
          productName: item ? this.productName(item.price.product) : 'Assinatura',
          priceLabel: item ? `${formatMoney((item.price.unit_amount * item.quantity) / 100, item.price.currency)} / ${intervalLabel(item.price.recurring.interval, item.price.recurring.interval_count)}` : '',
          status: subscription.status,
          statusLabel: STATUS_LABELS[subscription.status],
          dateLabel: !live
            ? `Encerrada em ${formatDate((subscription.ended_at ?? end) * 1000)}`
            : subscription.cancel_at_period_end
              ? `Termina em ${formatDate(end * 1000)}`
              : `Renova em ${formatDate(end * 1000)}`,
          canCancel: live && !subscription.cancel_at_period_end,
          canReactivate: live && subscription.cancel_at_period_end,
        };
      });
    const notice = url.searchParams.get('notice');
    sendHtml(
      response,
      200,
      stripePortalPage({
        email: this.state.customers[portal.customer]?.email ?? '',
        subscriptions,
        postUrl: `/p/session/${portal.id}`,
        returnUrl: portal.return_url,
        notice:
          notice === 'cancelled'
            ? 'Sua assinatura foi cancelada e continua válida até o fim do período pago.'
            : notice === 'reactivated'
              ? 'Sua assinatura foi reativada.'
              : undefined,
      }),
    );
  }
}
