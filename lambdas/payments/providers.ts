// The payment providers' clients, made with the keys the secrets middleware fetched for this
// invocation (lambdas/platform/secrets.ts), and the one way a provider's failure reaches a reader.
import { PAYMENT_MESSAGES } from '../../shared/payments';
import { AppError } from '../platform/errors';
import { logger } from '../platform/observability';
import { secretValue } from '../platform/secrets';
import { mercadoPagoApi } from './mercadopago';
import { stripeClient } from './stripe';

/** The JSON secret with the providers' keys (Secrets Manager; PAYMENTS_SECRET_ID names it). */
export interface PaymentSecrets {
  stripe_secret_key: string;
  stripe_webhook_secret: string;
  mercadopago_access_token: string;
  mercadopago_webhook_secret: string;
}
export const PAYMENTS_SECRET = 'payments';
export const secrets = () => secretValue<PaymentSecrets>(PAYMENTS_SECRET);
export const stripe = () => stripeClient(secrets().stripe_secret_key);
export const mercadoPago = () => mercadoPagoApi(secrets().mercadopago_access_token);

export const DAY_MS = 24 * 3600 * 1000;

/** A provider that fails or times out is not the reader's fault: 502 with a message, never a 500. */
export async function provider<T>(call: () => Promise<T>, message: string = PAYMENT_MESSAGES.providerUnavailable): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof AppError) throw error;
    logger.error('payment provider call failed', { error });
    throw new AppError(502, message);
  }
}
