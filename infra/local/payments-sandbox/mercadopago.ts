// Mercado Pago's API as far as the portal uses it — card subscriptions (preapproval, authorized
// payments), Checkout Pro preferences paid by PIX, boleto or card, payments and refunds — in its JSON
// wire format and error shape, with the hosted checkout pages and the boleto/PIX ticket.
import { randomBytes, randomInt, randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import encodeQR from 'qr';
import { asRecord, asString, bearer, parseJsonObject, redirect, sendHtml, sendJson, withQuery } from './http';
import { formatDate, formatMoney, intervalLabel, mercadoPagoPaymentPage, mercadoPagoSubscriptionPage, mercadoPagoTicketPage, messagePage } from './pages';
import { addMonths, type Store } from './store';
import type { WebhookDispatcher } from './webhooks';

export const PAYMENT_DECLINED_MESSAGE = 'Pagamento recusado. Tente outro cartão.';
/** The seller's user id, as Mercado Pago puts it in webhooks (user_id) and objects (collector_id). */
export const COLLECTOR_ID = 1_930_245_817;
const APPLICATION_ID = 4_839_217_603_114_295;
const DAY_MS = 24 * 60 * 60 * 1000;

type Json = Record<string, unknown>;

export interface MercadoPagoPreapproval {
  id: string;
  payer_id: number | null;
  payer_email: string;
  back_url: string;
  collector_id: number;
  application_id: number;
  status: 'pending' | 'authorized' | 'paused' | 'cancelled';
  reason: string;
  external_reference: string | null;
  date_created: string;
  last_modified: string;
  init_point: string;
  sandbox_init_point: string;
  auto_recurring: { frequency: number; frequency_type: 'months' | 'days'; transaction_amount: number; currency_id: string; start_date?: string; end_date?: string };
  summarized: {
    quotas: null;
    charged_quantity: number;
    pending_charge_quantity: null;
    charged_amount: number;
    pending_charge_amount: null;
    semaphore: 'green' | 'yellow' | 'red' | null;
    last_charged_date: string | null;
    last_charged_amount: number | null;
  };
  next_payment_date: string | null;
  payment_method_id: string | null;
  card_id: number | null;
  first_invoice_offset: null;
  version: number;
}

export interface MercadoPagoAuthorizedPayment {
  id: number;
  type: 'scheduled';
  preapproval_id: string;
  payer_id: number | null;
  currency_id: string;
  transaction_amount: number;
  status: 'processed' | 'recycling';
  reason: string;
  external_reference: string | null;
  date_created: string;
  debit_date: string;
  last_modified: string;
  next_retry_date: string | null;
  retry_attempt: number;
  rejection_code: string | null;
  payment: { id: number; status: string; status_detail: string };
}

export interface MercadoPagoItem {
  id: string;
  title: string;
  description: string;
  quantity: number;
  unit_price: number;
  currency_id: string;
  category_id: string;
  picture_url: string;
}

export interface MercadoPagoPreference {
  id: string;
  collector_id: number;
  client_id: string;
  items: MercadoPagoItem[];
  payer: Json;
  external_reference: string;
  back_urls: { success: string; pending: string; failure: string };
  auto_return: string;
  notification_url: string | null;
  payment_methods: { excluded_payment_types: { id: string }[]; excluded_payment_methods: { id: string }[]; installments: number | null; default_installments: number | null };
  metadata: Json;
  init_point: string;
  sandbox_init_point: string;
  date_created: string;
  expires: boolean;
  expiration_date_from: string | null;
  expiration_date_to: string | null;
  operation_type: 'regular_payment';
  marketplace: 'NONE';
  site_id: 'MLB';
  statement_descriptor: string | null;
}

export interface MercadoPagoRefund {
  id: number;
  payment_id: number;
  amount: number;
  metadata: Json;
  source: { id: string; name: string; type: 'collector' };
  date_created: string;
  unique_sequence_number: null;
  refund_mode: 'standard';
  adjustment_amount: number;
  status: 'approved';
  reason: null;
  labels: string[];
  amount_refunded_to_payer: number;
  partition_details: unknown[];
}

export interface MercadoPagoPayment {
  id: number;
  date_created: string;
  date_approved: string | null;
  date_last_updated: string;
  date_of_expiration: string | null;
  money_release_date: string | null;
  operation_type: 'regular_payment' | 'recurring_payment';
  issuer_id: string | null;
  payment_method_id: string;
  payment_type_id: string;
  status: 'approved' | 'pending' | 'rejected' | 'refunded' | 'cancelled';
  status_detail: string;
  currency_id: string;
  description: string;
  live_mode: false;
  authorization_code: string | null;
  collector_id: number;
  payer: { id: string | null; email: string; type: string | null; identification: { type: string; number: string } };
  metadata: Json;
  external_reference: string | null;
  transaction_amount: number;
  transaction_amount_refunded: number;
  installments: number;
  transaction_details: {
    net_received_amount: number;
    total_paid_amount: number;
    overpaid_amount: number;
    installment_amount: number;
    external_resource_url: string | null;
    financial_institution: string | null;
    payment_method_reference_id: string | null;
    barcode?: { content: string };
    digitable_line?: string;
  };
  point_of_interaction: Json;
  card: Json;
  refunds: MercadoPagoRefund[];
  notification_url: string | null;
  statement_descriptor: string | null;
  processing_mode: 'aggregator';
  captured: boolean;
  binary_mode: boolean;
}

export interface MercadoPagoState {
  preapprovals: Record<string, { preapproval: MercadoPagoPreapproval; fail_next_payment: boolean }>;
  authorizedPayments: Record<string, MercadoPagoAuthorizedPayment>;
  preferences: Record<string, MercadoPagoPreference>;
  payments: Record<string, MercadoPagoPayment>;
}

export const emptyMercadoPagoState = (): MercadoPagoState => ({ preapprovals: {}, authorizedPayments: {}, preferences: {}, payments: {} });

export class MercadoPagoError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly error = status === 404 ? 'not_found' : 'bad_request',
  ) {
    super(message);
  }

  toJSON(): Json {
    return { message: this.message, error: this.error, status: this.status, cause: [] };
  }
}

const badRequest = (message: string) => new MercadoPagoError(400, message);

/** Mercado Pago's timestamps: ISO 8601 in Brasília time, e.g. 2026-11-26T10:00:00.000-03:00. */
export const mercadoPagoDate = (ms: number): string => new Date(ms - 3 * 60 * 60 * 1000).toISOString().replace('Z', '-03:00');

/** Mercado Pago stores payment metadata with snake_case keys (userId comes back as user_id). */
const snakeKeys = (record: Json): Json =>
  Object.fromEntries(Object.entries(record).map(([key, value]) => [key.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase(), value]));

const money = (value: number) => Math.round(value * 100) / 100;

function crc16(payload: string): string {
  let crc = 0xffff;
  for (const byte of Buffer.from(payload, 'utf8')) {
    crc ^= byte << 8;
    for (let bit = 0; bit < 8; bit += 1) crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff;
  }
  return crc.toString(16).toUpperCase().padStart(4, '0');
}

/** A PIX "copia e cola" shaped like a real BR Code (EMV fields and CRC), pointing nowhere. */
export function pixCode(amount: number, txid: string): string {
  const field = (id: string, value: string) => `${id}${String(value.length).padStart(2, '0')}${value}`;
  const key = `${txid.slice(0, 8)}-${txid.slice(8, 12)}-${txid.slice(12, 16)}-${txid.slice(16, 20)}-${txid.slice(20, 32)}`;
  const payload =
    field('00', '01') +
    field('26', field('00', 'br.gov.bcb.pix') + field('01', key)) +
    field('52', '0000') +
    field('53', '986') +
    field('54', amount.toFixed(2)) +
    field('58', 'BR') +
    field('59', 'PORTAL PLURAL') +
    field('60', 'SAO PAULO') +
    field('62', field('05', txid.replace(/[^A-Za-z0-9]/g, '').slice(0, 25))) +
    '6304';
  return payload + crc16(payload);
}

/**
 * The QR image of a PIX code, base64 as Mercado Pago's qr_code_base64 (theirs is a PNG; this is a
 * GIF, which every browser shows from the same data:image/png address, as images are decoded by
 * their content).
 */
export const pixQrBase64 = (code: string): string => Buffer.from(encodeQR(code, 'gif', { scale: 4 })).toString('base64');

/** A boleto's "linha digitável" shaped like Bradesco's (bank 237), with the due factor and the amount. */
function digitableLine(paymentId: number, amount: number, dueMs: number): string {
  const factor = Math.max(1000, Math.floor((dueMs - Date.UTC(2022, 4, 29)) / DAY_MS) + 1000) % 10000;
  const id = String(paymentId).padStart(11, '0');
  const cents = String(Math.round(amount * 100)).padStart(10, '0');
  return `23793.38128 ${id.slice(0, 5)}.${id.slice(5, 10)}1 ${id.slice(10)}0000.000401 1 ${String(factor).padStart(4, '0')}${cents}`;
}

export interface MercadoPagoSandboxConfig {
  publicUrl: string;
  accessToken: string;
  webhookUrl: string;
}

export interface MercadoPagoCheckoutResult {
  provider: 'mercadopago';
  outcome: 'approved' | 'declined' | 'pending';
  preapproval_id?: string;
  preference_id?: string;
  status: string;
  payment_id: number | null;
  authorized_payment_id?: number | null;
  ticket_url?: string | null;
  redirect_url: string | null;
  error?: string;
}

type PreferenceMethod = 'pix' | 'boleto' | 'card';

export class MercadoPagoSandbox {
  // A POST repeated with the same X-Idempotency-Key gets the first answer again, as Mercado Pago does.
  private readonly idempotent = new Map<string, { status: number; body: unknown }>();
  /** Authenticated API calls since start, by "<METHOD> <path>": lets a test see what a receiver asked of the provider. */
  readonly calls = new Map<string, number>();

  constructor(
    private readonly store: Store,
    private readonly hooks: WebhookDispatcher,
    private readonly config: MercadoPagoSandboxConfig,
  ) {}

  private get state(): MercadoPagoState {
    return this.store.state.mercadoPago;
  }

  private now(): string {
    return mercadoPagoDate(this.store.now());
  }

  /** Random integer ids (payments, authorized payments, refunds, events), unique within the sandbox. */
  private integerId(taken: (id: number) => boolean): number {
    let id: number;
    do id = randomInt(10_000_000_000, 99_999_999_999);
    while (taken(id));
    return id;
  }

  async handle(request: IncomingMessage, response: ServerResponse, url: URL, raw: string): Promise<void> {
    const method = request.method ?? 'GET';
    const path = url.pathname;
    if (path === '/subscriptions/checkout' || path === '/checkout/v1/redirect' || /^\/payments\/\d+\/ticket$/.test(path)) {
      return this.page(method, response, url, raw);
    }
    if (bearer(request) !== this.config.accessToken) {
      return sendJson(response, 401, { message: 'invalid access token', error: 'unauthorized', status: 401, cause: [] });
    }
    this.calls.set(`${method} ${path}`, (this.calls.get(`${method} ${path}`) ?? 0) + 1);
    const key = method === 'POST' ? asString(request.headers['x-idempotency-key']) : undefined;
    const cached = key ? this.idempotent.get(`${path}:${key}`) : undefined;
    if (cached) return sendJson(response, cached.status, cached.body);
    let answer: { status: number; body: unknown };
    try {
      answer = this.route(method, path, url.searchParams, parseJsonObject(raw));
    } catch (error) {
      if (!(error instanceof MercadoPagoError)) throw error;
      answer = { status: error.status, body: error.toJSON() };
    }
    if (key) this.idempotent.set(`${path}:${key}`, answer);
    sendJson(response, answer.status, answer.body);
  }

  private route(method: string, path: string, query: URLSearchParams, body: Json): { status: number; body: unknown } {
    const ok = (value: unknown, status = 200) => ({ status, body: value });
    let id: string | undefined;
    const match = (pattern: RegExp) => pattern.exec(path)?.[1];
    if (path === '/preapproval' && method === 'POST') return ok(this.createPreapproval(body), 201);
    if (path === '/preapproval/search' && method === 'GET') {
      return ok(this.search(Object.values(this.state.preapprovals).map((record) => record.preapproval), query, 'date_created', 'desc'));
    }
    if ((id = match(/^\/preapproval\/([^/]+)$/))) {
      if (method === 'GET') return ok(this.preapprovalRecord(id).preapproval);
      if (method === 'PUT') return ok(this.updatePreapproval(id, body));
    }
    if ((id = match(/^\/authorized_payments\/([^/]+)$/)) && method === 'GET') {
      const authorized = this.state.authorizedPayments[id];
      if (!authorized) throw new MercadoPagoError(404, 'Authorized payment not found');
      return ok(authorized);
    }
    if (path === '/checkout/preferences' && method === 'POST') return ok(this.createPreference(body), 201);
    if ((id = match(/^\/checkout\/preferences\/([^/]+)$/)) && method === 'GET') return ok(this.preference(id));
    if (path === '/v1/payments/search' && method === 'GET') return ok(this.search(Object.values(this.state.payments), query, 'date_created', 'desc'));
    if ((id = match(/^\/v1\/payments\/([^/]+)$/)) && method === 'GET') return ok(this.payment(id));
    if ((id = match(/^\/v1\/payments\/([^/]+)\/refunds$/))) {
      if (method === 'GET') return ok(this.payment(id).refunds);
      if (method === 'POST') return ok(this.refund(id, body.amount), 201);
    }
    throw new MercadoPagoError(404, `resource not found: ${method} ${path}`);
  }

  /** Mercado Pago's search answer; any other query parameter filters on the field of that name. */
  private search<T extends object>(items: T[], query: URLSearchParams, defaultSort: string, defaultCriteria: 'asc' | 'desc') {
    const reserved = new Set(['sort', 'criteria', 'offset', 'limit', 'range', 'begin_date', 'end_date']);
    const filters = [...query.entries()].filter(([key, value]) => !reserved.has(key) && value !== '');
    const sort = query.get('sort') || defaultSort;
    const direction = (query.get('criteria') || defaultCriteria) === 'asc' ? 1 : -1;
    const offset = Math.max(0, Number(query.get('offset') ?? 0) || 0);
    const limit = Math.min(1000, Math.max(1, Number(query.get('limit') ?? 30) || 30));
    const value = (item: T, key: string) => (item as Record<string, unknown>)[key];
    const sortable = (item: T) => {
      const field = value(item, sort);
      return typeof field === 'string' && /^\d{4}-\d{2}-\d{2}T/.test(field) ? Date.parse(field) : (field as number | string);
    };
    const results = items
      .filter((item) => filters.every(([key, expected]) => String(value(item, key) ?? '') === expected))
      .sort((a, b) => (sortable(a) > sortable(b) ? direction : sortable(a) < sortable(b) ? -direction : 0));
    return { paging: { offset, limit, total: results.length }, results: results.slice(offset, offset + limit) };
  }

  private notify(type: string, action: string, dataId: string | number, notificationUrl?: string | null): void {
    const eventId = this.store.next('mercadopago-event', 118_000_000_001);
    const id = String(dataId);
    const body = { id: eventId, live_mode: false, type, date_created: this.now(), user_id: COLLECTOR_ID, api_version: 'v1', action, data: { id } };
    this.hooks.emit({
      provider: 'mercadopago',
      event_id: String(eventId),
      type,
      url: withQuery(notificationUrl || this.config.webhookUrl, { 'data.id': id, type }),
      body: JSON.stringify(body),
      data_id: id,
    });
  }

  // Preapprovals (card subscriptions)

  private preapprovalRecord(id: string): MercadoPagoState['preapprovals'][string] {
    const record = this.state.preapprovals[id];
    if (!record) throw new MercadoPagoError(404, 'Preapproval not found');
    return record;
  }

  private nextCycle(preapproval: MercadoPagoPreapproval, fromMs: number): number {
    const { frequency, frequency_type: unit } = preapproval.auto_recurring;
    return unit === 'days' ? fromMs + frequency * DAY_MS : addMonths(fromMs, frequency);
  }

  private createPreapproval(body: Json): MercadoPagoPreapproval {
    const reason = asString(body.reason);
    if (!reason) throw badRequest('reason is required');
    const payerEmail = asString(body.payer_email);
    if (!payerEmail) throw badRequest('payer_email is required');
    const backUrl = asString(body.back_url);
    if (!backUrl) throw badRequest('back_url is required');
    const recurring = asRecord(body.auto_recurring);
    if (!recurring) throw badRequest('auto_recurring is required');
    const frequency = Number(recurring.frequency);
    if (!Number.isInteger(frequency) || frequency < 1) throw badRequest('auto_recurring.frequency must be a positive integer');
    const unit = recurring.frequency_type;
    if (unit !== 'months' && unit !== 'days') throw badRequest('auto_recurring.frequency_type must be months or days');
    const amount = Number(recurring.transaction_amount);
    if (!Number.isFinite(amount) || amount <= 0) throw badRequest('auto_recurring.transaction_amount must be greater than 0');
    const currency = asString(recurring.currency_id) ?? 'BRL';
    if (currency !== 'BRL') throw badRequest(`currency_id ${currency} is not valid for site MLB`);
    const status = asString(body.status) ?? 'pending';
    if (status === 'authorized') throw badRequest('card_token_id is required');
    if (status !== 'pending') throw badRequest(`status ${status} is not valid when creating a preapproval`);
    const id = randomBytes(16).toString('hex');
    const now = this.now();
    const initPoint = `${this.config.publicUrl}/subscriptions/checkout?preapproval_id=${id}`;
    const preapproval: MercadoPagoPreapproval = {
      id,
      payer_id: null,
      payer_email: payerEmail,
      back_url: backUrl,
      collector_id: COLLECTOR_ID,
      application_id: APPLICATION_ID,
      status: 'pending',
      reason,
      external_reference: asString(body.external_reference) ?? null,
      date_created: now,
      last_modified: now,
      init_point: initPoint,
      sandbox_init_point: initPoint,
      auto_recurring: { frequency, frequency_type: unit, transaction_amount: money(amount), currency_id: currency },
      summarized: {
        quotas: null,
        charged_quantity: 0,
        pending_charge_quantity: null,
        charged_amount: 0,
        pending_charge_amount: null,
        semaphore: null,
        last_charged_date: null,
        last_charged_amount: null,
      },
      next_payment_date: null,
      payment_method_id: null,
      card_id: null,
      first_invoice_offset: null,
      version: 1,
    };
    this.state.preapprovals[id] = { preapproval, fail_next_payment: false };
    return preapproval;
  }

  private updatePreapproval(id: string, body: Json): MercadoPagoPreapproval {
    const { preapproval } = this.preapprovalRecord(id);
    const before = JSON.stringify(preapproval);
    if (preapproval.status === 'cancelled') throw badRequest('You can not modify a cancelled preapproval');
    const status = asString(body.status);
    if (status !== undefined) {
      if (status !== 'cancelled' && status !== 'paused' && status !== 'authorized') throw badRequest(`status ${status} is not valid`);
      if (status === 'authorized' && preapproval.status === 'pending') throw badRequest('card_token_id is required');
      if (status === 'paused' && preapproval.status === 'pending') throw badRequest('Only an authorized preapproval can be paused');
      preapproval.status = status;
      if (status === 'cancelled') preapproval.next_payment_date = null;
    }
    for (const key of ['reason', 'external_reference', 'back_url'] as const) {
      const value = asString(body[key]);
      if (value !== undefined) preapproval[key] = value;
    }
    const amount = asRecord(body.auto_recurring)?.transaction_amount;
    if (amount !== undefined) {
      if (!(Number(amount) > 0)) throw badRequest('auto_recurring.transaction_amount must be greater than 0');
      preapproval.auto_recurring.transaction_amount = money(Number(amount));
    }
    if (JSON.stringify(preapproval) !== before) {
      preapproval.last_modified = this.now();
      preapproval.version += 1;
      this.notify('subscription_preapproval', 'updated', id);
    }
    return preapproval;
  }

  /** One charge of a preapproval: the payment and the authorized payment that records it. */
  private chargePreapproval(record: MercadoPagoState['preapprovals'][string], at: number, approved: boolean) {
    const { preapproval } = record;
    const payment = this.newPayment({
      method: 'card',
      approved,
      amount: preapproval.auto_recurring.transaction_amount,
      description: preapproval.reason,
      email: preapproval.payer_email,
      externalReference: preapproval.external_reference,
      metadata: { preapproval_id: preapproval.id },
      operationType: 'recurring_payment',
      notificationUrl: null,
      at,
    });
    if (!approved) payment.status_detail = 'cc_rejected_insufficient_amount';
    const authorized: MercadoPagoAuthorizedPayment = {
      id: this.integerId((id) => Boolean(this.state.authorizedPayments[id])),
      type: 'scheduled',
      preapproval_id: preapproval.id,
      payer_id: preapproval.payer_id,
      currency_id: preapproval.auto_recurring.currency_id,
      transaction_amount: preapproval.auto_recurring.transaction_amount,
      // A rejected charge is "recycling": Mercado Pago tries it again later (here, at the next clock advance).
      status: approved ? 'processed' : 'recycling',
      reason: preapproval.reason,
      external_reference: preapproval.external_reference,
      date_created: mercadoPagoDate(at),
      debit_date: mercadoPagoDate(at),
      last_modified: mercadoPagoDate(at),
      next_retry_date: approved ? null : mercadoPagoDate(at + DAY_MS),
      retry_attempt: approved ? 0 : 1,
      rejection_code: approved ? null : 'cc_rejected_insufficient_amount',
      payment: { id: payment.id, status: payment.status, status_detail: payment.status_detail },
    };
    this.state.authorizedPayments[authorized.id] = authorized;
    if (approved) {
      preapproval.summarized.charged_quantity += 1;
      preapproval.summarized.charged_amount = money(preapproval.summarized.charged_amount + authorized.transaction_amount);
      preapproval.summarized.last_charged_date = mercadoPagoDate(at);
      preapproval.summarized.last_charged_amount = authorized.transaction_amount;
    }
    preapproval.summarized.semaphore = approved ? 'green' : 'red';
    preapproval.last_modified = this.now();
    return { payment, authorized };
  }

  /** What confirming on the subscription checkout page does. */
  completePreapproval(id: string, outcome: 'approved' | 'declined'): MercadoPagoCheckoutResult {
    const record = this.preapprovalRecord(id);
    const { preapproval } = record;
    if (preapproval.status !== 'pending') throw badRequest(`preapproval ${id} is ${preapproval.status}, not pending`);
    const base = { provider: 'mercadopago' as const, preapproval_id: id };
    if (outcome === 'declined') return { ...base, outcome, status: preapproval.status, payment_id: null, authorized_payment_id: null, redirect_url: null, error: PAYMENT_DECLINED_MESSAGE };
    const now = this.store.now();
    preapproval.status = 'authorized';
    preapproval.payer_id = randomInt(100_000_000, 2_000_000_000);
    preapproval.payment_method_id = 'master';
    preapproval.card_id = randomInt(1_000_000_000, 9_999_999_999);
    preapproval.auto_recurring.start_date = mercadoPagoDate(now);
    preapproval.next_payment_date = mercadoPagoDate(this.nextCycle(preapproval, now));
    preapproval.version += 1;
    const { payment, authorized } = this.chargePreapproval(record, now, true);
    this.notify('subscription_preapproval', 'updated', id);
    this.notify('subscription_authorized_payment', 'created', authorized.id);
    return {
      ...base,
      outcome,
      status: preapproval.status,
      payment_id: payment.id,
      authorized_payment_id: authorized.id,
      redirect_url: withQuery(preapproval.back_url, { preapproval_id: id }),
    };
  }

  /** Control API: the next scheduled charge of this preapproval is rejected. */
  failNextPayment(id: string): { preapproval_id: string; fail_next_payment: true } {
    this.preapprovalRecord(id).fail_next_payment = true;
    return { preapproval_id: id, fail_next_payment: true };
  }

  /** What the sandbox clock's advance brings due: the scheduled charges of authorized preapprovals. */
  runDue(): void {
    const now = this.store.now();
    for (const record of Object.values(this.state.preapprovals)) {
      const { preapproval } = record;
      while (preapproval.status === 'authorized' && preapproval.next_payment_date && Date.parse(preapproval.next_payment_date) <= now) {
        const due = Date.parse(preapproval.next_payment_date);
        const approved = !record.fail_next_payment;
        record.fail_next_payment = false;
        const { authorized } = this.chargePreapproval(record, due, approved);
        this.notify('subscription_authorized_payment', 'created', authorized.id);
        if (!approved) break;
        preapproval.next_payment_date = mercadoPagoDate(this.nextCycle(preapproval, due));
      }
    }
  }

  // Preferences (Checkout Pro: PIX, boleto, card)

  private preference(id: string): MercadoPagoPreference {
    const preference = this.state.preferences[id];
    if (!preference) throw new MercadoPagoError(404, 'Preference not found');
    return preference;
  }

  private createPreference(body: Json): MercadoPagoPreference {
    if (!Array.isArray(body.items) || body.items.length === 0) throw badRequest('items needed');
    const items = body.items.map((value, index): MercadoPagoItem => {
      const item = asRecord(value);
      const title = asString(item?.title);
      if (!item || !title) throw badRequest(`items[${index}].title is required`);
      const quantity = Number(item.quantity);
      if (!Number.isInteger(quantity) || quantity < 1) throw badRequest(`items[${index}].quantity must be a positive integer`);
      const unitPrice = Number(item.unit_price);
      if (!Number.isFinite(unitPrice) || unitPrice <= 0) throw badRequest(`items[${index}].unit_price must be greater than 0`);
      const currency = asString(item.currency_id) ?? 'BRL';
      if (currency !== 'BRL') throw badRequest(`currency_id ${currency} is not valid for site MLB`);
      return {
        id: asString(item.id) ?? '',
        title,
        description: asString(item.description) ?? '',
        quantity,
        unit_price: money(unitPrice),
        currency_id: currency,
        category_id: asString(item.category_id) ?? '',
        picture_url: asString(item.picture_url) ?? '',
      };
    });
    const backUrls = asRecord(body.back_urls) ?? {};
    const autoReturn = asString(body.auto_return) ?? '';
    if (autoReturn && !asString(backUrls.success)) throw badRequest('auto_return invalid. back_url.success must be defined');
    const methods = asRecord(body.payment_methods) ?? {};
    const idList = (value: unknown) =>
      (Array.isArray(value) ? value : []).map((entry) => ({ id: asString(asRecord(entry)?.id) ?? '' })).filter((entry) => entry.id !== '');
    const id = `${COLLECTOR_ID}-${randomUUID()}`;
    const initPoint = `${this.config.publicUrl}/checkout/v1/redirect?pref_id=${id}`;
    const preference: MercadoPagoPreference = {
      id,
      collector_id: COLLECTOR_ID,
      client_id: String(APPLICATION_ID),
      items,
      payer: asRecord(body.payer) ?? {},
      external_reference: asString(body.external_reference) ?? '',
      back_urls: { success: asString(backUrls.success) ?? '', pending: asString(backUrls.pending) ?? '', failure: asString(backUrls.failure) ?? '' },
      auto_return: autoReturn,
      notification_url: asString(body.notification_url) ?? null,
      payment_methods: {
        excluded_payment_types: idList(methods.excluded_payment_types),
        excluded_payment_methods: idList(methods.excluded_payment_methods),
        installments: methods.installments === undefined ? null : Number(methods.installments),
        default_installments: methods.default_installments === undefined ? null : Number(methods.default_installments),
      },
      metadata: asRecord(body.metadata) ?? {},
      init_point: initPoint,
      sandbox_init_point: initPoint,
      date_created: this.now(),
      expires: body.expires === true,
      expiration_date_from: asString(body.expiration_date_from) ?? null,
      expiration_date_to: asString(body.expiration_date_to) ?? null,
      operation_type: 'regular_payment',
      marketplace: 'NONE',
      site_id: 'MLB',
      statement_descriptor: asString(body.statement_descriptor) ?? null,
    };
    this.state.preferences[id] = preference;
    return preference;
  }

  private preferenceAmount(preference: MercadoPagoPreference): number {
    return money(preference.items.reduce((sum, item) => sum + item.quantity * item.unit_price, 0));
  }

  private availableMethods(preference: MercadoPagoPreference): Record<PreferenceMethod, boolean> {
    const excluded = new Set(preference.payment_methods.excluded_payment_types.map((entry) => entry.id));
    const excludedMethods = new Set(preference.payment_methods.excluded_payment_methods.map((entry) => entry.id));
    return {
      pix: !excluded.has('bank_transfer') && !excludedMethods.has('pix'),
      boleto: !excluded.has('ticket') && !excludedMethods.has('bolbradesco'),
      card: !excluded.has('credit_card'),
    };
  }

  private expired(preference: MercadoPagoPreference): boolean {
    return preference.expires && preference.expiration_date_to !== null && Date.parse(preference.expiration_date_to) < this.store.now();
  }

  private ticketUrl(paymentId: number): string {
    return `${this.config.publicUrl}/payments/${paymentId}/ticket`;
  }

  private newPayment(input: {
    method: PreferenceMethod;
    approved: boolean;
    amount: number;
    description: string;
    email: string;
    externalReference: string | null;
    metadata: Json;
    operationType: MercadoPagoPayment['operation_type'];
    notificationUrl: string | null;
    at: number;
    txid?: string;
  }): MercadoPagoPayment {
    const id = this.integerId((candidate) => Boolean(this.state.payments[candidate]));
    const at = mercadoPagoDate(input.at);
    const boleto = input.method === 'boleto';
    // PIX and boleto wait for the payer (a transfer, the bank's compensation): pending until then.
    const deferred = input.method !== 'card';
    const status: MercadoPagoPayment['status'] = deferred ? 'pending' : input.approved ? 'approved' : 'rejected';
    const approved = status === 'approved';
    const due = input.at + (boleto ? 3 * DAY_MS : DAY_MS);
    const card = {
      id: null,
      first_six_digits: '503143',
      last_four_digits: '6351',
      expiration_month: 11,
      expiration_year: 2030,
      date_created: at,
      date_last_updated: at,
      cardholder: { name: 'APRO', identification: { number: '12345678909', type: 'CPF' } },
    };
    const line = boleto ? digitableLine(id, input.amount, due) : undefined;
    const pix = input.method === 'pix' ? pixCode(input.amount, input.txid ?? randomUUID().replace(/-/g, '')) : undefined;
    const payment: MercadoPagoPayment = {
      id,
      date_created: at,
      date_approved: approved ? at : null,
      date_last_updated: at,
      date_of_expiration: input.method === 'card' ? null : mercadoPagoDate(due),
      money_release_date: approved ? at : null,
      operation_type: input.operationType,
      issuer_id: input.method === 'card' ? '24' : null,
      payment_method_id: { pix: 'pix', boleto: 'bolbradesco', card: 'master' }[input.method],
      payment_type_id: { pix: 'bank_transfer', boleto: 'ticket', card: 'credit_card' }[input.method],
      status,
      status_detail: boleto ? 'pending_waiting_payment' : deferred ? 'pending_waiting_transfer' : approved ? 'accredited' : 'cc_rejected_other_reason',
      currency_id: 'BRL',
      description: input.description,
      live_mode: false,
      authorization_code: input.method === 'card' && approved ? String(randomInt(100000, 999999)) : null,
      collector_id: COLLECTOR_ID,
      payer: { id: String(randomInt(100_000_000, 2_000_000_000)), email: input.email, type: null, identification: { type: 'CPF', number: '12345678909' } },
      metadata: snakeKeys(input.metadata),
      external_reference: input.externalReference,
      transaction_amount: input.amount,
      transaction_amount_refunded: 0,
      installments: 1,
      transaction_details: {
        net_received_amount: approved ? input.amount : 0,
        total_paid_amount: input.amount,
        overpaid_amount: 0,
        installment_amount: input.method === 'card' ? input.amount : 0,
        external_resource_url: boleto ? this.ticketUrl(id) : null,
        financial_institution: null,
        payment_method_reference_id: boleto ? String(id).padStart(17, '0') : null,
        ...(line ? { barcode: { content: line.replace(/\D/g, '') }, digitable_line: line } : {}),
      },
      point_of_interaction:
        input.method === 'pix'
          ? {
              type: 'PIX',
              sub_type: null,
              application_data: { name: null, version: null },
              transaction_data: { qr_code: pix, qr_code_base64: pix && pixQrBase64(pix), ticket_url: this.ticketUrl(id), transaction_id: null },
            }
          : { type: 'UNSPECIFIED' },
      card: input.method === 'card' ? card : {},
      refunds: [],
      notification_url: input.notificationUrl,
      statement_descriptor: 'PORTALPLURAL',
      processing_mode: 'aggregator',
      captured: true,
      binary_mode: false,
    };
    this.state.payments[id] = payment;
    return payment;
  }

  /** What paying a preference on its checkout page does. A declined card changes nothing. */
  payPreference(id: string, method: PreferenceMethod, outcome: 'approved' | 'declined' = 'approved', email?: string): MercadoPagoCheckoutResult {
    const preference = this.preference(id);
    if (this.expired(preference)) throw badRequest('preference expired');
    if (!this.availableMethods(preference)[method]) throw badRequest(`payment method ${method} is excluded by the preference`);
    const base = { provider: 'mercadopago' as const, preference_id: id };
    if (outcome === 'declined') return { ...base, outcome, status: 'rejected', payment_id: null, redirect_url: null, error: PAYMENT_DECLINED_MESSAGE };
    const payerEmail = email || asString(preference.payer.email) || 'comprador@example.com';
    const payment = this.newPayment({
      method,
      approved: true,
      amount: this.preferenceAmount(preference),
      description: preference.items[0]?.title ?? '',
      email: payerEmail,
      externalReference: preference.external_reference || null,
      metadata: preference.metadata,
      operationType: 'regular_payment',
      notificationUrl: preference.notification_url,
      at: this.store.now(),
      txid: id.split('-').slice(1).join(''),
    });
    this.notify('payment', 'payment.created', payment.id, preference.notification_url);
    const back = payment.status === 'approved' ? preference.back_urls.success : preference.back_urls.pending;
    const query = {
      collection_id: String(payment.id),
      collection_status: payment.status,
      payment_id: String(payment.id),
      status: payment.status,
      external_reference: preference.external_reference,
      payment_type: payment.payment_type_id,
      preference_id: id,
      site_id: 'MLB',
      processing_mode: 'aggregator',
    };
    return {
      ...base,
      outcome: payment.status === 'approved' ? 'approved' : 'pending',
      status: payment.status,
      payment_id: payment.id,
      ticket_url: payment.transaction_details.external_resource_url ?? (method === 'pix' ? this.ticketUrl(payment.id) : null),
      redirect_url: back ? withQuery(back, query) : null,
    };
  }

  // Payments

  private payment(id: string): MercadoPagoPayment {
    const payment = this.state.payments[id];
    if (!payment) throw new MercadoPagoError(404, 'Payment not found');
    return payment;
  }

  /** A pending boleto is paid (the bank's compensation). */
  approvePayment(id: string): MercadoPagoPayment {
    const payment = this.payment(id);
    if (payment.status !== 'pending') throw badRequest(`payment ${id} is ${payment.status}, not pending`);
    const now = this.now();
    Object.assign(payment, { status: 'approved', status_detail: 'accredited', date_approved: now, date_last_updated: now, money_release_date: now } satisfies Partial<MercadoPagoPayment>);
    payment.transaction_details.net_received_amount = payment.transaction_amount;
    this.notify('payment', 'payment.updated', payment.id, payment.notification_url);
    return payment;
  }

  private refund(id: string, requested: unknown): MercadoPagoRefund {
    const payment = this.payment(id);
    if (payment.status !== 'approved') throw badRequest(`Payment ${id} can not be refunded in status ${payment.status}`);
    const remaining = money(payment.transaction_amount - payment.transaction_amount_refunded);
    const amount = requested === undefined || requested === null ? remaining : money(Number(requested));
    if (!(amount > 0) || amount > remaining) throw badRequest('Invalid refund amount');
    const refund: MercadoPagoRefund = {
      id: this.integerId((candidate) => this.state.payments[id]?.refunds.some((entry) => entry.id === candidate) ?? false),
      payment_id: payment.id,
      amount,
      metadata: {},
      source: { id: String(COLLECTOR_ID), name: 'Portal Plural', type: 'collector' },
      date_created: this.now(),
      unique_sequence_number: null,
      refund_mode: 'standard',
      adjustment_amount: 0,
      status: 'approved',
      reason: null,
      labels: [],
      amount_refunded_to_payer: amount,
      partition_details: [],
    };
    payment.refunds.push(refund);
    payment.transaction_amount_refunded = money(payment.transaction_amount_refunded + amount);
    const full = payment.transaction_amount_refunded >= payment.transaction_amount;
    payment.status = full ? 'refunded' : 'approved';
    payment.status_detail = full ? 'refunded' : 'partially_refunded';
    payment.date_last_updated = this.now();
    this.notify('payment', 'payment.updated', payment.id, payment.notification_url);
    return refund;
  }

  // Hosted pages

  private page(method: string, response: ServerResponse, url: URL, raw: string): void {
    const form = new URLSearchParams(raw);
    if (url.pathname === '/subscriptions/checkout') {
      const id = url.searchParams.get('preapproval_id') ?? '';
      const record = this.state.preapprovals[id];
      if (!record) return sendHtml(response, 404, messagePage('mercadopago', 'Assinatura não encontrada', 'Este link de assinatura não existe.'));
      const { preapproval } = record;
      const render = (status: number, error?: string) =>
        sendHtml(
          response,
          status,
          mercadoPagoSubscriptionPage({
            reason: preapproval.reason,
            priceLabel: `${formatMoney(preapproval.auto_recurring.transaction_amount, preapproval.auto_recurring.currency_id)} / ${intervalLabel(preapproval.auto_recurring.frequency_type, preapproval.auto_recurring.frequency)}`,
            email: form.get('email') ?? preapproval.payer_email,
            postUrl: `/subscriptions/checkout?preapproval_id=${id}`,
            error,
            done:
              preapproval.status === 'pending'
                ? undefined
                : {
                    backUrl: withQuery(preapproval.back_url, { preapproval_id: id }),
                    statusLabel: preapproval.status === 'cancelled' ? 'Esta assinatura foi cancelada.' : 'Sua assinatura já está confirmada.',
                  },
          }),
        );
      if (method !== 'POST' || preapproval.status !== 'pending') return render(200);
      const result = this.completePreapproval(id, form.get('outcome') === 'declined' ? 'declined' : 'approved');
      return result.redirect_url ? redirect(response, 302, result.redirect_url) : render(402, result.error);
    }
    if (url.pathname === '/checkout/v1/redirect') {
      const id = url.searchParams.get('pref_id') ?? '';
      const preference = this.state.preferences[id];
      if (!preference) return sendHtml(response, 404, messagePage('mercadopago', 'Pagamento não encontrado', 'Este link de pagamento não existe.'));
      const methods = this.availableMethods(preference);
      const amount = this.preferenceAmount(preference);
      const render = (status: number, error?: string) =>
        sendHtml(
          response,
          status,
          mercadoPagoPaymentPage({
            title: preference.items.map((item) => item.title).join(', '),
            priceLabel: formatMoney(amount, 'BRL'),
            email: asString(preference.payer.email) ?? '',
            postUrl: `/checkout/v1/redirect?pref_id=${encodeURIComponent(id)}`,
            pixCode: methods.pix ? pixCode(amount, id.split('-').slice(1).join('')) : null,
            boleto: methods.boleto,
            card: methods.card,
            error,
            closed: this.expired(preference) ? 'Este link de pagamento expirou.' : undefined,
          }),
        );
      const choice = form.get('method');
      if (method !== 'POST' || this.expired(preference)) return render(200);
      const chosen: PreferenceMethod | undefined = choice === 'pix' || choice === 'boleto' ? choice : choice?.startsWith('card') ? 'card' : undefined;
      if (!chosen || !methods[chosen]) return render(400, 'Escolha uma forma de pagamento disponível.');
      const result = this.payPreference(id, chosen, choice === 'card-declined' ? 'declined' : 'approved', form.get('email') ?? undefined);
      if (result.error) return render(402, result.error);
      if (result.redirect_url) return redirect(response, 302, result.redirect_url);
      if (result.ticket_url && chosen === 'boleto') return redirect(response, 302, result.ticket_url);
      return sendHtml(response, 200, messagePage('mercadopago', 'Pagamento aprovado', 'Seu pagamento foi aprovado.'));
    }
    const paymentId = /^\/payments\/(\d+)\/ticket$/.exec(url.pathname)?.[1] ?? '';
    const payment = this.state.payments[paymentId];
    if (!payment || (payment.payment_method_id !== 'bolbradesco' && payment.payment_method_id !== 'pix')) {
      return sendHtml(response, 404, messagePage('mercadopago', 'Pagamento não encontrado', 'Este boleto não existe.'));
    }
    if (method === 'POST' && payment.status === 'pending') {
      this.approvePayment(paymentId);
      return redirect(response, 302, `/payments/${paymentId}/ticket`);
    }
    const pix = payment.payment_method_id === 'pix';
    const transaction = asRecord(payment.point_of_interaction.transaction_data);
    sendHtml(
      response,
      200,
      mercadoPagoTicketPage({
        method: pix ? 'pix' : 'boleto',
        title: payment.description,
        priceLabel: formatMoney(payment.transaction_amount, payment.currency_id),
        code: pix ? (asString(transaction?.qr_code) ?? '') : (payment.transaction_details.digitable_line ?? ''),
        qrBase64: pix ? (asString(transaction?.qr_code_base64) ?? null) : null,
        dueLabel: payment.date_of_expiration ? formatDate(Date.parse(payment.date_of_expiration)) : null,
        paid: payment.status === 'approved',
        postUrl: `/payments/${paymentId}/ticket`,
      }),
    );
  }
}
