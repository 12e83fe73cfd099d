// What the users context holds about a person (their profile and roles) for Meus dados, and the
// deletion of their account: the Cognito user first, so nobody signs in while the items go.
import { getItem, query, type Key } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';
import type { PersonalData, Subject } from '../privacy/public';
import { deleteAccount } from './identity';
import { profileEntity, roleEntity, signUpNotice } from './store';

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** This context's own items in the user's partition (the other sort keys there belong to other contexts). */
async function ownItems(userId: string) {
  const [profile, roles] = await Promise.all([
    getItem(profileEntity.key(userId), true),
    query({ partition: profileEntity.key(userId).pk, sortPrefix: 'ROLE#' }),
  ]);
  return { profile, roles: roles.filter(roleEntity.isItem) };
}

async function collect(subject: Subject): Promise<Record<string, unknown>> {
  const { profile, roles } = await ownItems(subject.user_id);
  return {
    profile: profile ? profileEntity.fromItem(profile) : null,
    roles: roles.map((item) => ({ role: text(item.role), assigned_by: text(item.assigned_by), created_at: text(item.created_at) })),
  };
}

/** True when the Cognito user was deleted, false when it was already gone (a second run). */
async function deleteCognitoUser(email: string): Promise<boolean> {
  try {
    await deleteAccount(email);
    return true;
  } catch (error) {
    if ((error as { name?: string }).name === 'UserNotFoundException') return false;
    throw error;
  }
}

async function erase(subject: Subject): Promise<Record<string, number>> {
  const cognitoUser = await deleteCognitoUser(subject.email);
  const { profile, roles } = await ownItems(subject.user_id);
  const keys: Key[] = [...(profile ? [profile] : []), ...roles].map((item) => ({ pk: String(item.pk), sk: String(item.sk) }));
  // A sign-up notice lives two days (its TTL): any of the last three days' goes too.
  const notices = [0, 1, 2].map((back) => signUpNotice.key(subject.email, new Date(Date.now() - back * 86_400_000).toISOString().slice(0, 10)));
  await batchDelete([...keys, ...notices]);
  return { cognito_user: cognitoUser ? 1 : 0, profile: profile ? 1 : 0, roles: roles.length };
}

export const personalData: PersonalData = { context: 'users', collect, erase };
