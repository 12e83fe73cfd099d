// The keys that Secrets Manager generates at deploy on AWS (portal/newsletter, portal/analytics), on
// this machine: each made once (random) and kept in the data folder, so a restart keeps them — the
// newsletter's links already e-mailed keep working, and the analytics salt keeps counting the same
// visitors as the same within a day.
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';

export function loadGeneratedKey(dataDir: string, name: 'newsletter-key' | 'analytics-key'): string {
  const file = path.join(dataDir, name);
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('hex');
  writeFileSync(file, key, { mode: 0o600 });
  return key;
}

/** The secrets' JSON, as the newsletter and the analytics contexts read them. */
export const newsletterSecret = (signingKey: string): string => JSON.stringify({ signing_key: signingKey });
export const analyticsSecret = (saltKey: string): string => JSON.stringify({ salt_key: saltKey });
