import { describe, expect, it } from 'vitest';
import { applicationLinkItem, rejectedExpiry } from '../../lambdas/applications/items';
import { stripeCustomerKey, subscriptionItem, type SubscriptionRecord } from '../../lambdas/payments/items';
import { retentionEnd, unlinkedRecord } from '../../lambdas/payments/privacy';
import { appliedPaymentItem } from '../../lambdas/payments/store';
import { RETENTION } from '../../shared/privacy';

const now = new Date('2026-11-22T12:00:00Z');
const fiveYearsOn = Date.parse('2031-11-22T12:00:00Z') / 1000;

const record: SubscriptionRecord = {
  id: 'sub-1',
  user_id: 'user-1',
  status: 'active',
  provider: 'mercadopago',
  method: 'card',
  product_id: 'premium',
  payment_provider_id: 'pre-1',
  current_period_start: '2026-11-01T00:00:00.000Z',
  current_period_end: '2026-12-01T00:00:00.000Z',
  cancel_at_period_end: false,
  created_at: '2026-10-01T00:00:00.000Z',
  updated_at: '2026-11-01T00:00:00.000Z',
  email: 'leitora@example.com',
  full_name: 'Leitora Exemplo',
  customer_id: 'cus_1',
  checkout_id: 'chk-1',
  synced_at: '2026-11-01T00:00:00.000Z',
  last_charge_at: null,
  pending_payment: null,
};

describe('a deleted account’s payment records', () => {
  it('keep the term of the tax law, in calendar years and epoch seconds', () => {
    expect(RETENTION.paymentRecordYears).toBe(5);
    expect(retentionEnd(now)).toBe(fiveYearsOn);
  });

  it('move a subscription to PAYRECORD#<id> without the payer, cancelled, still listed for masters', () => {
    const moved = unlinkedRecord(subscriptionItem(record), now);
    expect(moved).toMatchObject({
      pk: 'PAYRECORD#sub-1',
      sk: 'SUBSCRIPTION#sub-1',
      entity: 'subscription',
      status: 'cancelled',
      cancel_at_period_end: true,
      gsi1pk: 'SUBSCRIPTIONS',
      gsi1sk: '2026-10-01T00:00:00.000Z#sub-1',
      gsi2pk: 'SUBSCRIPTIONS#cancelled',
      gsi2sk: '2026-10-01T00:00:00.000Z#sub-1',
      payment_provider_id: 'pre-1',
      current_period_end: '2026-12-01T00:00:00.000Z',
      updated_at: now.toISOString(),
      expires_at: fiveYearsOn,
    });
    for (const field of ['user_id', 'email', 'full_name', 'customer_id']) expect(moved).not.toHaveProperty(field);
    expect(JSON.stringify(moved)).not.toMatch(/user-1|leitora|Leitora|cus_1/);
  });

  it('move an applied payment beside its subscription, same sk, without the payer', () => {
    const moved = unlinkedRecord({ ...appliedPaymentItem('user-1', '123', 'sub-1', '2026-11-01T00:00:00.000Z'), refunded_at: '2026-11-02T00:00:00.000Z' }, now);
    expect(moved).toEqual({
      pk: 'PAYRECORD#sub-1',
      sk: 'PAYMENT#mercadopago#123',
      entity: 'applied_payment',
      subscription_id: 'sub-1',
      payment_id: '123',
      applied_at: '2026-11-01T00:00:00.000Z',
      refunded_at: '2026-11-02T00:00:00.000Z',
      expires_at: fiveYearsOn,
    });
  });

  it('leave no key of the user’s partition', () => {
    expect(String(unlinkedRecord(subscriptionItem(record), now).pk)).not.toMatch(/^USER#/);
    expect(stripeCustomerKey('user-1').pk).toBe('USER#user-1');
  });
});

describe('an application’s link and a rejection’s expiry', () => {
  it('links the e-mail’s partition to the application, expiring only when given', () => {
    const link = applicationLinkItem({ id: 'app-1', email: 'autora@example.com' });
    expect(link).toMatchObject({ sk: 'APPLICATION#app-1', entity: 'application_link', application_id: 'app-1' });
    expect(String(link.pk)).toMatch(/^APPLICANT#EMAIL#/);
    expect(String(link.pk)).not.toContain('autora');
    expect(link).not.toHaveProperty('expires_at');
    expect(applicationLinkItem({ id: 'app-1', email: 'autora@example.com' }, 42).expires_at).toBe(42);
  });

  it('expires a rejected application RETENTION.rejectedApplicationDays after its decision', () => {
    expect(rejectedExpiry('2026-11-22T12:00:00.000Z')).toBe(Date.parse('2026-11-22T12:00:00Z') / 1000 + RETENTION.rejectedApplicationDays * 86400);
  });
});
