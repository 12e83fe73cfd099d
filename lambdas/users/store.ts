// DynamoDB access for users: profiles, roles, the master marker and subscription state.
// Keys are documented in lambdas/DATA.md.
import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { Profile } from '../../shared/api-types';
import type { Role } from '../../shared/roles';
import { ddb } from '../platform/clients';
import { env } from '../platform/env';

export const userPk = (userId: string) => `USER#${userId}`;
export const PROFILE_SK = 'PROFILE';
export const SUBSCRIPTION_SK = 'SUBSCRIPTION';
export const roleSk = (role: Role) => `ROLE#${role}`;
const MASTER_KEY = { pk: 'SYSTEM', sk: 'MASTER' };

export interface SubscriptionItem {
  status: 'active' | 'cancelled' | 'past_due' | 'incomplete';
  product_id: string;
  payment_provider_id: string;
  current_period_start: string;
  current_period_end: string;
  created_at: string;
}

export interface UserItems {
  profile?: Profile;
  roles: Role[];
  subscription?: SubscriptionItem;
}

const table = () => env('TABLE_NAME');

export function profileItem(profile: Profile) {
  return {
    pk: userPk(profile.id),
    sk: PROFILE_SK,
    entity: 'profile',
    // Lists every profile, newest first, for the admin area.
    gsi1pk: 'PROFILES',
    gsi1sk: `${profile.created_at}#${profile.id}`,
    ...profile,
  };
}

export function roleItem(userId: string, role: Role, assignedBy: string, now: string) {
  return {
    pk: userPk(userId),
    sk: roleSk(role),
    entity: 'role',
    // Lists the users holding a role.
    gsi1pk: `ROLE#${role}`,
    gsi1sk: userPk(userId),
    user_id: userId,
    role,
    assigned_by: assignedBy,
    created_at: now,
  };
}

/** Creates the profile; fails if one already exists for this id. */
export async function insertProfile(profile: Profile): Promise<void> {
  await ddb().send(
    new PutCommand({ TableName: table(), Item: profileItem(profile), ConditionExpression: 'attribute_not_exists(pk)' }),
  );
}

/** Everything about one user in a single Query on its partition. */
export async function loadUser(userId: string): Promise<UserItems> {
  const result = await ddb().send(
    new QueryCommand({ TableName: table(), KeyConditionExpression: 'pk = :pk', ExpressionAttributeValues: { ':pk': userPk(userId) } }),
  );
  const items: UserItems = { roles: [] };
  for (const item of result.Items ?? []) {
    if (item.sk === PROFILE_SK) items.profile = toProfile(item);
    else if (item.sk === SUBSCRIPTION_SK) items.subscription = item as SubscriptionItem;
    else if (typeof item.sk === 'string' && item.sk.startsWith('ROLE#')) items.roles.push(item.role as Role);
  }
  return items;
}

export async function updateProfile(
  userId: string,
  fields: Partial<Pick<Profile, 'full_name' | 'bio' | 'avatar_url' | 'payment_account'>>,
  now: string,
): Promise<Profile> {
  // Only the fields sent are set; the names come from the schema, the values stay in placeholders.
  const sent = Object.entries({ ...fields, updated_at: now }).filter(([, value]) => value !== undefined);
  const result = await ddb().send(
    new UpdateCommand({
      TableName: table(),
      Key: { pk: userPk(userId), sk: PROFILE_SK },
      ConditionExpression: 'attribute_exists(pk)',
      UpdateExpression: `SET ${sent.map(([name]) => `#${name} = :${name}`).join(', ')}`,
      ExpressionAttributeNames: Object.fromEntries(sent.map(([name]) => [`#${name}`, name])),
      ExpressionAttributeValues: Object.fromEntries(sent.map(([name, value]) => [`:${name}`, value])),
      ReturnValues: 'ALL_NEW',
    }),
  );
  return toProfile(result.Attributes ?? {});
}

export async function masterExists(): Promise<boolean> {
  const result = await ddb().send(new GetCommand({ TableName: table(), Key: MASTER_KEY, ConsistentRead: true }));
  return result.Item !== undefined;
}

/**
 * The first master: the marker and the role are written in one transaction whose condition is that
 * no marker exists, so concurrent claims on an empty system make exactly one master.
 */
export async function claimMaster(userId: string, now: string): Promise<void> {
  await ddb().send(
    new TransactWriteCommand({
      TransactItems: [
        {
          Put: {
            TableName: table(),
            Item: { ...MASTER_KEY, entity: 'system', user_id: userId, claimed_at: now },
            ConditionExpression: 'attribute_not_exists(pk)',
          },
        },
        { Put: { TableName: table(), Item: roleItem(userId, 'master', userId, now) } },
      ],
    }),
  );
}

export async function putRole(userId: string, role: Role, assignedBy: string, now: string): Promise<void> {
  await ddb().send(new PutCommand({ TableName: table(), Item: roleItem(userId, role, assignedBy, now) }));
}

export async function putSubscription(userId: string, subscription: SubscriptionItem): Promise<void> {
  await ddb().send(
    new PutCommand({
      TableName: table(),
      Item: { pk: userPk(userId), sk: SUBSCRIPTION_SK, entity: 'subscription', user_id: userId, ...subscription },
    }),
  );
}

function toProfile(item: Record<string, unknown>): Profile {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    id: text(item.id),
    email: text(item.email),
    full_name: text(item.full_name),
    bio: text(item.bio),
    avatar_url: text(item.avatar_url),
    payment_account: text(item.payment_account),
    created_at: text(item.created_at),
    updated_at: text(item.updated_at),
  };
}
