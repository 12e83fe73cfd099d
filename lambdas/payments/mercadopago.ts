// Mercado Pago over its REST API (plain HTTP: its Node SDK cannot be pointed at another host). Card
// is a recurring subscription (a preapproval); PIX and boleto are one payment of one month each (a
// Checkout Pro preference limited to that method), since neither can recur. MERCADOPAGO_API_URL
// points at another host than api.mercadopago.com (the local sandbox).
import { createHmac, timingSafeEqual } from 'node:crypto';
import { PREMIUM_PRICE_BRL, type PaymentMethod, type PendingPayment } from '../../shared/payments';
import { optionalEnv } from '../platform/env';
import type { ProviderState } from './state';

export class ProviderError extends Error {
  constructor(
    message: string,
    readonly status: number,
  ) {
    super(message);
  }
}

export interface Preapproval {
  id: string;
  status: 'pending' | 'authorized' | 'paused' | 'cancelled';
  external_reference: string;
  init_point: string;
  date_created: string;
  next_payment_date: string | null;
  last_modified?: string;
}

export interface Payment {
  id: number;
  status: 'pending' | 'approved' | 'authorized' | 'in_process' | 'in_mediation' | 'rejected' | 'cancelled' | 'refunded' | 'charged_back';
  status_detail?: string;
  external_reference: string | null;
  date_created: string;
  date_approved: string | null;
  payment_type_id: string;
  payment_method_id: string;
  transaction_amount: number;
  metadata?: Record<string, unknown>;
  /** When a pending PIX or boleto can no longer be paid. */
  date_of_expiration?: string | null;
  /** A boleto's page, barcode and digitable line. */
  transaction_details?: { external_resource_url?: string | null; barcode?: { content?: string }; digitable_line?: string };
  /** A PIX's copy-and-paste code, QR image (base64 PNG) and page. */
  point_of_interaction?: { transaction_data?: { qr_code?: string | null; qr_code_base64?: string | null; ticket_url?: string | null } };
}

export interface AuthorizedPayment {
  id: number;
  preapproval_id: string;
  status: string;
  debit_date?: string;
  date_created: string;
  payment?: { id: number; status: string; status_detail?: string };
}

export interface Preference {
  id: string;
  init_point: string;
}

export function mercadoPagoApi(accessToken: string) {
  const base = optionalEnv('MERCADOPAGO_API_URL', 'https://api.mercadopago.com').replace(/\/$/, '');
  const call = async <T>(method: string, path: string, body?: unknown, idempotencyKey?: string): Promise<T> => {
    const response = await fetch(`${base}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${accessToken}`,
        'content-type': 'application/json',
        ...(idempotencyKey ? { 'x-idempotency-key': idempotencyKey } : {}),
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    const text = await response.text();
    if (!response.ok) throw new ProviderError(`Mercado Pago ${method} ${path}: ${response.status} ${text.slice(0, 200)}`, response.status);
    return JSON.parse(text) as T;
  };
  return {
    preapproval: (id: string) => call<Preapproval>('GET', `/preapproval/${encodeURIComponent(id)}`),
    createPreapproval: (body: unknown, key: string) => call<Preapproval>('POST', '/preapproval', body, key),
    updatePreapproval: (id: string, body: unknown) => call<Preapproval>('PUT', `/preapproval/${encodeURIComponent(id)}`, body),
    authorizedPayment: (id: string) => call<AuthorizedPayment>('GET', `/authorized_payments/${encodeURIComponent(id)}`),
    payment: (id: string) => call<Payment>('GET', `/v1/payments/${encodeURIComponent(id)}`),
    searchPayments: (externalReference: string) =>
      call<{ results: Payment[] }>('GET', `/v1/payments/search?external_reference=${encodeURIComponent(externalReference)}&sort=date_created&criteria=desc`),
    createPreference: (body: unknown, key: string) => call<Preference>('POST', '/checkout/preferences', body, key),
  };
}
export type MercadoPagoApi = ReturnType<typeof mercadoPagoApi>;

/** Our subscription in Mercado Pago's external_reference: `<userId>:<subscriptionId>`. */
export const externalReference = (userId: string, subscriptionId: string) => `${userId}:${subscriptionId}`;
export function ownerOf(reference: string | null | undefined): { userId: string; subscriptionId: string } | undefined {
  const [userId, subscriptionId, ...rest] = (reference ?? '').split(':');
  return userId && subscriptionId && rest.length === 0 ? { userId, subscriptionId } : undefined;
}

/** How old a Mercado Pago signature may be, as Stripe's tolerance: a captured notification expires with it. */
export const MERCADO_PAGO_TOLERANCE_SECONDS = 300;

/**
 * Mercado Pago's webhook signature: `x-signature: ts=<ts>,v1=<hex>` where v1 is the HMAC-SHA256,
 * keyed with the webhook secret, of the manifest `id:<data.id>;request-id:<x-request-id>;ts:<ts>;`
 * (data.id from the query string, lowercased when alphanumeric). ts is in seconds (as documented; a
 * 13-digit value is read as milliseconds) and must be within 5 minutes of `now`: a replay later than
 * that is refused, and one within it is caught by the notification's record (webhooks.ts). The
 * request id is required: with data.id it names the notification, and only these two are signed.
 */
export function validMercadoPagoSignature(input: { signature?: string; requestId?: string; dataId?: string; secret: string; now?: number }): boolean {
  // No secret configured yet: nothing can be verified, so nothing is accepted.
  if (!input.secret || !input.signature || !input.dataId || !input.requestId) return false;
  const parts = Object.fromEntries(
    input.signature.split(',').map((part) => {
      const [key, ...value] = part.trim().split('=');
      return [key ?? '', value.join('=')];
    }),
  );
  const ts = parts.ts;
  const v1 = parts.v1;
  if (!ts || !/^\d{1,13}$/.test(ts) || !v1 || !/^[0-9a-f]{64}$/i.test(v1)) return false;
  const signedAt = ts.length === 13 ? Number(ts) : Number(ts) * 1000;
  if (Math.abs((input.now ?? Date.now()) - signedAt) > MERCADO_PAGO_TOLERANCE_SECONDS * 1000) return false;
  const id = /^[a-z0-9]+$/i.test(input.dataId) ? input.dataId.toLowerCase() : input.dataId;
  const manifest = `id:${id};request-id:${input.requestId};ts:${ts};`;
  const expected = createHmac('sha256', input.secret).update(manifest).digest();
  return timingSafeEqual(expected, Buffer.from(v1, 'hex'));
}

export interface MercadoPagoCheckoutInput {
  userId: string;
  subscriptionId: string;
  email: string;
  method: PaymentMethod;
  siteUrl: string;
}

/** The payment types a PIX or boleto preference leaves out, so the page offers only the one chosen. */
const EXCLUDED: Record<Exclude<PaymentMethod, 'card'>, string[]> = {
  pix: ['credit_card', 'debit_card', 'prepaid_card', 'ticket', 'atm'],
  boleto: ['credit_card', 'debit_card', 'prepaid_card', 'bank_transfer', 'atm'],
};

/** Card: a preapproval charged every month. PIX and boleto: a preference for one month. Returns the page to send the reader to. */
export async function createMercadoPagoCheckout(api: MercadoPagoApi, input: MercadoPagoCheckoutInput): Promise<{ checkoutId: string; url: string; preapprovalId?: string }> {
  const reference = externalReference(input.userId, input.subscriptionId);
  if (input.method === 'card') {
    const preapproval = await api.createPreapproval(
      {
        reason: 'Portal Plural Premium',
        external_reference: reference,
        payer_email: input.email,
        auto_recurring: { frequency: 1, frequency_type: 'months', transaction_amount: PREMIUM_PRICE_BRL, currency_id: 'BRL' },
        back_url: `${input.siteUrl}/subscription-success`,
        status: 'pending',
      },
      `preapproval-${input.subscriptionId}`,
    );
    return { checkoutId: preapproval.id, url: preapproval.init_point, preapprovalId: preapproval.id };
  }
  const preference = await api.createPreference(
    {
      items: [{ id: 'premium', title: 'Portal Plural Premium — 1 mês', quantity: 1, unit_price: PREMIUM_PRICE_BRL, currency_id: 'BRL' }],
      payer: { email: input.email },
      external_reference: reference,
      back_urls: {
        success: `${input.siteUrl}/subscription-success`,
        pending: `${input.siteUrl}/subscription-success`,
        failure: `${input.siteUrl}/pricing`,
      },
      auto_return: 'approved',
      notification_url: `${input.siteUrl}/api/webhooks/mercadopago`,
      payment_methods: { excluded_payment_types: EXCLUDED[input.method].map((id) => ({ id })), installments: 1 },
      metadata: { user_id: input.userId, subscription_id: input.subscriptionId, method: input.method },
    },
    `preference-${input.subscriptionId}-${Date.now()}`,
  );
  return { checkoutId: preference.id, url: preference.init_point };
}

/** What a reader needs to pay a PIX or boleto still pending; null for any other payment. */
export function pendingPaymentOf(payment: Payment): PendingPayment | null {
  if (payment.status !== 'pending') return null;
  const base = {
    payment_id: String(payment.id),
    amount: payment.transaction_amount,
    expires_at: payment.date_of_expiration ? new Date(payment.date_of_expiration).toISOString() : null,
  };
  if (payment.payment_type_id === 'bank_transfer' || payment.payment_method_id === 'pix') {
    const pix = payment.point_of_interaction?.transaction_data;
    return { ...base, method: 'pix', url: pix?.ticket_url || null, code: pix?.qr_code || null, qr_base64: pix?.qr_code_base64 || null };
  }
  if (payment.payment_type_id === 'ticket') {
    const details = payment.transaction_details;
    // The digitable line is what a bank's app takes; the barcode's digits when it is missing.
    const code = details?.digitable_line || details?.barcode?.content || null;
    return { ...base, method: 'boleto', url: details?.external_resource_url || null, code, qr_base64: null };
  }
  return null;
}

/** A card subscription's state: the preapproval, and the last charge when it failed. */
export function preapprovalState(preapproval: Preapproval, lastCharge: { approved: boolean; at: string } | undefined, known: { start: string | null; end: string | null }): ProviderState {
  const base = { payment_provider_id: preapproval.id };
  switch (preapproval.status) {
    case 'pending':
      return { ...base, status: 'incomplete', current_period_start: null, current_period_end: null, cancel_at_period_end: false };
    case 'authorized': {
      if (lastCharge && !lastCharge.approved) return { ...base, status: 'past_due', current_period_start: known.start, current_period_end: known.end, cancel_at_period_end: false };
      const end = preapproval.next_payment_date;
      const start = lastCharge?.at ?? known.start ?? preapproval.date_created;
      return { ...base, status: 'active', current_period_start: start, current_period_end: end ?? known.end, cancel_at_period_end: false };
    }
    case 'paused':
      return { ...base, status: 'past_due', current_period_start: known.start, current_period_end: known.end, cancel_at_period_end: false };
    case 'cancelled':
      // Access stays until the end of the month already paid.
      return { ...base, status: 'cancelled', current_period_start: known.start, current_period_end: known.end, cancel_at_period_end: true };
  }
}
