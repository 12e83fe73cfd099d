// How the pages read a subscription: its badge colour, the line about its period and whether a
// PIX or boleto month is due for renewal.
import { RENEWAL_NOTICE_DAYS, STATUS_LABELS, type SubscriptionStatus, type SubscriptionView } from '../../../../../shared/payments';
import { formatDate } from '../../../lib/format';

export const STATUS_COLORS: Record<SubscriptionStatus, string> = {
  incomplete: 'gray',
  active: 'teal',
  past_due: 'orange',
  cancelled: 'red',
};

const DAY_MS = 24 * 3600_000;

/** 'Renova em …' (a card that recurs), 'Termina em …' (cancelled: access until the end), else 'Válida até …'; past tense once over. */
export function periodText(subscription: SubscriptionView, now = Date.now()): string | null {
  const end = formatDate(subscription.current_period_end);
  if (!end || !subscription.current_period_end) return null;
  const over = Date.parse(subscription.current_period_end) <= now;
  if (subscription.cancel_at_period_end || subscription.status === 'cancelled') return over ? `Terminou em ${end}` : `Termina em ${end}`;
  if (subscription.method === 'card' && subscription.status === 'active') return `Renova em ${end}`;
  return over ? `Venceu em ${end}` : `Válida até ${end}`;
}

/** A PIX or boleto month ends within the renewal notice (or has ended unpaid): time to pay the next one. */
export function renewalDue(subscription: SubscriptionView | null | undefined, now = Date.now()): boolean {
  if (!subscription || subscription.method === 'card') return false;
  if (subscription.cancel_at_period_end || subscription.status === 'cancelled' || subscription.status === 'incomplete') return false;
  const end = subscription.current_period_end ? Date.parse(subscription.current_period_end) : Number.NaN;
  return Number.isFinite(end) && end - now <= RENEWAL_NOTICE_DAYS * DAY_MS;
}

/** The badge: a checkout waiting for its boleto or PIX says so, not 'Incompleta'. */
export function statusLabel(subscription: Pick<SubscriptionView, 'status' | 'pending_payment'>): string {
  if (subscription.status === 'incomplete' && subscription.pending_payment) return 'Aguardando pagamento';
  return STATUS_LABELS[subscription.status];
}
