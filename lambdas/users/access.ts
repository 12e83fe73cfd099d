// What a user may read and do: roles and the subscription state, the part of a user other contexts
// ask about on almost every request.
import { subscriptionState as stateOf } from '../../shared/payments';
import type { SubscriptionState } from '../../shared/api-types';
import type { Role } from '../../shared/roles';
import { loadUser, type SubscriptionAccess } from './store';

/** check-subscription's answer (the rule: shared/payments.ts). */
export function subscriptionState(subscriptions: readonly SubscriptionAccess[], now = new Date()): SubscriptionState {
  const { subscribed, product_id, subscription_end } = stateOf(subscriptions, now);
  return { subscribed, product_id, subscription_end };
}

export interface ReaderAccess {
  roles: Role[];
  subscribed: boolean;
}

/** A signed-in user's roles and whether their subscription is active, in one Query. */
export async function readerAccess(userId: string): Promise<ReaderAccess> {
  const user = await loadUser(userId);
  return { roles: user.roles, subscribed: subscriptionState(user.subscriptions).subscribed };
}

/** The e-mail, name and roles of an account (what a checkout and its e-mails need; who may delete it), or undefined. */
export async function accountOf(userId: string): Promise<{ email: string; full_name: string; roles: Role[] } | undefined> {
  const user = await loadUser(userId);
  return user.profile && { email: user.profile.email, full_name: user.profile.full_name, roles: user.roles };
}
