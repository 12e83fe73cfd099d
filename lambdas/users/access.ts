// What a user may read and do: roles and the subscription state, the part of a user other contexts
// ask about on almost every request.
import type { SubscriptionState } from '../../shared/api-types';
import type { Role } from '../../shared/roles';
import { loadUser, type Subscription } from './store';

export function subscriptionState(subscription: Subscription | undefined, now = new Date()): SubscriptionState {
  const active =
    subscription?.status === 'active' && new Date(subscription.current_period_end).getTime() > now.getTime();
  return {
    subscribed: active,
    product_id: active ? subscription.product_id : null,
    subscription_end: active ? subscription.current_period_end : null,
  };
}

export interface ReaderAccess {
  roles: Role[];
  subscribed: boolean;
}

/** A signed-in user's roles and whether their subscription is active, in one Query. */
export async function readerAccess(userId: string): Promise<ReaderAccess> {
  const user = await loadUser(userId);
  return { roles: user.roles, subscribed: subscriptionState(user.subscription).subscribed };
}
