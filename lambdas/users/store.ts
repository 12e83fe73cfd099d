// DynamoDB access for users: profiles, roles, subscriptions and the master marker. Each entity knows
// its key and how it becomes an item and back; the functions take and return domain values.
// Keys are documented in lambdas/DATA.md.
import { createHash } from 'node:crypto';
import { PutCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { foldAccents } from '../../shared/article-rules';
import type { Profile } from '../../shared/api-types';
import type { Role } from '../../shared/roles';
import type { Entitling } from '../../shared/payments';
import { ddb } from '../platform/clients';
import { conditionalWrite, getItem, query, tableName, type Item, type Key } from '../platform/dynamo';
import type { BatchPart } from '../platform/dynamo-batch';
import { auditPut } from '../audit/public';

const userPk = (userId: string) => `USER#${userId}`;
const text = (value: unknown) => (typeof value === 'string' ? value : '');

export const profileEntity = {
  key: (userId: string): Key => ({ pk: userPk(userId), sk: 'PROFILE' }),
  toItem: (profile: Profile): Item => ({
    ...profileEntity.key(profile.id),
    entity: 'profile',
    // Lists every profile, newest first, for the admin area.
    gsi1pk: 'PROFILES',
    gsi1sk: `${profile.created_at}#${profile.id}`,
    // What the admin search matches (lowercase, without accents).
    search_text: foldAccents(profile.full_name),
    search_email: foldAccents(profile.email),
    ...profile,
  }),
  fromItem: (item: Item): Profile => ({
    id: text(item.id),
    email: text(item.email),
    full_name: text(item.full_name),
    bio: text(item.bio),
    avatar_url: text(item.avatar_url),
    payment_account: text(item.payment_account),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
  }),
};

export interface RoleGrant {
  user_id: string;
  role: Role;
  assigned_by: string;
  created_at: string;
}

export const roleEntity = {
  key: (userId: string, role: Role): Key => ({ pk: userPk(userId), sk: `ROLE#${role}` }),
  isItem: (item: Item) => typeof item.sk === 'string' && item.sk.startsWith('ROLE#'),
  toItem: (grant: RoleGrant): Item => ({
    ...roleEntity.key(grant.user_id, grant.role),
    entity: 'role',
    // Lists the users holding a role.
    gsi1pk: `ROLE#${grant.role}`,
    gsi1sk: userPk(grant.user_id),
    ...grant,
  }),
  fromItem: (item: Item): Role => item.role as Role,
};

/**
 * What access needs of a subscription: the payments context owns the item (USER#<id> /
 * SUBSCRIPTION#<subscriptionId>, lambdas/payments/items.ts); it lives in the user's partition so the
 * Query below reads it with the roles.
 */
export type SubscriptionAccess = Entitling;
const SUBSCRIPTION_PREFIX = 'SUBSCRIPTION#';

/** Exists once the first master has claimed. */
const masterMarker = {
  key: { pk: 'SYSTEM', sk: 'MASTER' } satisfies Key,
  toItem: (userId: string, claimedAt: string): Item => ({ ...masterMarker.key, entity: 'system', user_id: userId, claimed_at: claimedAt }),
};

export interface UserRecord {
  profile?: Profile;
  /** The account's deletion has begun (closeProfile): its token may no longer write anything. */
  closed: boolean;
  /** A verified TOTP authenticator, as the API last read it from Cognito (setMfaEnabled); never from the browser. */
  mfa: boolean;
  roles: Role[];
  subscriptions: SubscriptionAccess[];
}

/** Creates the profile; fails if one already exists for this id. */
export async function insertProfile(profile: Profile): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: tableName(), Item: profileEntity.toItem(profile), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Marks the profile of an account whose deletion has begun (the users erase worker removes it with the profile). */
export async function closeProfile(userId: string, at: string): Promise<void> {
  await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: profileEntity.key(userId),
      UpdateExpression: 'SET closed_at = :at',
      ConditionExpression: 'attribute_exists(pk)',
      ExpressionAttributeValues: { ':at': at },
    }),
  );
}

/** The profile's record of what Cognito says of the user's TOTP, where the edge's one Query finds it. */
export const mfaUpdate = (userId: string, enabled: boolean, at: string) => ({
  TableName: tableName(),
  Key: profileEntity.key(userId),
  UpdateExpression: 'SET mfa_enabled = :enabled, mfa_checked_at = :at',
  ConditionExpression: 'attribute_exists(pk)',
  ExpressionAttributeValues: { ':enabled': enabled, ':at': at },
});

export async function setMfaEnabled(userId: string, enabled: boolean, at: string): Promise<void> {
  await ddb().send(new UpdateCommand(mfaUpdate(userId, enabled, at)));
}

/** Everything about one user in a single Query on its partition. */
export async function loadUser(userId: string): Promise<UserRecord> {
  const user: UserRecord = { closed: false, mfa: false, roles: [], subscriptions: [] };
  for (const item of await query({ partition: userPk(userId) })) {
    if (item.sk === profileEntity.key(userId).sk) {
      user.profile = profileEntity.fromItem(item);
      user.closed = typeof item.closed_at === 'string';
      user.mfa = item.mfa_enabled === true;
    }
    else if (String(item.sk).startsWith(SUBSCRIPTION_PREFIX)) {
      user.subscriptions.push({ status: item.status as SubscriptionAccess['status'], current_period_end: text(item.current_period_end) || null });
    }
    else if (roleEntity.isItem(item)) user.roles.push(roleEntity.fromItem(item));
  }
  return user;
}

export interface AuthorProfile {
  full_name: string;
  avatar_url: string;
}

/** The profiles shown beside articles, as one part of a shared BatchGet; a profile that is gone is absent. */
export function authorProfiles(userIds: string[]): BatchPart<Map<string, AuthorProfile>> {
  return {
    keys: userIds.map((userId) => profileEntity.key(userId)),
    fields: ['full_name', 'avatar_url'],
    read: (found) =>
      new Map(
        userIds.flatMap((userId) => {
          const item = found(profileEntity.key(userId));
          return item ? [[userId, { full_name: text(item.full_name), avatar_url: text(item.avatar_url) }] as const] : [];
        }),
      ),
  };
}

/** Staff members' names and e-mails (the assignee picker tells homonyms apart by e-mail), as one BatchGet part. */
export function staffProfiles(userIds: string[]): BatchPart<Map<string, { full_name: string; email: string }>> {
  return {
    keys: userIds.map((userId) => profileEntity.key(userId)),
    fields: ['full_name', 'email'],
    read: (found) =>
      new Map(
        userIds.flatMap((userId) => {
          const item = found(profileEntity.key(userId));
          return item ? [[userId, { full_name: text(item.full_name), email: text(item.email) }] as const] : [];
        }),
      ),
  };
}

export async function updateProfile(
  userId: string,
  fields: Partial<Pick<Profile, 'full_name' | 'bio' | 'avatar_url' | 'payment_account'>>,
  now: string,
): Promise<Profile> {
  // Only the fields sent are set; the names come from the schema, the values stay in placeholders.
  const search = fields.full_name === undefined ? {} : { search_text: foldAccents(fields.full_name) };
  const sent = Object.entries({ ...fields, ...search, updated_at: now }).filter(([, value]) => value !== undefined);
  const result = await ddb().send(
    new UpdateCommand({
      TableName: tableName(),
      Key: profileEntity.key(userId),
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: `SET ${sent.map(([name]) => `#${name} = :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(sent.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(sent.map(([name, value]) => [`:${name}`, value])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return profileEntity.fromItem(result.Attributes ?? {});
}

export async function masterExists(): Promise<boolean> {
  return (await getItem(masterMarker.key, true)) !== undefined;
}

/**
 * The first master: the marker and the role are written in one transaction whose condition is that
 * no marker exists, so concurrent claims on an empty system make exactly one master.
 */
export async function claimMaster(userId: string, now: string): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        { Put: { TableName: tableName(), Item: masterMarker.toItem(userId, now), ConditionExpression: 'attribute_not_exists(pk)' } },
        { Put: { TableName: tableName(), Item: roleEntity.toItem({ user_id: userId, role: 'master', assigned_by: userId, created_at: now }) } },
        auditPut({ event_type: 'ROLE_CHANGE', action: 'claim_master', user_id: userId, target_type: 'user', target_id: userId, details: { role: 'master' } }, Date.parse(now)),
      ],
    }),
  );
}

export async function putRole(grant: RoleGrant): Promise<void> {
  await ddb().send(new PutCommand({ TableName: tableName(), Item: roleEntity.toItem(grant) }));
}

/**
 * A sign-up with an e-mail that already has an account: its owner is told by e-mail (the insert emits
 * SignUpWithKnownEmail), once a day per address whatever the number of tries, so the portal cannot be
 * made to flood someone's inbox. The item goes two days later (the TTL).
 */
export const signUpNotice = {
  key: (email: string, day: string): Key => ({ pk: `SIGNUPNOTICE#${createHash('sha256').update(email).digest('base64url')}`, sk: day }),
  toItem: (email: string, now: string): Item => {
    const key = signUpNotice.key(email, now.slice(0, 10));
    return { ...key, entity: 'signup_notice', email, notice_id: `${key.pk}#${key.sk}`, expires_at: Math.floor(Date.parse(now) / 1000) + 2 * 24 * 3600 };
  },
};

/** Records today's notice for the address; a second try the same day changes nothing. */
export const recordSignUpNotice = (email: string, now: string): Promise<boolean> =>
  conditionalWrite(() => ddb().send(new PutCommand({ TableName: tableName(), Item: signUpNotice.toItem(email, now), ConditionExpression: 'attribute_not_exists(pk)' })));
