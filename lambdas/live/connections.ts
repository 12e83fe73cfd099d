// WebSocket connections and what they follow, in the table: one item per connection (its user) and
// one per channel it joined, in the connection's partition (so a disconnect removes them in one
// Query) and indexed by channel (gsi1, so a fan-out finds its connections in one Query). Every item
// expires with the connection (API Gateway closes a WebSocket after two hours at most). Keys are
// charted in lambdas/DATA.md.
import { PutCommand, DeleteCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from '../platform/clients';
import { countItems, getItem, queryAll, tableName, type Item, type Key } from '../platform/dynamo';
import { batchDelete } from '../platform/dynamo-batch';

/** API Gateway's longest connection, plus a margin: after this the items are stale whatever TTL says. */
export const CONNECTION_TTL_SECONDS = 2 * 3600 + 300;

export interface Member {
  connection_id: string;
  user_id: string;
}

const connectionPk = (connectionId: string) => `CONN#${connectionId}`;

export const connectionEntity = {
  key: (connectionId: string): Key => ({ pk: connectionPk(connectionId), sk: 'CONN' }),
  toItem: (connectionId: string, userId: string, connectedAt: Date): Item => ({
    ...connectionEntity.key(connectionId),
    entity: 'live_connection',
    connection_id: connectionId,
    user_id: userId,
    connected_at: connectedAt.toISOString(),
    expires_at: expiry(connectedAt),
  }),
};

export const membershipEntity = {
  key: (connectionId: string, channel: string): Key => ({ pk: connectionPk(connectionId), sk: `CHANNEL#${channel}` }),
  channelPartition: (channel: string) => `CHANNEL#${channel}`,
  toItem: (member: Member, channel: string, connectedAt: Date): Item => ({
    ...membershipEntity.key(member.connection_id, channel),
    entity: 'live_membership',
    ...member,
    channel,
    gsi1pk: membershipEntity.channelPartition(channel),
    gsi1sk: member.connection_id,
    expires_at: expiry(connectedAt),
  }),
};

function expiry(connectedAt: Date): number {
  return Math.floor(connectedAt.getTime() / 1000) + CONNECTION_TTL_SECONDS;
}

const put = (Item: Item) => ddb().send(new PutCommand({ TableName: tableName(), Item }));

/** Records a connection of a verified user, joined to that user's own channel. */
export async function openConnection(connectionId: string, userId: string, userChannel: string, connectedAt: Date): Promise<void> {
  await Promise.all([
    put(connectionEntity.toItem(connectionId, userId, connectedAt)),
    put(membershipEntity.toItem({ connection_id: connectionId, user_id: userId }, userChannel, connectedAt)),
  ]);
}

/** The connection's user and when it opened; undefined when it is unknown or expired. */
export async function connectionOf(connectionId: string): Promise<{ userId: string; connectedAt: Date } | undefined> {
  const item = await getItem(connectionEntity.key(connectionId), true);
  if (!item || Number(item.expires_at) * 1000 < Date.now()) return undefined;
  return { userId: String(item.user_id), connectedAt: new Date(String(item.connected_at)) };
}

export async function joinChannel(member: Member, channel: string, connectedAt: Date): Promise<void> {
  await put(membershipEntity.toItem(member, channel, connectedAt));
}

export async function leaveChannel(connectionId: string, channel: string): Promise<void> {
  await ddb().send(new DeleteCommand({ TableName: tableName(), Key: membershipEntity.key(connectionId, channel) }));
}

/** How many channels the connection follows (its own user channel included). */
export function channelCount(connectionId: string): Promise<number> {
  return countItems({ partition: connectionPk(connectionId), sortPrefix: 'CHANNEL#' });
}

/** Forgets a connection and every channel it joined. */
export async function closeConnection(connectionId: string): Promise<void> {
  const items = await queryAll({ partition: connectionPk(connectionId), fields: ['pk', 'sk'] });
  await batchDelete(items.map((item) => ({ pk: String(item.pk), sk: String(item.sk) })));
}

/** The live connections that joined a channel (expired ones left out: TTL deletes lag). */
export async function membersOf(channel: string, now = Date.now()): Promise<Member[]> {
  const items = await queryAll({ index: 'gsi1', partition: membershipEntity.channelPartition(channel), fields: ['connection_id', 'user_id', 'expires_at'] });
  return items
    .filter((item) => Number(item.expires_at) * 1000 > now)
    .map((item) => ({ connection_id: String(item.connection_id), user_id: String(item.user_id) }));
}
