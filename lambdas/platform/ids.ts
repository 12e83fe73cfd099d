// Identifiers: ones that sort by creation time (keys that list things newest first), and the check
// that a path value is a UUID before it becomes a key (an oversized key would fail as a 500).
import { createHash, randomBytes } from 'node:crypto';

/** A UUID version 7: the creation time (ms) in its first 48 bits, so ids, and keys made of them, sort by time. */
export function timeOrderedId(now: number = Date.now(), random: Buffer = randomBytes(10)): string {
  const bytes = Buffer.alloc(16);
  bytes.writeUIntBE(now, 0, 6);
  random.copy(bytes, 6, 0, 10);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const isUuid = (value: string): boolean => UUID.test(value);

/** A UUID (version nibble 5) derived from a name: the same name in the same namespace is always the same id. */
export function nameBasedId(namespace: string, name: string): string {
  const hex = createHash('sha256').update(`${namespace}:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 3) | 8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}
