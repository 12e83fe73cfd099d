// A public write's limit per network address and clock hour (sign-ups, applications), and per person
// where there is one (the e-mail, the CPF): one counter item per (key, hour), keyed by a hash (no
// address nor e-mail stored in clear), gone by TTL an hour after its window.
import { createHash } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { ddb } from './clients';
import { conditionalWrite, tableName } from './dynamo';

const HOUR = 3600;

/**
 * The part of an address one subscriber holds, what per-address caps key on: an IPv4 address whole,
 * an IPv6 address's /64 (a home or a phone gets a whole /64 and picks addresses in it at will, so the
 * full address would be a new reader per request). IPv4 written as IPv6 (::ffff:1.2.3.4) is the IPv4 address.
 */
export function addressGroup(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  const groups = tail === undefined ? headParts : [...headParts, ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

/** The counter's key: the hash of what is counted (an address, an e-mail) and the clock hour. */
export const hourlyKey = (prefix: string, address: string, now = Date.now()) => ({
  pk: `${prefix}#${createHash('sha256').update(address).digest('base64url').slice(0, 24)}`,
  sk: String(Math.floor(now / 1000 / HOUR)),
});

/** Counts one request from this address in the current hour under `prefix` (`NLRATE`, …); false once `limit` were counted. */
export async function countHourly(prefix: string, address: string, limit: number, now = Date.now()): Promise<boolean> {
  const hour = Math.floor(now / 1000 / HOUR);
  return conditionalWrite(() =>
    ddb().send(
      new UpdateCommand({
        TableName: tableName(),
        Key: hourlyKey(prefix, address, now),
        UpdateExpression: 'ADD hits :one SET expires_at = :expires',
        ConditionExpression: 'attribute_not_exists(hits) OR hits < :limit',
        ExpressionAttributeValues: { ':one': 1, ':limit': limit, ':expires': (hour + 2) * HOUR },
      }),
    ),
  );
}
