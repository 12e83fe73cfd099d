// The payment providers' keys of this machine's portal: made once (random, in the shapes the
// providers use) and kept in the data folder, so the sandboxes and the Secrets Manager stand-in agree
// across restarts. On AWS the same JSON is the portal/payments secret, filled in by hand.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export interface PaymentKeys {
  stripeSecretKey: string;
  stripeWebhookSecret: string;
  mercadoPagoAccessToken: string;
  mercadoPagoWebhookSecret: string;
}

export function loadPaymentKeys(dataDir: string): PaymentKeys {
  const file = path.join(dataDir, 'payment-keys.json');
  if (existsSync(file)) return JSON.parse(readFileSync(file, 'utf8')) as PaymentKeys;
  const random = (bytes: number) => randomBytes(bytes).toString('hex');
  const keys: PaymentKeys = {
    stripeSecretKey: `sk_test_${random(24)}`,
    stripeWebhookSecret: `whsec_${random(24)}`,
    mercadoPagoAccessToken: `TEST-${random(8)}-${random(16)}`,
    mercadoPagoWebhookSecret: random(32),
  };
  writeFileSync(file, JSON.stringify(keys, null, 2), { mode: 0o600 });
  return keys;
}

/** The secret's JSON, as the payments context reads it (PaymentSecrets in lambdas/payments/providers.ts). */
export const paymentsSecret = (keys: PaymentKeys): string =>
  JSON.stringify({
    stripe_secret_key: keys.stripeSecretKey,
    stripe_webhook_secret: keys.stripeWebhookSecret,
    mercadopago_access_token: keys.mercadoPagoAccessToken,
    mercadopago_webhook_secret: keys.mercadoPagoWebhookSecret,
  });
