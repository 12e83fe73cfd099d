// The rules for accounts, profiles, roles and the master claim. Plain functions over the store,
// called by the HTTP handler and by the demo seed.
import { randomUUID } from 'node:crypto';
import type { Me, Profile } from '../../shared/api-types';
import type { ProfileUpdate, SignUp } from '../../shared/auth';
import { MESSAGES } from '../../shared/messages';
import type { Role } from '../../shared/roles';
import { conflict, isConditionFailure, notFound } from '../platform/errors';
import { logger } from '../platform/logger';
import { subscriptionState } from './access';
import { createAccount, deleteAccount, hasVerifiedTotp } from './identity';
import * as store from './store';

// The subscription rule lives with readerAccess (access.ts); its callers so far import it from here.
export { subscriptionState };

const nowIso = () => new Date().toISOString();

/**
 * POST /api/auth/sign-up, with the body the edge parsed (signUpSchema). An e-mail that already has an
 * account gets the answer a new one gets (an id nobody holds): a stranger must not learn who is
 * registered. Its owner is told by e-mail instead (SignUpWithKnownEmail, at most once a day).
 */
export async function signUp({ email, password, fullName }: SignUp): Promise<{ user_id: string }> {
  const userId = await createAccount(email, password, fullName);
  if (!userId) {
    await store.recordSignUpNotice(email, nowIso());
    return { user_id: randomUUID() };
  }
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

export async function getMe(userId: string): Promise<Me> {
  const items = await store.loadUser(userId);
  if (!items.profile) throw notFound('Perfil não encontrado');
  return {
    profile: items.profile,
    roles: [...items.roles].sort(),
    subscription: subscriptionState(items.subscriptions),
    mfa_enabled: items.mfa,
  };
}

/**
 * POST /api/me/mfa: the web app asks after the reader set up (or changed) their authenticator app;
 * the API asks Cognito itself and records the answer where the edge's one read of the caller finds it.
 */
export async function refreshMfa(userId: string): Promise<{ mfa_enabled: boolean }> {
  const enabled = await hasVerifiedTotp(userId);
  try {
    await store.setMfaEnabled(userId, enabled, nowIso());
  } catch (error) {
    if (isConditionFailure(error)) throw notFound('Perfil não encontrado');
    throw error;
  }
  logger.info('mfa checked', { userId, enabled });
  return { mfa_enabled: enabled };
}

/** PUT /api/me/profile, with the body the edge parsed (profileUpdateSchema: only what was sent). */
export async function updateProfile(userId: string, changes: ProfileUpdate): Promise<Profile> {
  try {
    return await store.updateProfile(userId, changes, nowIso());
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
  await store.putRole({ user_id: userId, role, assigned_by: assignedBy, created_at: nowIso() });
}
