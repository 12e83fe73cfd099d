// What a user may read and do: roles and the subscription state, the part of a user other contexts
// ask about on almost every request.
import { subscriptionState as stateOf } from '../../shared/payments';
import type { SubscriptionState } from '../../shared/api-types';
import type { Role } from '../../shared/roles';
import { closeProfile, loadUser, type SubscriptionAccess, type UserRecord } from './store';

/** check-subscription's answer (the rule: shared/payments.ts). */
export function subscriptionState(subscriptions: readonly SubscriptionAccess[], now = new Date()): SubscriptionState {
  const { subscribed, product_id, subscription_end } = stateOf(subscriptions, now);
  return { subscribed, product_id, subscription_end };
}

export interface ReaderAccess {
  /** The roles that count: a staff member's only once their account has a verified TOTP. */
  roles: Role[];
  subscribed: boolean;
  /** Holds staff roles but has no verified TOTP yet: staff routes answer MFA_REQUIRED until it is set up. */
  mfaMissing: boolean;
}

/** Staff roles open the newsroom's tools only behind two-step verification; a reader has none to hold back. */
function access(user: UserRecord): ReaderAccess {
  const mfaMissing = user.roles.length > 0 && !user.mfa;
  return { roles: mfaMissing ? [] : user.roles, subscribed: subscriptionState(user.subscriptions).subscribed, mfaMissing };
}

/** A signed-in user's roles and whether their subscription is active, in one Query. */
export async function readerAccess(userId: string): Promise<ReaderAccess> {
  return access(await loadUser(userId));
}

/** The e-mail, name and roles of an account (what a checkout and its e-mails need; who may delete it), or undefined. */
export async function accountOf(userId: string): Promise<{ email: string; full_name: string; roles: Role[] } | undefined> {
  const user = await loadUser(userId);
  return user.profile && { email: user.profile.email, full_name: user.profile.full_name, roles: user.roles };
}

/**
 * The caller of an HTTP request, as the edge checks it (one Query): undefined when the account is gone
 * or its deletion has begun, so a token that outlives its account can write nothing about the person.
 */
export async function callerOf(userId: string): Promise<ReaderAccess | undefined> {
  const user = await loadUser(userId);
  if (!user.profile || user.closed) return undefined;
  return access(user);
}

/** Closes an account whose deletion was just requested: from now on the edge treats its tokens as nobody's. */
export const closeAccount = (userId: string, now: Date): Promise<void> => closeProfile(userId, now.toISOString());
