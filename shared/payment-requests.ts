// The payments routes' request schemas (lambdas/payments/contract.ts), apart from shared/payments.ts
// so the web pages that use the plan's constants do not load zod.
import { z } from 'zod';
import { pageCursor } from './text-fields';
import { PAYMENT_MESSAGES, PAYMENT_METHODS, PREMIUM_PLAN, PREMIUM_PRICE_BRL } from './payments';

/** create-mercadopago-checkout's body (spec 5: priceAmount 50, plan 'Premium') and the method picked on the tab. */
export const mercadoPagoCheckoutSchema = z.object({
  priceAmount: z.literal(PREMIUM_PRICE_BRL, { error: PAYMENT_MESSAGES.wrongPrice }),
  plan: z.literal(PREMIUM_PLAN, { error: PAYMENT_MESSAGES.wrongPlan }),
  method: z.enum(PAYMENT_METHODS, { error: 'Forma de pagamento inválida.' }).default('card'),
});
export type MercadoPagoCheckoutInput = z.input<typeof mercadoPagoCheckoutSchema>;

export const subscriptionListQuerySchema = z.object({ cursor: pageCursor() });

