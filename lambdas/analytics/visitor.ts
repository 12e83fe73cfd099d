// Who a page view is from, without cookies and without keeping anyone's address: a visitor is a
// hash of the day's salt, the network address and the browser; the address's own hash (its source)
// keys the day's allowance of counted beacons, which the client cannot change by sending another
// user-agent. The salt is derived from a secret key and the UTC day, so the same reader has a
// different hash every day and cannot be followed across days (LGPD: privacy by design); the key
// never leaves Secrets Manager and the function's memory.
import { createHash, createHmac } from 'node:crypto';
import { isbot } from 'isbot';
import { addressGroup } from '../platform/address-rate';

/** The UTC day of an instant, as the rollups key it: 2026-11-26. */
export const utcDay = (ms: number): string => new Date(ms).toISOString().slice(0, 10);

/** The day's salt: an HMAC of the day under the secret key (nothing to store, nothing to rotate by hand). */
export const dailySalt = (key: string, day: string): string => createHmac('sha256', key).update(`analytics-salt:${day}`).digest('hex');

const hashOf = (...parts: string[]): string => createHash('sha256').update(parts.join('\n')).digest('base64url').slice(0, 24);

/** The visitor's hash for the day: the address's group and the browser. */
export function visitorHash(key: string, day: string, viewer: { address: string; userAgent: string }): string {
  return hashOf(dailySalt(key, day), addressGroup(viewer.address), viewer.userAgent);
}

/** The hash of the address's group for the day (the source of its beacons), whatever the browser says. */
export const sourceHash = (key: string, day: string, address: string): string => hashOf(dailySalt(key, day), 'source', addressGroup(address));

/** Crawlers, preview fetchers and scripts (isbot's maintained list), and requests with no browser at all. */
export const isBotAgent = (userAgent: string): boolean => userAgent.trim() === '' || isbot(userAgent);
