import { describe, expect, it } from 'vitest';
import { paymentEvents } from '../../lambdas/payments/events';
import { validMercadoPagoSignature } from '../../lambdas/payments/mercadopago';
import { stripeState } from '../../lambdas/payments/stripe';
import { addMonths, isEntitled, subscriptionState } from '../../shared/payments';
import { createHmac } from 'node:crypto';
import type Stripe from 'stripe';

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
