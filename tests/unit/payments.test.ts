import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../../lambdas/payments/events';
import { pendingPaymentOf, validMercadoPagoSignature } from '../../lambdas/payments/mercadopago';
import { stripeState } from '../../lambdas/payments/stripe';
import { addMonths, isEntitled, payable, shownSubscription, subscriptionState, type PendingPayment } from '../../shared/payments';
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';
import { pendingPaymentTexts } from '../../web/src/features/payments/components/PendingPaymentCard';
import { statusLabel } from '../../web/src/features/payments/lib/subscription';

const now = new Date('2026-11-22T12:00:00Z');
const sub = (status: 'active' | 'cancelled' | 'past_due' | 'incomplete', end: string | null) => ({ status, current_period_end: end });

describe('entitlement', () => {
  it.each([
    ['an active period', sub('active', '2026-12-01T00:00:00Z'), true],
    ['a cancelled one until its paid period ends', sub('cancelled', '2026-12-01T00:00:00Z'), true],
    ['no period left', sub('active', '2026-11-21T00:00:00Z'), false],
    ['a cancelled one after its end', sub('cancelled', '2026-11-22T11:59:59Z'), false],
    ['a failed renewal, whatever the period', sub('past_due', '2026-12-01T00:00:00Z'), false],
    ['an unfinished checkout', sub('incomplete', null), false],
  ])('%s', (_, subscription, entitled) => expect(isEntitled(subscription, now)).toBe(entitled));

  it('answers check-subscription with the subscription ending last', () => {
    expect(subscriptionState([], now)).toEqual({ subscribed: false, product_id: null, subscription_end: null, entitling: null });
    const later = sub('cancelled', '2027-01-10T00:00:00Z');
    expect(subscriptionState([sub('active', '2026-12-01T00:00:00Z'), later, sub('past_due', '2027-03-01T00:00:00Z')], now)).toEqual({
      subscribed: true,
      product_id: 'premium',
      subscription_end: '2027-01-10T00:00:00Z',
      entitling: later,
    });
  });

  it('counts months as providers bill them', () => {
    expect(addMonths(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe('2026-02-28T10:00:00.000Z');
    expect(addMonths(new Date('2026-12-15T10:00:00Z')).toISOString()).toBe('2027-01-15T10:00:00.000Z');
    expect(addMonths(new Date('2026-03-31T10:00:00Z'), -1).toISOString()).toBe('2026-02-28T10:00:00.000Z');
  });
});

describe("Stripe's states on ours", () => {
  const stripe = (fields: Partial<Stripe.Subscription>) =>
    ({
      id: 'sub_1',
      status: 'active',
      cancel_at_period_end: false,
      canceled_at: null,
      ended_at: null,
      items: { data: [{ current_period_start: 1_795_000_000, current_period_end: 1_797_600_000 }] },
      ...fields,
    }) as unknown as Stripe.Subscription;
  it.each([
    ['active', {}, 'active'],
    ['trialing', { status: 'trialing' }, 'active'],
    ['set to cancel at the period end', { cancel_at_period_end: true }, 'cancelled'],
    ['past due', { status: 'past_due' }, 'past_due'],
    ['unpaid', { status: 'unpaid' }, 'past_due'],
    ['canceled', { status: 'canceled', ended_at: 1_765_000_000 }, 'cancelled'],
    ['incomplete', { status: 'incomplete' }, 'incomplete'],
  ] as const)('%s', (_, fields, status) => expect(stripeState(stripe(fields as Partial<Stripe.Subscription>), now).status).toBe(status));

  it('ends access when Stripe ended it, or now when its clock is ahead of ours', () => {
    expect(stripeState(stripe({ status: 'canceled', ended_at: 1_795_300_000 }), now).current_period_end).toBe(new Date(1_795_300_000 * 1000).toISOString());
    expect(stripeState(stripe({ status: 'canceled', ended_at: 1_900_000_000 }), now).current_period_end).toBe(now.toISOString());
  });
});

describe("Mercado Pago's signature", () => {
  const secret = 'segredo';
  const sign = (manifest: string) => createHmac('sha256', secret).update(manifest).digest('hex');
  const signedAt = 1704908010;
  const at = (seconds: number) => (signedAt + seconds) * 1000;
  it('checks the manifest of data.id (lowercased), the request id and ts', () => {
    const v1 = sign('id:abc123;request-id:req-1;ts:1704908010;');
    const now = at(0);
    expect(validMercadoPagoSignature({ signature: `ts=1704908010,v1=${v1}`, requestId: 'req-1', dataId: 'ABC123', secret, now })).toBe(true);
    expect(validMercadoPagoSignature({ signature: `ts=1704908011,v1=${v1}`, requestId: 'req-1', dataId: 'ABC123', secret, now })).toBe(false);
    expect(validMercadoPagoSignature({ signature: `ts=1704908010,v1=${v1}`, requestId: 'req-2', dataId: 'ABC123', secret, now })).toBe(false);
    expect(validMercadoPagoSignature({ signature: `ts=1704908010,v1=zz`, requestId: 'req-1', dataId: 'ABC123', secret, now })).toBe(false);
    expect(validMercadoPagoSignature({ signature: undefined, requestId: 'req-1', dataId: 'ABC123', secret, now })).toBe(false);
  });

  it('expires 5 minutes after ts, either way, and wants the request id that names the notification', () => {
    const v1 = sign('id:123;request-id:req-1;ts:1704908010;');
    const check = (now: number, requestId?: string) => validMercadoPagoSignature({ signature: `ts=1704908010,v1=${v1}`, requestId, dataId: '123', secret, now });
    expect(check(at(300), 'req-1')).toBe(true);
    expect(check(at(-300), 'req-1')).toBe(true);
    expect(check(at(301), 'req-1')).toBe(false);
    expect(check(at(-301), 'req-1')).toBe(false);
    expect(check(at(30 * 24 * 3600), 'req-1')).toBe(false);
    // Without x-request-id the manifest leaves it out; such a notification cannot be named, so it is refused.
    const bare = sign('id:123;ts:1704908010;');
    expect(validMercadoPagoSignature({ signature: `ts=1704908010,v1=${bare}`, dataId: '123', secret, now: at(0) })).toBe(false);
    // A ts in milliseconds is read as such.
    const inMs = sign('id:123;request-id:req-1;ts:1704908010000;');
    expect(validMercadoPagoSignature({ signature: `ts=1704908010000,v1=${inMs}`, requestId: 'req-1', dataId: '123', secret, now: at(60) })).toBe(true);
    expect(validMercadoPagoSignature({ signature: `ts=1704908010000,v1=${inMs}`, requestId: 'req-1', dataId: '123', secret, now: at(600) })).toBe(false);
  });
});

describe('payments events', () => {
  const item = { entity: 'subscription', id: 's1', user_id: 'u1', email: 'a@b.c', full_name: 'Ana', provider: 'stripe', method: 'card', updated_at: '2026-11-22T12:00:00.000Z' };
  const change = (before: string, after: string, end = '2026-12-22T12:00:00.000Z') => ({
    eventName: 'MODIFY' as const,
    oldImage: { ...item, status: before, current_period_end: end },
    newImage: { ...item, status: after, current_period_end: end },
  });
  it('names each status change once, and nothing for a change within a status', () => {
    expect(paymentEvents(change('incomplete', 'active')).map((event) => event.name)).toEqual(['SubscriptionActivated']);
    expect(paymentEvents(change('active', 'past_due')).map((event) => event.name)).toEqual(['SubscriptionPaymentFailed']);
    expect(paymentEvents(change('active', 'cancelled'))[0]).toMatchObject({ name: 'SubscriptionCancelled', detail: { ended: false } });
    expect(paymentEvents(change('active', 'cancelled', '2026-11-22T12:00:00.000Z'))[0]).toMatchObject({ detail: { ended: true } });
    expect(paymentEvents(change('active', 'active'))).toEqual([]);
  });
});

describe('PIX and boleto waiting to be paid', () => {
  const base = { id: 123, status: 'pending' as const, external_reference: 'u1:s1', date_created: '2026-11-22T09:00:00.000-03:00', date_approved: null, transaction_amount: 50 };
  // Mercado Pago's own field names: point_of_interaction.transaction_data for PIX, transaction_details for boleto.
  const pix = {
    ...base,
    payment_type_id: 'bank_transfer',
    payment_method_id: 'pix',
    date_of_expiration: '2026-11-23T09:00:00.000-03:00',
    point_of_interaction: { transaction_data: { qr_code: '00020126…6304ABCD', qr_code_base64: 'iVBORw0KGgo=', ticket_url: 'https://mp.example/payments/123/ticket' } },
  };
  const boleto = {
    ...base,
    payment_type_id: 'ticket',
    payment_method_id: 'bolbradesco',
    date_of_expiration: '2026-11-25T22:59:59.000-04:00',
    transaction_details: { external_resource_url: 'https://mp.example/boleto/123', barcode: { content: '23791000' }, digitable_line: '23793.38128 00000.000000 00000.000000 1 00000000005000' },
  };

  it("reads what to pay from the provider's payment", () => {
    expect(pendingPaymentOf(pix)).toEqual({
      payment_id: '123',
      method: 'pix',
      amount: 50,
      expires_at: '2026-11-23T12:00:00.000Z',
      url: 'https://mp.example/payments/123/ticket',
      code: '00020126…6304ABCD',
      qr_base64: 'iVBORw0KGgo=',
    });
    expect(pendingPaymentOf(boleto)).toMatchObject({ method: 'boleto', url: 'https://mp.example/boleto/123', code: boleto.transaction_details.digitable_line, expires_at: '2026-11-26T02:59:59.000Z' });
    // Without a digitable line, the barcode's digits.
    expect(pendingPaymentOf({ ...boleto, transaction_details: { ...boleto.transaction_details, digitable_line: undefined } })?.code).toBe('23791000');
    expect(pendingPaymentOf({ ...pix, status: 'approved' })).toBeNull();
    expect(pendingPaymentOf({ ...base, payment_type_id: 'credit_card', payment_method_id: 'master' })).toBeNull();
  });

  const record = (status: 'active' | 'incomplete' | 'cancelled', pending: PendingPayment | null, end: string | null = null) => ({ status, current_period_end: end, pending_payment: pending });
  const issued = pendingPaymentOf(boleto)!;

  it('shows a boleto or PIX still payable, never an abandoned checkout', () => {
    const abandoned = record('incomplete', null);
    expect(shownSubscription([abandoned], now)).toBeNull();
    const ended = record('cancelled', null, '2026-10-01T00:00:00Z');
    expect(shownSubscription([ended, abandoned], now)).toBe(ended);
    const waiting = record('incomplete', issued);
    expect(shownSubscription([ended, waiting], now)).toBe(waiting);
    // Past its date, a boleto is no way to pay.
    expect(shownSubscription([waiting], new Date('2026-11-27T00:00:00Z'))).toBeNull();
    expect(payable(issued, new Date('2026-11-27T00:00:00Z'))).toBeNull();
    expect(payable(issued, now)).toBe(issued);
  });

  it('names a new payment to make once, for its e-mail, without the QR image', () => {
    const item = { entity: 'subscription', id: 's1', user_id: 'u1', email: 'a@b.c', full_name: 'Ana', provider: 'mercadopago', method: 'pix', status: 'incomplete' };
    const pending = pendingPaymentOf(pix)!;
    const [event, ...others] = paymentEvents({ eventName: 'MODIFY', oldImage: { ...item, pending_payment: null }, newImage: { ...item, pending_payment: pending } });
    expect(others).toEqual([]);
    expect(event).toMatchObject({ name: 'SubscriptionPaymentPending', detail: { payment_id: '123', method: 'pix', code: pending.code, url: pending.url, expires_at: pending.expires_at } });
    expect(JSON.stringify(event)).not.toContain('qr_base64');
    expect(paymentEvents({ eventName: 'MODIFY', oldImage: { ...item, pending_payment: pending }, newImage: { ...item, pending_payment: pending } })).toEqual([]);
  });
});

describe('what the reader reads about a payment to make', () => {
  const boleto: PendingPayment = { payment_id: '9', method: 'boleto', amount: 50, expires_at: '2026-11-26T02:59:59.000Z', url: 'https://mp.example/b', code: '2379', qr_base64: null };
  it("says 'Aguardando pagamento', not 'Incompleta', while a boleto or PIX waits", () => {
    expect(statusLabel({ status: 'incomplete', pending_payment: boleto })).toBe('Aguardando pagamento');
    expect(statusLabel({ status: 'incomplete', pending_payment: null })).toBe('Incompleta');
    expect(statusLabel({ status: 'active', pending_payment: boleto })).toBe('Ativa');
  });
  it('names the amount, the due date in Brasília and the copy button', () => {
    expect(pendingPaymentTexts(boleto)).toMatchObject({ title: 'Boleto de R$\u00a050,00', due: 'Vence em 25 nov. 2026, 23h59', copy: 'Copiar linha digitável', open: 'Abrir o boleto' });
    expect(pendingPaymentTexts({ ...boleto, method: 'pix' })).toMatchObject({ title: 'PIX de R$\u00a050,00', copy: 'Copiar código PIX', codeLabel: 'PIX copia e cola' });
  });
});
