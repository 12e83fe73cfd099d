// The rules for accounts, profiles, roles and the master claim. Plain functions over the store,
// called by the HTTP handler and by the demo seed.
import type { Me, Profile, SubscriptionState } from '../../shared/api-types';
import { firstIssue, profileUpdateSchema, signUpSchema } from '../../shared/auth';
import { MESSAGES } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import { badRequest, conflict, isConditionFailure, notFound } from '../platform/errors';
import { logger } from '../platform/logger';
import { createAccount, deleteAccount } from './identity';
import * as store from './store';

const nowIso = () => new Date().toISOString();

export async function signUp(input: unknown): Promise<{ user_id: string }> {
  const parsed = signUpSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw badRequest(issue.message, issue.field);
  }
  const { email, password, fullName } = parsed.data;
  const userId = await createAccount(email, password, fullName);
  const now = nowIso();
  const profile: Profile = {
    id: userId,
    email,
    full_name: fullName,
    bio: '',
    avatar_url: '',
    payment_account: '',
    created_at: now,
    updated_at: now,
  };
  try {
    await store.insertProfile(profile);
  } catch (error) {
    // Keep Cognito and the table in step: an account without a profile is removed again.
    logger.error('profile insert failed; removing the account', { error, userId });
    await deleteAccount(email);
    throw error;
  }
  return { user_id: userId };
}

export function subscriptionState(subscription: store.SubscriptionItem | undefined, now = new Date()): SubscriptionState {
  const active =
    subscription?.status === 'active' && new Date(subscription.current_period_end).getTime() > now.getTime();
  return {
    subscribed: active,
    product_id: active ? subscription.product_id : null,
    subscription_end: active ? subscription.current_period_end : null,
  };
}

export async function getMe(userId: string): Promise<Me> {
  const items = await store.loadUser(userId);
  if (!items.profile) throw notFound('Perfil não encontrado');
  return {
    profile: items.profile,
    roles: [...items.roles].sort(),
    subscription: subscriptionState(items.subscription),
  };
}

export async function updateProfile(userId: string, input: unknown): Promise<Profile> {
  const parsed = profileUpdateSchema.safeParse(input ?? {});
  if (!parsed.success) {
    const issue = firstIssue(parsed.error);
    throw badRequest(issue.message, issue.field);
  }
  try {
    return await store.updateProfile(userId, parsed.data, nowIso());
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Perfil não encontrado');
    throw error;
  }
}

export async function masterStatus(): Promise<{ exists: boolean }> {
  return { exists: await store.masterExists() };
}

export async function claimMaster(userId: string): Promise<{ roles: Role[] }> {
  try {
    await store.claimMaster(userId, nowIso());
  } catch (error) {
    if (isConditionFailure(error)) throw conflict(MESSAGES.masterExists);
    throw error;
  }
  logger.info('master claimed', { userId });
  const { roles } = await store.loadUser(userId);
  return { roles: [...roles].sort() };
}

/** Role assignment by a master (admin area, later) and by the demo seed. */
export async function assignRole(userId: string, role: Role, assignedBy: string): Promise<void> {
  await store.putRole(userId, role, assignedBy, nowIso());
}
