// What a provider says of a subscription, in the spec's terms, and how it lands on ours. The worker
// always reads the provider's current state, so a late, repeated or reordered notification carries
// no state of its own: the newest read wins (synced_at), and nothing else can move a subscription.
import type { SubscriptionStatus } from '../../shared/payments';

export interface ProviderState {
  status: SubscriptionStatus;
  payment_provider_id: string;
  current_period_start: string | null;
  current_period_end: string | null;
  cancel_at_period_end: boolean;
}
