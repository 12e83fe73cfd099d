// Who a page view is from, without cookies and without keeping anyone's address: a visitor is a
// hash of the day's salt, the network address and the browser; the address's own hash (its source)
// keys the day's allowance of counted beacons, which the client cannot change by sending another
// user-agent. The salt is derived from a secret key and the UTC day, so the same reader has a
// different hash every day and cannot be followed across days (LGPD: privacy by design); the key
// never leaves Secrets Manager and the function's memory.
import { createHash, createHmac } from 'node:crypto';
import { isIPv6 } from 'node:net';
import { isbot } from 'isbot';

/** The UTC day of an instant, as the rollups key it: 2026-11-26. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day's salt: an HMAC of the day under the secret key (nothing to store, nothing to rotate by hand). */
export const dailySalt = (key: string, day: string): string => createHmac('sha256', key).update(`analytics-salt:${day}`).digest('hex');

/**
 * The part of an address one subscriber holds: an IPv4 address whole, an IPv6 address's /64 (a
 * home or phone gets a whole /64 and picks addresses in it at will, so the full address would be
 * a new reader per request). IPv4 written as IPv6 (::ffff:1.2.3.4) is the IPv4 address.
 */
export function addressGroup(address: string): string {
  const bare = address.trim().toLowerCase().replace(/%.*$/, '');
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(bare);
  if (mapped) return mapped[1]!;
  if (!isIPv6(bare)) return bare;
  const [head = '', tail] = bare.split('::');
  const headParts = head ? head.split(':') : [];
  const tailParts = tail ? tail.split(':') : [];
  // An embedded IPv4 tail (::1.2.3.4) is two groups; only the first four matter here.
  const groups = tail === undefined ? headParts : [...headParts, ...Array<string>(Math.max(0, 8 - headParts.length - tailParts.length)).fill('0'), ...tailParts];
  return `${groups.slice(0, 4).map((group) => group.replace(/^0+(?=.)/, '')).join(':')}::/64`;
}

const hashOf = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);

/** The visitor's hash for the day: the address's group and the browser. */
export function visitorHash(key: string, day: string, viewer: { address: string; userAgent: string }): string {
  return hashOf(dailySalt(key, day), addressGroup(viewer.address), viewer.userAgent);
}

/** The hash of the address's group for the day (the source of its beacons), whatever the browser says. */
export const sourceHash = (key: string, day: string, address: string): string => hashOf(dailySalt(key, day), 'source', addressGroup(address));

/** Crawlers, preview fetchers and scripts (isbot's maintained list), and requests with no browser at all. */
export const isBotAgent = (userAgent: string): boolean => userAgent.trim() === '' || isbot(userAgent);
