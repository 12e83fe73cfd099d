// The analytics salt key on this machine: made once (random) and kept in the data folder, so a
// restart within a day keeps counting the same visitors as the same. On AWS the portal/analytics
// secret generates it at deploy.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadAnalyticsKey(dataDir: string): string {
  const file = path.join(dataDir, 'analytics-key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The secret's JSON, as the analytics context reads it. */
export const analyticsSecret = (saltKey: string): string => JSON.stringify({ salt_key: saltKey });
